import { AgentApi } from '@lottery/contract/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEnvelope } from '../../../shared/api/call';

/** POST users/deleteInviteCode: the code stops registering; its registrations stay. */
export async function deleteInviteCode(id: number): Promise<string> {
  const envelope = await callEnvelope(AgentApi.deleteInviteCode, { id });
  return envelope.msg;
}

export const useDeleteInviteCode = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteInviteCode,
    onSettled: () => client.invalidateQueries({ predicate: (q) => q.queryKey.includes('inviteCodes') }),
  });
};
