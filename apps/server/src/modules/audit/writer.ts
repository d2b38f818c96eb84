import type { AuditAction } from '@lottery/contract/console/audit';
import { sql } from 'drizzle-orm';
import { type Executor, queryOne } from '../../db/sql';
import { GENESIS, jsonValue, rowHash } from './chain';

/**
 * The one place audit rows are written. Call it inside the transaction that makes the change, as
 * its last statement: the row commits with the change or not at all.
 *
 * Why the chain cannot fork: every writer takes the same transaction-scoped advisory lock before it
 * reads the last row, and holds it until its transaction ends. The next writer's read therefore
 * runs after the previous writer committed (READ COMMITTED takes a fresh snapshot per statement)
 * and sees its row. A writer that rolls back leaves no row and at most a gap in the ids, which the
 * chain does not mind: it links rows by prev_hash, in id order. Taking the lock last keeps the time
 * other writers wait to the end of one transaction.
 */

/** Any constant shared by every process (migrate.ts uses 726_301_001, the scheduler its own). */
const AUDIT_LOCK_KEY = 726_301_040;

export interface AuditEntry {
  /** `staff:<id>` or `cli:<os user>`. */
  actor: string;
  /** The actor's role, or `cli`. */
  role: string;
  /** `<area>.<verb>` (`staff.create`), each with its words in the contract, or `cli.<command>`. */
  action: AuditAction;
  /** The object acted on (`staff:7`, `user:1042`); '' when none. */
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
  ip?: string;
  userAgent?: string;
}

export async function appendAudit(
  tx: Executor,
  entry: AuditEntry,
  at: number,
): Promise<{ id: number; hash: string }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  const last = await queryOne<{ hash: string }>(tx, sql`SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1`);
  const next = await queryOne<{ id: string }>(tx, sql`SELECT nextval('audit_log_id_seq')::text AS id`);
  const prevHash = last?.hash ?? GENESIS;
  const before = jsonValue(entry.before);
  const after = jsonValue(entry.after);
  const row = {
    id: Number(next!.id),
    at,
    actor: entry.actor,
    role: entry.role,
    action: entry.action,
    target: entry.target,
    before,
    after,
    reason: entry.reason ?? '',
    ip: entry.ip ?? '',
    userAgent: (entry.userAgent ?? '').slice(0, 300),
  };
  const hash = rowHash(prevHash, row);
  await tx.execute(sql`
    INSERT INTO audit_log (id, at, actor, role, action, target, before, after, reason, ip, user_agent, prev_hash, hash)
    VALUES (${row.id}, ${at}, ${row.actor}, ${row.role}, ${row.action}, ${row.target},
            ${before === null ? null : JSON.stringify(before)}::jsonb, ${after === null ? null : JSON.stringify(after)}::jsonb,
            ${row.reason}, ${row.ip}, ${row.userAgent}, ${prevHash}, ${hash})`);
  return { id: row.id, hash };
}
