import { ActivityApi, type ReceiveUpGradeBonusData } from '@lottery/contract/activity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** POST activity/receiveUpGradeBonus: pays every reached grade's unpaid bonus, each once. */
export const receiveUpGradeBonus = () =>
  request<ReceiveUpGradeBonusData>(ActivityApi.receiveUpGradeBonus.path, { method: 'POST', form: {} });

export const useReceiveUpGradeBonus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: receiveUpGradeBonus,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['vip'] }),
        client.invalidateQueries({ queryKey: ['wallet', 'balance'] }),
      ]);
    },
  });
};
