import type { ConsoleAuditAction } from '@lottery/contract/console/audit';
import { ConsoleCodes } from '@lottery/contract/console/codes';
import type { StaffRole } from '@lottery/contract/console/roles';
import { ENROL_LINK_TTL_MS, type StaffRow } from '@lottery/contract/console/staff';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import { appendAudit } from '../audit/index';
import * as repo from './repo';
import { newToken, sha256hex } from './secrets';
import type { AuditActor } from './sign-in';

/**
 * Staff management: the commands behind staff/* and `npm run admin -- staff-*`. Each one is one
 * transaction: the account row locked, the change, its sessions ended where the change calls for
 * it, and its audit row with the account before and after.
 */

export interface EnrolLink {
  enrolPath: string;
  enrolExpiresAt: number;
}

interface Env {
  db: Db;
  clock: Clock;
}

const linkOf = (token: string, expiresAt: number): EnrolLink => ({
  enrolPath: `/console/enrol?token=${token}`,
  enrolExpiresAt: expiresAt,
});

/** What an audit row keeps of an account: never a hash or a secret. */
const audited = (row: StaffRow) => ({
  account: row.account,
  role: row.role,
  status: row.status,
  passwordSet: row.passwordSet,
  totpEnrolled: row.totpEnrolled,
  lockedUntil: row.lockedUntil,
});

export async function createStaff(
  env: Env,
  by: AuditActor,
  input: { account: string; role: StaffRole; reason: string },
): Promise<{ staff: StaffRow; link: EnrolLink }> {
  const now = env.clock.now();
  const token = newToken();
  const expiresAt = now + ENROL_LINK_TTL_MS;
  const created = await env.db.transaction(async (tx) => {
    const row = await repo.insertStaff(tx, {
      account: input.account,
      role: input.role,
      enrolTokenHash: sha256hex(token),
      enrolTokenExpiresAt: expiresAt,
      createdAt: now,
      createdBy: by.actor,
    });
    if (!row) return undefined;
    const staff = repo.toStaffRow(row);
    await appendAudit(
      tx,
      {
        ...by,
        action: 'staff.create',
        target: `staff:${row.id}`,
        after: audited(staff),
        reason: input.reason,
      },
      now,
    );
    return staff;
  });
  if (!created) throw DomainError.of(ConsoleCodes.CONSOLE_STAFF_EXISTS);
  return { staff: created, link: linkOf(token, expiresAt) };
}

type Change = (row: repo.StaffRecord, now: number) => Partial<repo.StaffRecord>;

/**
 * One change to another account, audited with its before and after. `endSessions`: the account's
 * sessions and open sign-in tickets end with it.
 */
async function changeStaff(
  env: Env,
  by: AuditActor,
  input: { staffId: number; reason: string },
  action: ConsoleAuditAction,
  change: Change,
  endSessions: boolean,
  also?: (tx: repo.Tx, staffId: number) => Promise<void>,
): Promise<StaffRow> {
  if (by.staffId === input.staffId) throw DomainError.of(ConsoleCodes.CONSOLE_NOT_ON_SELF);
  const now = env.clock.now();
  return env.db.transaction(async (tx) => {
    const current = await repo.lockStaff(tx, input.staffId);
    if (!current) throw DomainError.of(ConsoleCodes.CONSOLE_STAFF_MISSING);
    const updated = await repo.updateStaff(tx, current.id, change(current, now));
    let sessionsEnded = 0;
    if (endSessions) {
      sessionsEnded = await repo.revokeStaffSessions(tx, current.id, now);
      await repo.closeTickets(tx, current.id, now);
    }
    if (also) await also(tx, current.id);
    const before = repo.toStaffRow(current);
    const after = repo.toStaffRow(updated);
    await appendAudit(
      tx,
      {
        ...by,
        action,
        target: `staff:${current.id}`,
        before: audited(before),
        after: { ...audited(after), ...(endSessions ? { sessionsEnded } : {}) },
        reason: input.reason,
      },
      now,
    );
    return after;
  });
}

export const disableStaff = (env: Env, by: AuditActor, input: { staffId: number; reason: string }) =>
  changeStaff(env, by, input, 'staff.disable', () => ({ status: 'disabled' }), true);

export const enableStaff = (env: Env, by: AuditActor, input: { staffId: number; reason: string }) =>
  changeStaff(
    env,
    by,
    input,
    'staff.enable',
    () => ({ status: 'active', failedAttempts: 0, lockedUntil: null }),
    false,
  );

/** Forgets TOTP and the recovery codes: the next sign-in enrols a new authenticator. */
export async function resetSecondFactor(
  env: Env,
  by: AuditActor,
  input: { staffId: number; reason: string },
): Promise<StaffRow> {
  return changeStaff(
    env,
    by,
    input,
    'staff.reset_2fa',
    () => ({ totpSecret: null, totpLastStep: null }),
    true,
    (tx, staffId) => repo.deleteRecoveryCodes(tx, staffId),
  );
}

/** Clears the password and issues a new one-time enrolment link. */
export async function resetPassword(
  env: Env,
  by: AuditActor,
  input: { staffId: number; reason: string },
): Promise<{ staff: StaffRow; link: EnrolLink }> {
  const token = newToken();
  let expiresAt = 0;
  const staff = await changeStaff(
    env,
    by,
    input,
    'staff.reset_password',
    (_row, now) => {
      expiresAt = now + ENROL_LINK_TTL_MS;
      return { passwordHash: null, enrolTokenHash: sha256hex(token), enrolTokenExpiresAt: expiresAt };
    },
    true,
  );
  return { staff, link: linkOf(token, expiresAt) };
}

export async function listStaffRows(db: Db): Promise<StaffRow[]> {
  return (await repo.listStaff(db)).map(repo.toStaffRow);
}

export async function findStaffRowByAccount(db: Db, account: string): Promise<StaffRow | undefined> {
  const row = await repo.findStaffByAccount(db, account);
  return row ? repo.toStaffRow(row) : undefined;
}
