import { GameApi, type GameCodeName } from '@lottery/contract/games';
import { WalletApi } from '@lottery/contract/wallet';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type CallInput, call } from '../../../shared/api/call';

export type RecordPeriod = 'today' | 'yesterday' | 'sevenDays';

/** game/gameListFront: the six games, open state and current round (no login). */
export const gameListQuery = () =>
  queryOptions({
    queryKey: ['games', 'list'],
    queryFn: ({ signal }) => call(GameApi.gameListFront, undefined, { signal }),
  });
export const useGameList = () => useQuery(gameListQuery());

/** game/gameDescription: areas, pays, limits, timing and rules of one game. */
export const useGameDescription = (gameCode: GameCodeName) =>
  useQuery({
    queryKey: ['games', 'description', gameCode],
    queryFn: ({ signal }) => call(GameApi.gameDescription, { gameCode }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** game/getGameToken: single use, 60 s; fetched anew for every socket connection. */
export const getGameToken = (gameCode: GameCodeName) => call(GameApi.getGameToken, { gameCode });

/**
 * game/bet. Silent: the server's refusal comes back as an ApiError with its message untouched, and
 * the table shows it as it is (docs/games.md refusal table).
 */
export const placeGameBet = (input: CallInput<typeof GameApi.bet>) =>
  call(GameApi.bet, input, { silent: true });

/**
 * virtualWallet/myBalance, the spendable balance shown on the table, under the table's own key (the
 * shared balance key holds balance/queryBalanceFront's answer).
 */
export const gameBalanceQuery = () =>
  queryOptions({
    queryKey: ['games', 'balance'],
    queryFn: ({ signal }) => call(WalletApi.myBalance, undefined, { signal }),
  });

const PAGE_SIZE = 20;

/** game/getGameBetData: own bets of a period, 20 a page, with the period's totals. */
export const useGameBets = (period: RecordPeriod) =>
  useInfiniteQuery({
    queryKey: ['games', 'bets', period],
    initialPageParam: 1,
    queryFn: ({ signal, pageParam }) =>
      call(GameApi.getGameBetData, { period, pageNum: pageParam, pageSize: PAGE_SIZE }, { signal }),
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });

export const useGameBetInfo = (betId: string) =>
  useQuery({
    queryKey: ['games', 'bet', betId],
    queryFn: ({ signal }) => call(GameApi.getGameBetInfo, { betId }, { signal }),
  });
