import { AgentApi } from '@lottery/contract/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '../../../shared/api/client';

/** POST users/deleteInviteCode: the code stops registering; its registrations stay. */
export async function deleteInviteCode(id: number): Promise<string> {
  const envelope = await requestEnvelope(AgentApi.deleteInviteCode.path, { method: 'POST', form: { id } });
  return envelope.msg;
}

export const useDeleteInviteCode = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteInviteCode,
    onSettled: () => client.invalidateQueries({ predicate: (q) => q.queryKey.includes('inviteCodes') }),
  });
};
