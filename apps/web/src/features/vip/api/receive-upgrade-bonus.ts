import { ActivityApi } from '@lottery/contract/activity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceKey } from '../../../shared/api/balance';
import { call } from '../../../shared/api/call';

/** POST activity/receiveUpGradeBonus: pays every reached grade's unpaid bonus, each once. */
export const receiveUpGradeBonus = () => call(ActivityApi.receiveUpGradeBonus);

export const useReceiveUpGradeBonus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: receiveUpGradeBonus,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['vip'] }),
        client.invalidateQueries({ queryKey: balanceKey }),
      ]);
    },
  });
};
