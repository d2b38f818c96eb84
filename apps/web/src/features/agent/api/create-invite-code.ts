import { AgentApi } from '@lottery/contract/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEnvelope } from '../../../shared/api/call';
import type { CodeType } from '../model/invite-link';

export interface CreateInviteCodeInput {
  codeType: CodeType;
  rebate: string;
  /** Per-type rebates, "1:6.0,8:3.0" (model/type-rebates); '' or absent: none. */
  typeRebates?: string;
}

/**
 * POST users/createInviteCode. Resolves with the code and the server's message (创建成功); a
 * refusal (返点不能高于您自己的返点, 邀请码数量已达上限…) is shown by the shared response rules.
 */
export async function createInviteCode(input: CreateInviteCodeInput) {
  const envelope = await callEnvelope(AgentApi.createInviteCode, {
    codeType: input.codeType,
    rebate: input.rebate,
    ...(input.typeRebates ? { typeRebates: input.typeRebates } : {}),
  });
  return { code: envelope.data!, msg: envelope.msg };
}

export const useCreateInviteCode = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInviteCode,
    onSettled: () => client.invalidateQueries({ predicate: (q) => q.queryKey.includes('inviteCodes') }),
  });
};
