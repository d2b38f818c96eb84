import { ActivityCentreApi as Api } from '@lottery/contract/activity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceKey } from '../../../shared/api/balance';
import { call } from '../../../shared/api/call';
import { isRecordId } from '../../../shared/lib/record-id';

/**
 * The activity centre's calls (docs/activities.md). Refusals (活动未开始, 您已领取过该奖励, 红包已抢光…)
 * are shown by the API client as the server words them.
 */

export const useActivityList = () =>
  useQuery({
    queryKey: ['activity', 'list'],
    queryFn: ({ signal }) => call(Api.getActivityList, undefined, { signal }),
  });

export const useActivityContent = (activityId: number, loggedIn: boolean) =>
  useQuery({
    queryKey: ['activity', 'content', activityId, loggedIn],
    queryFn: ({ signal }) => call(Api.getActivityContent, { activityId }, { signal }),
    enabled: isRecordId(activityId),
  });

export const useRewardRates = (activityId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['activity', 'rates', activityId],
    queryFn: ({ signal }) => call(Api.getRewardRate, { activityId }, { signal }),
    enabled,
  });

/** After a payment: the balance, the activity and the envelope lists change. */
function useAfterPayment() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['activity'] }),
      client.invalidateQueries({ queryKey: balanceKey }),
    ]);
}

export const useReceiveActivity = () => {
  const settle = useAfterPayment();
  return useMutation({
    mutationFn: (activityId: number) => call(Api.receiveActivity, { activityId }),
    onSettled: settle,
  });
};

/** How many envelopes the player can grab now (the 红包活动 tab's badge); 0 for a visitor. */
export const useEnvelopeCount = (loggedIn: boolean) =>
  useQuery({
    queryKey: ['activity', 'envelopeCount', loggedIn],
    queryFn: ({ signal }) => call(Api.getActivityRedEnvelopeNumber, undefined, { signal }),
    enabled: loggedIn,
    refetchInterval: 60_000,
  });

export const useEnvelopeList = (loggedIn: boolean, activityId?: number) =>
  useQuery({
    queryKey: ['activity', 'envelopes', loggedIn, activityId ?? 0],
    queryFn: ({ signal }) =>
      call(Api.getActivityRedEnvelopeFrontList, activityId === undefined ? {} : { activityId }, { signal }),
    enabled: activityId === undefined || isRecordId(activityId),
  });

export const useReceiveEnvelope = () => {
  const settle = useAfterPayment();
  return useMutation({
    mutationFn: (activityId: number) => call(Api.receiveRedEnvelope, { activityId }),
    onSettled: settle,
  });
};
