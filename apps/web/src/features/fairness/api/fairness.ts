import { DrawApi } from '@lottery/contract/draw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** fairness/chain?lotteryCode=: the day's published chain head. Errors (-2) come back to the page. */
export const getFairnessChain = (lotteryCode: string, signal?: AbortSignal, date?: string) =>
  call(DrawApi.fairnessChain, { lotteryCode, date }, { signal, passCodes: [-2] });

export const fairnessChainQuery = (lotteryCode: string) =>
  queryOptions({
    queryKey: ['fairness', 'chain', lotteryCode],
    queryFn: ({ signal }) => getFairnessChain(lotteryCode, signal),
    retry: false,
  });

export const useFairnessChain = (lotteryCode: string) => useQuery(fairnessChainQuery(lotteryCode));

/** fairness/issue?lotteryCode=&issue=: the revealed secret, previous secret and head of one draw. */
export const getFairnessIssue = (lotteryCode: string, issue: string) =>
  call(DrawApi.fairnessIssue, { lotteryCode, issue }, { passCodes: [-2] });

/** The latest results, to pick an issue to verify. */
export const recentResultsQuery = (lotteryCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'openResult', lotteryCode],
    queryFn: ({ signal }) => call(DrawApi.openResult, { lotteryCode, dataNum: 10 }, { signal }),
  });

export const useRecentResults = (lotteryCode: string) => useQuery(recentResultsQuery(lotteryCode));
