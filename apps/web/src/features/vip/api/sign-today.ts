import { ActivityApi, type SignTodayData } from '@lottery/contract/activity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** POST activity/signToday: once per Beijing day; refusals (今日已签到…) are shown by the client. */
export const signToday = () =>
  request<SignTodayData>(ActivityApi.signToday.path, { method: 'POST', form: {} });

export const useSignToday = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signToday,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['vip'] }),
        client.invalidateQueries({ queryKey: ['wallet', 'balance'] }),
      ]);
    },
  });
};
