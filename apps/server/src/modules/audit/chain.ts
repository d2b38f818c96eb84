import { createHash } from 'node:crypto';

/**
 * The audit chain's arithmetic, pure. Each row's hash is
 *
 *   hash = hex(sha256(prev_hash + "\n" + canonical(row)))
 *
 * where `canonical` is JSON with object keys sorted at every depth and absent values as null, over
 * the row's id, time, actor, role, action, target, before, after, reason, IP and user agent. The
 * first row's prev_hash is GENESIS. Editing any field of a row breaks its hash; deleting or
 * reordering rows breaks the next row's prev_hash: `audit-verify` finds the first such row.
 */

export const GENESIS = '0'.repeat(64);

export interface ChainedFields {
  id: number;
  at: number;
  actor: string;
  role: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string;
  ip: string;
  userAgent: string;
}

/** JSON with sorted keys at every depth; undefined becomes null (as the jsonb column gives it back). */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  return JSON.stringify(value);
}

export function rowHash(prevHash: string, row: ChainedFields): string {
  const body = canonicalJson({
    id: row.id,
    at: row.at,
    actor: row.actor,
    role: row.role,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.userAgent,
  });
  return createHash('sha256').update(`${prevHash}\n${body}`, 'utf8').digest('hex');
}

/**
 * A value as the jsonb column will hold it: plain JSON (bigints as strings, undefined dropped), so
 * the hash computed before the insert equals the one recomputed from the stored row.
 */
export function jsonValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}
