import { AgentApi } from '@lottery/contract/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEnvelope } from '../../../shared/api/call';
import { passwordDigest } from '../../../shared/lib/password';
import type { CodeType } from '../model/invite-link';

export interface ChildOpeningInput {
  userName: string;
  password: string;
  /** 0 player, 1 agent. */
  type: CodeType;
  rebate: string;
  /** Per-type rebates, "1:6.0,8:3.0" (model/type-rebates); '' or absent: none. */
  typeRebates?: string;
}

/**
 * POST users/childOpening. The password travels as registration sends it: the digest of the
 * child's lower-cased name and password (shared/lib/password, the one users/register uses).
 */
export async function openChild(input: ChildOpeningInput) {
  const password = await passwordDigest(input.userName, input.password);
  const envelope = await callEnvelope(AgentApi.childOpening, {
    userName: input.userName,
    password,
    type: input.type,
    rebate: input.rebate,
    ...(input.typeRebates ? { typeRebates: input.typeRebates } : {}),
  });
  return { child: envelope.data!, msg: envelope.msg };
}

export const useOpenChild = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: openChild,
    onSuccess: () => client.invalidateQueries({ queryKey: ['agent'] }),
  });
};
