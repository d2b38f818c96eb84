import { AgentReportApi } from '@lottery/contract/agent-report';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEnvelope } from '../../../shared/api/call';

/**
 * POST users/userManage: raise a direct downline's rebate (not above the own, not below its
 * current), with the types set apart (按彩种设置, "1:6.0,8:3.0") under the same rules per type. Resolves with the server's message (修改成功); refusals are shown by the shared rules.
 */
export async function raiseRebate(input: { userId: number; rebate: string; typeRebates?: string }) {
  const envelope = await callEnvelope(AgentReportApi.userManage, {
    userId: input.userId,
    rebate: input.rebate,
    ...(input.typeRebates ? { typeRebates: input.typeRebates } : {}),
  });
  return { result: envelope.data!, msg: envelope.msg };
}

export const useRaiseRebate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: raiseRebate,
    onSettled: () => client.invalidateQueries({ predicate: (q) => q.queryKey.includes('members') }),
  });
};
