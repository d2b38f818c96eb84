import {
  ConsolePlayersApi,
  type PLAYER_SEARCH_KEYS,
  type PlayerRecordKind,
  type PlayerRecordRows,
  type PlayerStatus,
} from '@lottery/contract/console/players';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { consoleCall, consoleHref } from '../../api/call';

/**
 * The players desk's calls (packages/contract/src/console/players.ts): the search and a player's
 * record lists as keyset pages (加载更多), the player's page, notes and risk signals, and the CSV
 * links with the same filter. Every key starts with ['console', 'players'], so a change on a
 * player refreshes everything the desk shows of them with one invalidation.
 */

export type SearchKey = (typeof PLAYER_SEARCH_KEYS)[number];
export interface SearchFilter {
  by: SearchKey;
  q: string;
}
export type PlayerStatusValue = z.infer<typeof PlayerStatus>;

export const PLAYERS_PAGE_SIZE = 50;

/** Every query of the desk: a change on a player refreshes their page and any search listing them. */
export const playersKey = ['console', 'players'] as const;
/** Every query of one player (detail, notes, risk, records): what a change on them refreshes. */
export const playerKey = (userId: number) => [...playersKey, 'player', userId] as const;

/** Players matching one search, newest account first (`cursor` = the last user id seen). */
export const playerSearchQuery = (filter: SearchFilter) =>
  infiniteQueryOptions({
    queryKey: [...playersKey, 'search', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      consoleCall(
        ConsolePlayersApi.search,
        { ...filter, cursor: pageParam, limit: PLAYERS_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** Every match of the search as CSV (streamed by the server; the browser downloads it). */
export const playerSearchExportHref = (filter: SearchFilter) =>
  consoleHref(ConsolePlayersApi.searchExport, filter);

export const playerDetailQuery = (userId: number) =>
  queryOptions({
    queryKey: [...playerKey(userId), 'detail'] as const,
    queryFn: ({ signal }) => consoleCall(ConsolePlayersApi.detail, { userId }, { signal }),
  });

export const playerNotesQuery = (userId: number) =>
  queryOptions({
    queryKey: [...playerKey(userId), 'notes'] as const,
    queryFn: ({ signal }) => consoleCall(ConsolePlayersApi.notes, { userId }, { signal }),
  });

export const playerRiskQuery = (userId: number) =>
  queryOptions({
    queryKey: [...playerKey(userId), 'risk'] as const,
    queryFn: ({ signal }) => consoleCall(ConsolePlayersApi.risk, { userId }, { signal }),
  });

/** One kind of a player's records, newest first (`cursor` = `<createdAt>.<id>` of the last row). */
export const playerRecordsQuery = <K extends PlayerRecordKind>(userId: number, kind: K) =>
  infiniteQueryOptions({
    queryKey: [...playerKey(userId), 'records', kind] as const,
    queryFn: async ({ pageParam, signal }) => {
      // the seven lists share one request; only their rows differ
      const endpoint = ConsolePlayersApi[kind] as typeof ConsolePlayersApi.ledger;
      const page = await consoleCall(
        endpoint,
        { userId, cursor: pageParam, limit: PLAYERS_PAGE_SIZE },
        { signal },
      );
      return page as unknown as { items: PlayerRecordRows[K][]; nextCursor: string | null };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** Every record of one kind as CSV. */
export const playerRecordsExportHref = (userId: number, kind: PlayerRecordKind) =>
  consoleHref(ConsolePlayersApi.exportCsv, { userId, kind });

/**
 * The changes on a player (player.status), each with a required reason and one audit row. `status`
 * actions set the account's status; the others leave it as it is.
 */
export const PLAYER_ACTIONS = {
  disable: { label: '停用', danger: true, status: 'disabled' },
  freeze: { label: '冻结', danger: true, status: 'frozen' },
  activate: { label: '恢复正常', danger: false, status: 'active' },
  unlock: { label: '解锁', danger: false, status: undefined },
  endSessions: { label: '踢下线', danger: true, status: undefined },
} as const satisfies Record<
  string,
  { label: string; danger: boolean; status: PlayerStatusValue | undefined }
>;
export type PlayerAction = keyof typeof PLAYER_ACTIONS;

export function runPlayerAction(userId: number, action: PlayerAction, reason: string) {
  const { status } = PLAYER_ACTIONS[action];
  if (status) return consoleCall(ConsolePlayersApi.setStatus, { userId, status, reason });
  if (action === 'unlock') return consoleCall(ConsolePlayersApi.unlock, { userId, reason });
  return consoleCall(ConsolePlayersApi.endSessions, { userId, reason });
}

export function addPlayerNote(userId: number, body: string) {
  return consoleCall(ConsolePlayersApi.addNote, { userId, body });
}
