import { z } from 'zod';
import { consoleEndpoint } from './endpoint';

/**
 * The audit log (issue 40 §4): one append-only, hash-chained row per console action and per
 * `npm run admin` command. Listed newest first with keyset pagination (`cursor` = the last id of
 * the previous page); exported as CSV with the same filters (streamed, every matching row).
 *
 * `actor` is `staff:<id>` or `cli:<os user>`; `action` is `<area>.<verb>` (`staff.create`,
 * `staff.sign_in`) or `cli.<command>`; `target` names the object (`staff:7`, `user:1042`,
 * `withdraw:W2026…`).
 */

export const AUDIT_PAGE_MAX = 200;

const epochMs = z.coerce.number({ error: '时间格式不正确' }).int('时间格式不正确').min(0, '时间格式不正确');
const filterText = (max: number) => z.string().trim().max(max, '筛选条件过长').optional();

export const AuditFilter = z.object({
  actor: filterText(80),
  /** Exact action, or a prefix ending in `.` (`staff.`). */
  action: filterText(80),
  target: filterText(120),
  /** Epoch ms, inclusive. */
  from: epochMs.optional(),
  /** Epoch ms, exclusive. */
  to: epochMs.optional(),
});
export const AuditListRequest = AuditFilter.extend({
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});

export const AuditRow = z.object({
  id: z.number().int(),
  /** Epoch ms. */
  at: z.number().int(),
  actor: z.string(),
  /** The actor's role then (`cli` for a command). */
  role: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  hash: z.string(),
});
export type AuditRow = z.infer<typeof AuditRow>;
export type AuditFilter = z.infer<typeof AuditFilter>;
export type AuditListRequest = z.infer<typeof AuditListRequest>;

export const ConsoleAuditApi = {
  list: consoleEndpoint({
    method: 'GET',
    path: 'audit/list',
    summary: 'Audit rows, newest first, filtered, one keyset page',
    access: 'audit.read',
    request: AuditListRequest,
    data: z.object({ items: z.array(AuditRow), nextCursor: z.number().int().nullable() }),
  }),
  exportCsv: consoleEndpoint({
    method: 'GET',
    path: 'audit/export',
    summary: 'Every matching audit row as CSV (streamed)',
    access: 'audit.read',
    request: AuditFilter,
    csv: true,
  }),
} as const;

/** The CSV's columns, in order (the first line of the export). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'time',
  'actor',
  'role',
  'action',
  'target',
  'reason',
  'ip',
  'user_agent',
  'before',
  'after',
  'hash',
] as const;
