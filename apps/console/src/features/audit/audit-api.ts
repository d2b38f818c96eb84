import { type AuditFilter, ConsoleAuditApi } from '@lottery/contract/console/audit';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { consoleCall, consoleHref } from '../../api/call';

export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first, one keyset page after another (`cursor` = the last id seen). */
export const auditListQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['console', 'audit', 'list', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      consoleCall(ConsoleAuditApi.list, { ...filter, cursor: pageParam, limit: AUDIT_PAGE_SIZE }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The CSV of every row the filter matches (streamed by the server; the browser downloads it). */
export const auditExportHref = (filter: AuditFilter) => consoleHref(ConsoleAuditApi.exportCsv, filter);
