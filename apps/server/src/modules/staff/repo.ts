import type { StaffRole } from '@lottery/contract/console/roles';
import type { StaffRow } from '@lottery/contract/console/staff';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staff, staffRecoveryCode, staffSession, staffTicket } from '../../db/schema/staff';
import { type Executor, queryOne } from '../../db/sql';

/** SQL of the staff tables (migration 1000). `Tx`: the database or a transaction on it. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type StaffRecord = typeof staff.$inferSelect;

export function toStaffRow(r: StaffRecord): StaffRow {
  return {
    staffId: r.id,
    account: r.account,
    role: r.role as StaffRole,
    status: r.status,
    passwordSet: r.passwordHash !== null,
    totpEnrolled: r.totpSecret !== null,
    lockedUntil: r.lockedUntil,
    lastSignInAt: r.lastSignInAt,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
  };
}

export async function findStaffByAccount(db: Tx, account: string): Promise<StaffRecord | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.account, account)).limit(1);
  return row;
}

export async function findStaffById(db: Tx, id: number): Promise<StaffRecord | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/** Account names of the given ids, in one query (an audit page names its actors with it). */
export async function staffAccountsByIds(db: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: staff.id, account: staff.account })
    .from(staff)
    .where(inArray(staff.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.account]));
}

/** The row, locked until the transaction ends (staff management changes one account at a time). */
export async function lockStaff(tx: Tx, id: number): Promise<StaffRecord | undefined> {
  const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update').limit(1);
  return row;
}

export async function listStaff(db: Tx): Promise<StaffRecord[]> {
  return db.select().from(staff).orderBy(asc(staff.id));
}

/** Inserts a new account; undefined when the name is taken. */
export async function insertStaff(
  tx: Tx,
  input: {
    account: string;
    role: StaffRole;
    enrolTokenHash: string;
    enrolTokenExpiresAt: number;
    createdAt: number;
    createdBy: string;
  },
): Promise<StaffRecord | undefined> {
  const [row] = await tx
    .insert(staff)
    .values({ ...input, status: 'active', failedAttempts: 0 })
    .onConflictDoNothing({ target: staff.account })
    .returning();
  return row;
}

export async function updateStaff(
  tx: Tx,
  id: number,
  patch: Partial<Omit<StaffRecord, 'id' | 'account' | 'createdAt' | 'createdBy'>>,
): Promise<StaffRecord> {
  const [row] = await tx.update(staff).set(patch).where(eq(staff.id, id)).returning();
  return row!;
}

/** Sets the password through a live enrolment link, using the link up; undefined when it is not live. */
export async function setPasswordByEnrolToken(
  tx: Tx,
  tokenHash: string,
  passwordHash: string,
  now: number,
): Promise<StaffRecord | undefined> {
  const [row] = await tx
    .update(staff)
    .set({ passwordHash, enrolTokenHash: null, enrolTokenExpiresAt: null })
    .where(
      and(
        eq(staff.enrolTokenHash, tokenHash),
        gt(staff.enrolTokenExpiresAt, now),
        eq(staff.status, 'active'),
      ),
    )
    .returning();
  return row;
}

export async function findStaffByEnrolToken(
  db: Tx,
  tokenHash: string,
  now: number,
): Promise<StaffRecord | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(
      and(
        eq(staff.enrolTokenHash, tokenHash),
        gt(staff.enrolTokenExpiresAt, now),
        eq(staff.status, 'active'),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Counts one failed step in one statement (parallel failures all count): at `max` failures the
 * account locks for `lockMs` and the count starts again. `locked`: this failure locked it.
 */
export async function recordFailure(
  db: Executor,
  staffId: number,
  now: number,
  max: number,
  lockMs: number,
): Promise<{ locked: boolean }> {
  const row = await queryOne<{ locked: boolean }>(
    db,
    sql`UPDATE staff
           SET failed_attempts = CASE WHEN failed_attempts + 1 >= ${max} THEN 0 ELSE failed_attempts + 1 END,
               locked_until = CASE WHEN failed_attempts + 1 >= ${max} THEN ${now + lockMs}::bigint ELSE locked_until END
         WHERE id = ${staffId}
     RETURNING (failed_attempts = 0) AS locked`,
  );
  return { locked: row?.locked === true };
}

/** A TOTP step is accepted at most once: only when it is newer than the last one accepted. */
export async function advanceTotpStep(tx: Tx, staffId: number, step: number): Promise<boolean> {
  const rows = await tx
    .update(staff)
    .set({ totpLastStep: step })
    .where(
      and(eq(staff.id, staffId), sql`(${staff.totpLastStep} IS NULL OR ${staff.totpLastStep} < ${step})`),
    )
    .returning({ id: staff.id });
  return rows.length === 1;
}

// tickets

export type TicketRecord = typeof staffTicket.$inferSelect;

export async function insertTicket(
  db: Tx,
  input: {
    ticketHash: string;
    staffId: number;
    stage: 'enrol' | 'totp';
    pendingTotpSecret: string | null;
    expiresAt: number;
    createdAt: number;
  },
): Promise<void> {
  await db.insert(staffTicket).values(input);
}

export async function findLiveTicket(
  db: Tx,
  ticketHash: string,
  now: number,
): Promise<TicketRecord | undefined> {
  const [row] = await db
    .select()
    .from(staffTicket)
    .where(
      and(eq(staffTicket.ticketHash, ticketHash), isNull(staffTicket.usedAt), gt(staffTicket.expiresAt, now)),
    )
    .limit(1);
  return row;
}

/** Uses a ticket up; false when another request used it first. */
export async function claimTicket(tx: Tx, ticketHash: string, now: number): Promise<boolean> {
  const rows = await tx
    .update(staffTicket)
    .set({ usedAt: now })
    .where(and(eq(staffTicket.ticketHash, ticketHash), isNull(staffTicket.usedAt)))
    .returning({ hash: staffTicket.ticketHash });
  return rows.length === 1;
}

export async function closeTickets(tx: Tx, staffId: number, now: number): Promise<void> {
  await tx
    .update(staffTicket)
    .set({ usedAt: now })
    .where(and(eq(staffTicket.staffId, staffId), isNull(staffTicket.usedAt)));
}

// recovery codes

export async function replaceRecoveryCodes(
  tx: Tx,
  staffId: number,
  hashes: string[],
  now: number,
): Promise<void> {
  await tx.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, staffId));
  await tx
    .insert(staffRecoveryCode)
    .values(hashes.map((codeHash) => ({ staffId, codeHash, createdAt: now })));
}

export async function deleteRecoveryCodes(tx: Tx, staffId: number): Promise<void> {
  await tx.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, staffId));
}

/** Uses a recovery code up; false when it is not one of the account's unused codes. */
export async function useRecoveryCode(
  tx: Tx,
  staffId: number,
  codeHash: string,
  now: number,
): Promise<boolean> {
  const rows = await tx
    .update(staffRecoveryCode)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCode.staffId, staffId),
        eq(staffRecoveryCode.codeHash, codeHash),
        isNull(staffRecoveryCode.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCode.id });
  return rows.length === 1;
}

// sessions

export async function insertSession(
  tx: Tx,
  input: {
    staffId: number;
    tokenHash: string;
    createdAt: number;
    expiresAt: number;
    ip: string;
    userAgent: string;
  },
): Promise<number> {
  const [row] = await tx
    .insert(staffSession)
    .values({ ...input, lastSeenAt: input.createdAt, userAgent: input.userAgent.slice(0, 300) })
    .returning({ id: staffSession.id });
  return row!.id;
}

export interface SessionRecord {
  sessionId: number;
  staffId: number;
  account: string;
  role: string;
  status: 'active' | 'disabled';
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export async function findSessionByToken(db: Tx, tokenHash: string): Promise<SessionRecord | undefined> {
  const [row] = await db
    .select({
      sessionId: staffSession.id,
      staffId: staffSession.staffId,
      account: staff.account,
      role: staff.role,
      status: staff.status,
      lastSeenAt: staffSession.lastSeenAt,
      expiresAt: staffSession.expiresAt,
      revokedAt: staffSession.revokedAt,
    })
    .from(staffSession)
    .innerJoin(staff, eq(staff.id, staffSession.staffId))
    .where(eq(staffSession.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(db: Tx, sessionId: number, now: number): Promise<void> {
  await db.update(staffSession).set({ lastSeenAt: now }).where(eq(staffSession.id, sessionId));
}

export async function revokeSession(db: Tx, sessionId: number, now: number): Promise<boolean> {
  const rows = await db
    .update(staffSession)
    .set({ revokedAt: now })
    .where(and(eq(staffSession.id, sessionId), isNull(staffSession.revokedAt)))
    .returning({ id: staffSession.id });
  return rows.length === 1;
}

export async function revokeStaffSessions(tx: Tx, staffId: number, now: number): Promise<number> {
  const rows = await tx
    .update(staffSession)
    .set({ revokedAt: now })
    .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.revokedAt)))
    .returning({ id: staffSession.id });
  return rows.length;
}
