import type { AuditFilter, AuditRow } from '@lottery/contract/console/audit';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/sql';
import { GENESIS, rowHash } from './chain';

/** Reads of the audit log: the console's list and export, and the chain check. */

/** A row as the log holds it; the console's reads add the actor's account (staff module). */
export type AuditRecord = Omit<AuditRow, 'actorAccount'>;

interface StoredRow {
  id: string;
  at: string;
  actor: string;
  role: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string;
  ip: string;
  user_agent: string;
  prev_hash: string;
  hash: string;
}

// aliases shadow the columns in ORDER BY: order by audit_log.id, never by the text alias
const COLUMNS = sql`id::text AS id, at::text AS at, actor, role, action, target, before, after, reason, ip, user_agent, prev_hash, hash`;

function toRow(r: StoredRow): AuditRecord & { prevHash: string } {
  return {
    id: Number(r.id),
    at: Number(r.at),
    actor: r.actor,
    role: r.role,
    action: r.action,
    target: r.target,
    before: parseJson(r.before),
    after: parseJson(r.after),
    reason: r.reason,
    ip: r.ip,
    userAgent: r.user_agent,
    hash: r.hash,
    prevHash: r.prev_hash,
  };
}

/** jsonb arrives parsed from node-postgres and PGlite alike; a string would be a driver without the parser. */
function parseJson(value: unknown): unknown {
  return value ?? null;
}

function conditions(filter: AuditFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.actor) parts.push(sql`actor = ${filter.actor}`);
  if (filter.action) {
    // `staff.` lists every staff action; anything else is exact
    if (filter.action.endsWith('.')) parts.push(sql`starts_with(action, ${filter.action})`);
    else parts.push(sql`action = ${filter.action}`);
  }
  if (filter.target) parts.push(sql`target = ${filter.target}`);
  if (filter.from !== undefined) parts.push(sql`at >= ${filter.from}`);
  if (filter.to !== undefined) parts.push(sql`at < ${filter.to}`);
  return sql.join(parts, sql` AND `);
}

/** One page, newest first: rows with id below `cursor`; `nextCursor` null on the last page. */
export async function listAudit(
  db: Executor,
  filter: AuditFilter & { cursor?: number; limit: number },
): Promise<{ items: AuditRecord[]; nextCursor: number | null }> {
  const cursor = filter.cursor === undefined ? sql`TRUE` : sql`id < ${filter.cursor}`;
  const rows = await queryRows<StoredRow>(
    db,
    sql`SELECT ${COLUMNS} FROM audit_log WHERE ${conditions(filter)} AND ${cursor}
         ORDER BY audit_log.id DESC LIMIT ${filter.limit + 1}`,
  );
  const more = rows.length > filter.limit;
  const items = rows.slice(0, filter.limit).map((r) => {
    const { prevHash: _prev, ...row } = toRow(r);
    return row;
  });
  return { items, nextCursor: more ? items[items.length - 1]!.id : null };
}

/** Every matching row, newest first, a bounded batch at a time (the CSV export streams these). */
export async function* auditBatches(
  db: Executor,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<AuditRecord[]> {
  let cursor: number | undefined;
  for (;;) {
    const page = await listAudit(db, { ...filter, cursor, limit: batchSize });
    if (page.items.length) yield page.items;
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}

export type ChainCheck =
  | { ok: true; rows: number; lastHash: string }
  | { ok: false; rows: number; brokenId: number; problem: 'hash' | 'prev_hash' };

/** Recomputes the chain from the first row; stops at the first row that does not hold. */
export async function verifyChain(db: Executor, batchSize = 1000): Promise<ChainCheck> {
  let prev = GENESIS;
  let after = 0;
  let rows = 0;
  for (;;) {
    const batch = await queryRows<StoredRow>(
      db,
      sql`SELECT ${COLUMNS} FROM audit_log WHERE id > ${after} ORDER BY audit_log.id LIMIT ${batchSize}`,
    );
    for (const stored of batch) {
      const row = toRow(stored);
      if (row.prevHash !== prev) return { ok: false, rows, brokenId: row.id, problem: 'prev_hash' };
      if (rowHash(prev, row) !== row.hash) return { ok: false, rows, brokenId: row.id, problem: 'hash' };
      prev = row.hash;
      after = row.id;
      rows += 1;
    }
    if (batch.length < batchSize) return { ok: true, rows, lastHash: prev };
  }
}
