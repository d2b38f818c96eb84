import { Code } from '@lottery/contract/codes';
import type { FairnessChain, FairnessIssue, ResultEntry } from '@lottery/contract/draw';
import { DrawPaths } from '@lottery/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, requestEnvelope } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/envelope';

/** fairness/chain?lotteryCode=: the day's published chain head. Errors come back to the page. */
export async function getFairnessChain(
  lotteryCode: string,
  signal?: AbortSignal,
  date?: string,
): Promise<FairnessChain> {
  const envelope = await requestEnvelope<FairnessChain>(DrawPaths.fairnessChain, {
    query: { lotteryCode, date },
    signal,
    passCodes: [-2],
  });
  if (envelope.code !== Code.OK || !envelope.data)
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  return envelope.data;
}

export const fairnessChainQuery = (lotteryCode: string) =>
  queryOptions({
    queryKey: ['fairness', 'chain', lotteryCode],
    queryFn: ({ signal }) => getFairnessChain(lotteryCode, signal),
    retry: false,
  });

export const useFairnessChain = (lotteryCode: string) => useQuery(fairnessChainQuery(lotteryCode));

/** fairness/issue?lotteryCode=&issue=: the revealed secret, previous secret and head of one draw. */
export async function getFairnessIssue(lotteryCode: string, issue: string): Promise<FairnessIssue> {
  const envelope = await requestEnvelope<FairnessIssue>(DrawPaths.fairnessIssue, {
    query: { lotteryCode, issue },
    passCodes: [-2],
  });
  if (envelope.code !== Code.OK || !envelope.data)
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  return envelope.data;
}

/** The latest results, to pick an issue to verify. */
export const recentResultsQuery = (lotteryCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'openResult', lotteryCode],
    queryFn: ({ signal }) =>
      request<ResultEntry[]>(DrawPaths.openResult, { query: { lotteryCode, dataNum: 10 }, signal }),
  });

export const useRecentResults = (lotteryCode: string) => useQuery(recentResultsQuery(lotteryCode));
