import { Code } from '@lottery/contract/codes';
import {
  GameApi,
  type GameBetResult,
  type gameBetData,
  type gameBetInfoData,
  type gameDescriptionData,
  type gameListFrontData,
  type gameTokenData,
} from '@lottery/contract/games';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, requestEnvelope } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/envelope';

export type GameList = z.infer<typeof gameListFrontData>;
export type GameDescription = z.infer<typeof gameDescriptionData>;
export type GameBetData = z.infer<typeof gameBetData>;
export type GameBetInfo = z.infer<typeof gameBetInfoData>;
export type GameToken = z.infer<typeof gameTokenData>;
export type RecordPeriod = 'today' | 'yesterday' | 'sevenDays';

/** game/gameListFront: the six games, open state and current round (no login). */
export const gameListQuery = () =>
  queryOptions({
    queryKey: ['games', 'list'],
    queryFn: ({ signal }) => request<GameList>(GameApi.gameListFront.path, { signal }),
  });
export const useGameList = () => useQuery(gameListQuery());

/** game/gameDescription: areas, pays, limits, timing and rules of one game. */
export const useGameDescription = (gameCode: string) =>
  useQuery({
    queryKey: ['games', 'description', gameCode],
    queryFn: ({ signal }) =>
      request<GameDescription>(GameApi.gameDescription.path, { query: { gameCode }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** game/getGameToken: single use, 60 s; fetched anew for every socket connection. */
export const getGameToken = (gameCode: string) =>
  request<GameToken>(GameApi.getGameToken.path, { query: { gameCode } });

/**
 * game/bet. The server's refusal comes back as an Error with its message untouched, so the table
 * shows it as it is (docs/games.md refusal table).
 */
export async function placeGameBet(input: {
  gameCode: string;
  roundId: string;
  area: string;
  amount: string;
  idempotencyKey: string;
}): Promise<GameBetResult> {
  const envelope = await requestEnvelope<GameBetResult>(GameApi.bet.path, {
    method: 'POST',
    form: input,
    // Every refusal comes back to the table, which shows the server's message as it is.
    silent: true,
  });
  if (envelope.code !== Code.OK || !envelope.data)
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  return envelope.data;
}

/** virtualWallet/myBalance, the spendable balance shown on the table. */
export const gameBalanceQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'balance'],
    queryFn: ({ signal }) => request<{ balance: string }>('virtualWallet/myBalance', { signal }),
  });

const PAGE_SIZE = 20;

/** game/getGameBetData: own bets of a period, 20 a page, with the period's totals. */
export const useGameBets = (period: RecordPeriod) =>
  useInfiniteQuery({
    queryKey: ['games', 'bets', period],
    initialPageParam: 1,
    queryFn: ({ signal, pageParam }) =>
      request<GameBetData>(GameApi.getGameBetData.path, {
        query: { period, pageNum: pageParam, pageSize: PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });

export const useGameBetInfo = (betId: string) =>
  useQuery({
    queryKey: ['games', 'bet', betId],
    queryFn: ({ signal }) => request<GameBetInfo>(GameApi.getGameBetInfo.path, { query: { betId }, signal }),
  });
