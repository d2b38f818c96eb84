import {
  ConsoleFinanceApi,
  type DepositListRequest,
  type WithdrawListRequest,
} from '@lottery/contract/console/finance';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { consoleCall, consoleHref } from '../../api/call';

/**
 * The finance desk's reads (ConsoleFinanceApi): one query factory per call. Every key starts with
 * FINANCE_KEY, so a decision (confirm, approve, adjust …) refreshes the whole desk at once: a
 * confirmed deposit leaves the pending list, shows in the search and in the day's totals.
 */
export const FINANCE_KEY = ['console', 'finance'] as const;
export const FINANCE_PAGE_SIZE = 50;

export type DepositFilter = Omit<z.input<typeof DepositListRequest>, 'cursor' | 'limit'>;
export type WithdrawFilter = Omit<z.input<typeof WithdrawListRequest>, 'cursor' | 'limit'>;

/** Bank-transfer and digital-currency orders waiting for the desk, oldest first. */
export const pendingDepositsQuery = queryOptions({
  queryKey: [...FINANCE_KEY, 'deposits', 'pending'] as const,
  queryFn: ({ signal }) => consoleCall(ConsoleFinanceApi.depositPending, undefined, { signal }),
});

/** Every order the filter matches, newest first, one keyset page after another. */
export const depositListQuery = (filter: DepositFilter) =>
  infiniteQueryOptions({
    queryKey: [...FINANCE_KEY, 'deposits', 'list', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      consoleCall(
        ConsoleFinanceApi.depositList,
        { ...filter, cursor: pageParam, limit: FINANCE_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The CSV of every order the filter matches (streamed by the server; the browser downloads it). */
export const depositExportHref = (filter: DepositFilter) =>
  consoleHref(ConsoleFinanceApi.depositExport, filter);

/** One order with the URLs of its proof images (served to signed-in staff only). */
export const depositDetailQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'deposits', 'detail', orderNo] as const,
    queryFn: ({ signal }) => consoleCall(ConsoleFinanceApi.depositDetail, { orderNo }, { signal }),
  });

/** Pending withdrawals, oldest first, each with its first approval when it has one. */
export const withdrawQueueQuery = queryOptions({
  queryKey: [...FINANCE_KEY, 'withdrawals', 'queue'] as const,
  queryFn: ({ signal }) => consoleCall(ConsoleFinanceApi.withdrawQueue, undefined, { signal }),
});

export const withdrawListQuery = (filter: WithdrawFilter) =>
  infiniteQueryOptions({
    queryKey: [...FINANCE_KEY, 'withdrawals', 'list', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      consoleCall(
        ConsoleFinanceApi.withdrawList,
        { ...filter, cursor: pageParam, limit: FINANCE_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The CSV of every withdrawal the filter matches (streamed by the server; the browser downloads it). */
export const withdrawExportHref = (filter: WithdrawFilter) =>
  consoleHref(ConsoleFinanceApi.withdrawExport, filter);

/** One withdrawal with the player's turnover requirement, recent deposits and the threshold. */
export const withdrawDetailQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'withdrawals', 'detail', orderNo] as const,
    queryFn: ({ signal }) => consoleCall(ConsoleFinanceApi.withdrawDetail, { orderNo }, { signal }),
  });

export const channelListQuery = queryOptions({
  queryKey: [...FINANCE_KEY, 'channels'] as const,
  queryFn: ({ signal }) => consoleCall(ConsoleFinanceApi.channelList, undefined, { signal }),
});

export const reconciliationQuery = (day: string) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'reconciliation', day] as const,
    queryFn: ({ signal }) => consoleCall(ConsoleFinanceApi.reconciliation, { day }, { signal }),
  });

/** After any change on the desk: every list and detail of it asks the server again. */
export const refreshFinance = (client: QueryClient) => client.invalidateQueries({ queryKey: FINANCE_KEY });
