import { ActivityApi } from '@lottery/contract/activity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceKey } from '../../../shared/api/balance';
import { call } from '../../../shared/api/call';

/** POST activity/signToday: once per Beijing day; refusals (今日已签到…) are shown by the client. */
export const signToday = () => call(ActivityApi.signToday);

export const useSignToday = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signToday,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['vip'] }),
        client.invalidateQueries({ queryKey: balanceKey }),
      ]);
    },
  });
};
