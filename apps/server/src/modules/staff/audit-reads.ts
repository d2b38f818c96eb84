import type { AuditFilter, AuditRow } from '@lottery/contract/console/audit';
import { beijingDateTime } from '@lottery/rules/beijing';
import { type AuditRecord, auditBatches, listAudit } from '../audit/index';
import { csvLine } from './csv';
import { findStaffByAccount, staffAccountsByIds, type Tx } from './repo';

/**
 * The console's reads of the audit log: the log names a staff actor `staff:<id>`, and the auditor
 * (who cannot open 员工管理) reads the account beside it. Accounts are looked up once per page or
 * export batch, never per row; the chain itself holds only the id.
 */

const STAFF_ACTOR = /^staff:(\d+)$/;

const staffIdOf = (actor: string): number | undefined => {
  const match = STAFF_ACTOR.exec(actor);
  return match ? Number(match[1]) : undefined;
};

async function withActorAccounts(db: Tx, rows: AuditRecord[]): Promise<AuditRow[]> {
  const ids = new Set<number>();
  for (const r of rows) {
    const id = staffIdOf(r.actor);
    if (id !== undefined) ids.add(id);
  }
  const accounts = await staffAccountsByIds(db, [...ids]);
  return rows.map((r) => {
    const id = staffIdOf(r.actor);
    return { ...r, actorAccount: id === undefined ? null : (accounts.get(id) ?? null) };
  });
}

/** An actor filter without a `kind:` is a staff account: read as its `staff:<id>` (unknown: as typed, matching nothing). */
async function resolveActor<F extends AuditFilter>(db: Tx, filter: F): Promise<F> {
  const actor = filter.actor;
  if (!actor || actor.includes(':')) return filter;
  const found = await findStaffByAccount(db, actor);
  return found ? { ...filter, actor: `staff:${found.id}` } : filter;
}

export async function listConsoleAudit(
  db: Tx,
  query: AuditFilter & { cursor?: number; limit: number },
): Promise<{ items: AuditRow[]; nextCursor: number | null }> {
  const page = await listAudit(db, await resolveActor(db, query));
  return { items: await withActorAccounts(db, page.items), nextCursor: page.nextCursor };
}

const auditCells = (r: AuditRow) => [
  r.id,
  beijingDateTime(r.at),
  r.actor,
  r.actorAccount ?? '',
  r.role,
  r.action,
  r.target,
  r.reason,
  r.ip,
  r.userAgent,
  r.before === null ? '' : JSON.stringify(r.before),
  r.after === null ? '' : JSON.stringify(r.after),
  r.hash,
];

/** The export's lines after the header, one batch of the log at a time. */
export async function* auditCsvLines(db: Tx, filter: AuditFilter): AsyncGenerator<string> {
  for await (const batch of auditBatches(db, await resolveActor(db, filter)))
    yield (await withActorAccounts(db, batch)).map((r) => csvLine(auditCells(r))).join('');
}
