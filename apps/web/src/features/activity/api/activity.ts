import type {
  ActivityContent,
  ActivityEnvelopeList,
  ActivityList,
  ReceiveActivityData,
  ReceiveEnvelopeData,
  RewardRates,
} from '@lottery/contract/activity';
import { ActivityCentrePaths as P } from '@lottery/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { isRecordId } from '../../../shared/lib/record-id';

/**
 * The activity centre's calls (docs/activities.md). Refusals (活动未开始, 您已领取过该奖励, 红包已抢光…)
 * are shown by the API client as the server words them.
 */

export const useActivityList = () =>
  useQuery({
    queryKey: ['activity', 'list'],
    queryFn: ({ signal }) => request<ActivityList>(P.getActivityList, { signal }),
  });

export const useActivityContent = (activityId: number, loggedIn: boolean) =>
  useQuery({
    queryKey: ['activity', 'content', activityId, loggedIn],
    queryFn: ({ signal }) =>
      request<ActivityContent>(P.getActivityContent, { query: { activityId }, signal }),
    enabled: isRecordId(activityId),
  });

export const useRewardRates = (activityId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['activity', 'rates', activityId],
    queryFn: ({ signal }) => request<RewardRates>(P.getRewardRate, { query: { activityId }, signal }),
    enabled,
  });

/** After a payment: the balance, the activity and the envelope lists change. */
function useAfterPayment() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['activity'] }),
      client.invalidateQueries({ queryKey: ['wallet', 'balance'] }),
    ]);
}

export const useReceiveActivity = () => {
  const settle = useAfterPayment();
  return useMutation({
    mutationFn: (activityId: number) =>
      request<ReceiveActivityData>(P.receiveActivity, { method: 'POST', form: { activityId } }),
    onSettled: settle,
  });
};

/** How many envelopes the player can grab now (the 红包活动 tab's badge); 0 for a visitor. */
export const useEnvelopeCount = (loggedIn: boolean) =>
  useQuery({
    queryKey: ['activity', 'envelopeCount', loggedIn],
    queryFn: ({ signal }) => request<number>(P.getActivityRedEnvelopeNumber, { signal }),
    enabled: loggedIn,
    refetchInterval: 60_000,
  });

export const useEnvelopeList = (loggedIn: boolean, activityId?: number) =>
  useQuery({
    queryKey: ['activity', 'envelopes', loggedIn, activityId ?? 0],
    queryFn: ({ signal }) =>
      request<ActivityEnvelopeList>(P.getActivityRedEnvelopeFrontList, {
        query: activityId === undefined ? {} : { activityId },
        signal,
      }),
    enabled: activityId === undefined || isRecordId(activityId),
  });

export const useReceiveEnvelope = () => {
  const settle = useAfterPayment();
  return useMutation({
    mutationFn: (activityId: number) =>
      request<ReceiveEnvelopeData>(P.receiveRedEnvelope, { method: 'POST', form: { activityId } }),
    onSettled: settle,
  });
};
