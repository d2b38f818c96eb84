import type {
  ConsoleMe,
  EnrolConfirmRequest,
  EnrolPasswordRequest,
  SignInRequest,
  SignInStep,
  SignInVerifyRequest,
} from '@lottery/contract/console/auth';
import { SESSION_USE_RECORDED_EVERY_MS, TICKET_TTL_MS } from '@lottery/contract/console/auth';
import { ConsoleCodes } from '@lottery/contract/console/codes';
import { ROLE_PERMISSIONS, type StaffRole } from '@lottery/contract/console/roles';
import { hash, verify } from '@node-rs/argon2';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { appendAudit } from '../audit/index';
import * as repo from './repo';
import {
  acceptTotp,
  newRecoveryCodes,
  newToken,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
  sha256hex,
} from './secrets';

/**
 * Staff sign-in, enrolment and sessions (docs/console.md "Sessions and two factors").
 *
 * Lockout: every wrong password, TOTP code or recovery code counts against the account; the
 * MAX_FAILURES-th locks it for LOCK_MS (refused before the password is even checked) and is
 * written to the audit log. A full sign-in clears the count. Unknown accounts take as long as
 * known ones (a dummy argon2 verify) and say the same thing.
 */

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;
/** A staff session ends this long after sign-in whatever its use. */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const TOTP_ISSUER = 'Lottery Console';

export interface Client {
  ip: string;
  userAgent: string;
}

/** Who an audit row names: a signed-in staff member or an operator command. */
export interface AuditActor extends Client {
  /** `staff:<id>` or `cli:<os user>`. */
  actor: string;
  role: string;
  /** The staff id behind `actor`, when it is one. */
  staffId?: number;
}

/** The staff member behind a console request's session. */
export interface StaffPrincipal {
  staffId: number;
  account: string;
  role: StaffRole;
  sessionId: number;
  sessionExpiresAt: number;
}

export const idleMs = (ctx: AppContext): number => ctx.config.CONSOLE_IDLE_MINUTES * 60 * 1000;

/** `me` at `now`, the time the session was last used (opened, or `me` itself: see currentMe). */
export function meOf(ctx: AppContext, who: Omit<StaffPrincipal, 'sessionId'>, now: number): ConsoleMe {
  return {
    staffId: who.staffId,
    account: who.account,
    role: who.role,
    permissions: [...ROLE_PERMISSIONS[who.role]],
    idleTimeoutMs: idleMs(ctx),
    idleExpiresAt: now + idleMs(ctx),
    sessionExpiresAt: who.sessionExpiresAt,
  };
}

/**
 * The `me` call: records the session's use whenever it comes (the gate does only every
 * SESSION_USE_RECORDED_EVERY_MS), so its idleExpiresAt is exact and the console's 继续使用 gives
 * the session its full idle timeout again.
 */
export async function currentMe(ctx: AppContext, who: StaffPrincipal): Promise<ConsoleMe> {
  const now = ctx.clock.now();
  await repo.touchSession(ctx.db, who.sessionId, now);
  return meOf(ctx, who, now);
}

export const hashStaffPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hash('not-a-staff-password-0');
  return dummyHash;
};

/** Thrown inside a transaction to roll it back with the reason; answered outside it. */
class Refused extends Error {
  constructor(readonly why: 'ticket' | 'code') {
    super(why);
  }
}

const lockedError = () => DomainError.of(ConsoleCodes.CONSOLE_LOCKED);

/** Counts a failed step; audits and answers the lock when this one locked the account. */
async function fail(
  ctx: AppContext,
  account: repo.StaffRecord,
  client: Client,
  refusal: DomainError,
): Promise<never> {
  const now = ctx.clock.now();
  const locked = await ctx.db.transaction(async (tx) => {
    const { locked: justLocked } = await repo.recordFailure(tx, account.id, now, MAX_FAILURES, LOCK_MS);
    if (justLocked)
      await appendAudit(
        tx,
        {
          actor: `staff:${account.id}`,
          role: account.role,
          action: 'staff.locked',
          target: `staff:${account.id}`,
          after: { lockedUntil: now + LOCK_MS },
          reason: `${MAX_FAILURES} failed sign-in steps`,
          ...client,
        },
        now,
      );
    return justLocked;
  });
  if (locked) throw lockedError();
  throw refusal;
}

function refuseIfBlocked(account: repo.StaffRecord, now: number): void {
  if (account.lockedUntil !== null && account.lockedUntil > now) throw lockedError();
  if (account.status !== 'active') throw DomainError.of(ConsoleCodes.CONSOLE_STAFF_DISABLED);
}

/** A ticket for the second step: TOTP when enrolled, else an enrolment with a fresh secret. */
async function nextStep(ctx: AppContext, account: repo.StaffRecord): Promise<SignInStep> {
  const now = ctx.clock.now();
  const ticket = newToken();
  const ticketExpiresAt = now + TICKET_TTL_MS;
  if (account.totpSecret !== null) {
    await repo.insertTicket(ctx.db, {
      ticketHash: sha256hex(ticket),
      staffId: account.id,
      stage: 'totp',
      pendingTotpSecret: null,
      expiresAt: ticketExpiresAt,
      createdAt: now,
    });
    return { step: 'totp', ticket, ticketExpiresAt };
  }
  const secret = newTotpSecret();
  await repo.insertTicket(ctx.db, {
    ticketHash: sha256hex(ticket),
    staffId: account.id,
    stage: 'enrol',
    pendingTotpSecret: secret,
    expiresAt: ticketExpiresAt,
    createdAt: now,
  });
  return {
    step: 'enrol',
    ticket,
    ticketExpiresAt,
    secret,
    otpauthUrl: otpauthUrl(account.account, secret, TOTP_ISSUER),
  };
}

export async function signIn(ctx: AppContext, input: SignInRequest, client: Client): Promise<SignInStep> {
  const account = await repo.findStaffByAccount(ctx.db, input.account);
  if (!account || account.passwordHash === null) {
    await verify(await dummy(), input.password);
    throw DomainError.of(ConsoleCodes.CONSOLE_SIGN_IN_FAILED);
  }
  const now = ctx.clock.now();
  if (account.lockedUntil !== null && account.lockedUntil > now) throw lockedError();
  if (!(await verify(account.passwordHash, input.password)))
    return fail(ctx, account, client, DomainError.of(ConsoleCodes.CONSOLE_SIGN_IN_FAILED));
  refuseIfBlocked(account, now);
  return nextStep(ctx, account);
}

/** A live ticket of the given stage and its account, not locked nor disabled. */
async function ticketAccount(ctx: AppContext, ticket: string, stage: 'totp' | 'enrol') {
  const now = ctx.clock.now();
  const found = await repo.findLiveTicket(ctx.db, sha256hex(ticket), now);
  if (!found || found.stage !== stage) throw DomainError.of(ConsoleCodes.CONSOLE_TICKET_EXPIRED);
  const account = await repo.findStaffById(ctx.db, found.staffId);
  if (!account) throw DomainError.of(ConsoleCodes.CONSOLE_TICKET_EXPIRED);
  refuseIfBlocked(account, now);
  return { ticket: found, account, now };
}

export interface SignedIn {
  token: string;
  me: ConsoleMe;
}

/** Opens the session in the caller's transaction and audits the sign-in with it. */
async function openSession(
  ctx: AppContext,
  tx: repo.Tx,
  account: repo.StaffRecord,
  client: Client,
  now: number,
  method: string,
): Promise<SignedIn> {
  const token = newToken();
  const expiresAt = now + STAFF_SESSION_ABSOLUTE_MS;
  await repo.insertSession(tx, {
    staffId: account.id,
    tokenHash: sha256hex(token),
    createdAt: now,
    expiresAt,
    ...client,
  });
  await repo.updateStaff(tx, account.id, { failedAttempts: 0, lockedUntil: null, lastSignInAt: now });
  await appendAudit(
    tx,
    {
      actor: `staff:${account.id}`,
      role: account.role,
      action: 'staff.sign_in',
      target: `staff:${account.id}`,
      after: { method },
      ...client,
    },
    now,
  );
  const role = account.role as StaffRole;
  return {
    token,
    me: meOf(ctx, { staffId: account.id, account: account.account, role, sessionExpiresAt: expiresAt }, now),
  };
}

export async function verifySignIn(
  ctx: AppContext,
  input: SignInVerifyRequest,
  client: Client,
): Promise<SignedIn> {
  const { account, now } = await ticketAccount(ctx, input.ticket, 'totp');
  const secret = account.totpSecret;
  if (secret === null) throw DomainError.of(ConsoleCodes.CONSOLE_TICKET_EXPIRED);
  const wrong = DomainError.of(ConsoleCodes.CONSOLE_CODE_WRONG);
  const isTotp = /^\d{6}$/.test(input.code);
  const step = isTotp ? await acceptTotp(secret, input.code, now, account.totpLastStep) : null;
  if (isTotp && step === null) return fail(ctx, account, client, wrong);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await repo.claimTicket(tx, sha256hex(input.ticket), now))) throw new Refused('ticket');
      if (step !== null) {
        if (!(await repo.advanceTotpStep(tx, account.id, step))) throw new Refused('code');
      } else if (
        !(await repo.useRecoveryCode(tx, account.id, recoveryCodeHash(account.id, input.code), now))
      ) {
        throw new Refused('code');
      }
      return openSession(ctx, tx, account, client, now, step !== null ? 'totp' : 'recovery_code');
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    if (error.why === 'ticket') throw DomainError.of(ConsoleCodes.CONSOLE_TICKET_EXPIRED);
    // the ticket's use rolled back with the refusal: the person may try another code
    return fail(ctx, account, client, wrong);
  }
}

export async function enrolCheck(
  ctx: AppContext,
  token: string,
): Promise<{ account: string; role: StaffRole }> {
  const account = await repo.findStaffByEnrolToken(ctx.db, sha256hex(token), ctx.clock.now());
  if (!account) throw DomainError.of(ConsoleCodes.CONSOLE_LINK_INVALID);
  return { account: account.account, role: account.role as StaffRole };
}

export async function enrolPassword(
  ctx: AppContext,
  input: EnrolPasswordRequest,
  client: Client,
): Promise<SignInStep> {
  const passwordHash = await hashStaffPassword(input.password);
  const now = ctx.clock.now();
  const account = await ctx.db.transaction(async (tx) => {
    const updated = await repo.setPasswordByEnrolToken(tx, sha256hex(input.token), passwordHash, now);
    if (!updated) return undefined;
    await appendAudit(
      tx,
      {
        actor: `staff:${updated.id}`,
        role: updated.role,
        action: 'staff.password_set',
        target: `staff:${updated.id}`,
        ...client,
      },
      now,
    );
    return updated;
  });
  if (!account) throw DomainError.of(ConsoleCodes.CONSOLE_LINK_INVALID);
  refuseIfBlocked(account, now);
  return nextStep(ctx, account);
}

export async function enrolConfirm(
  ctx: AppContext,
  input: EnrolConfirmRequest,
  client: Client,
): Promise<SignedIn & { recoveryCodes: string[] }> {
  const { ticket, account, now } = await ticketAccount(ctx, input.ticket, 'enrol');
  const secret = ticket.pendingTotpSecret;
  if (secret === null || account.totpSecret !== null)
    throw DomainError.of(ConsoleCodes.CONSOLE_TICKET_EXPIRED);
  const step = await acceptTotp(secret, input.code, now, null);
  if (step === null) return fail(ctx, account, client, DomainError.of(ConsoleCodes.CONSOLE_CODE_WRONG));
  const recoveryCodes = newRecoveryCodes();
  const signedIn = await ctx.db.transaction(async (tx) => {
    if (!(await repo.claimTicket(tx, sha256hex(input.ticket), now))) return undefined;
    const current = await repo.lockStaff(tx, account.id);
    if (!current || current.totpSecret !== null) return undefined;
    await repo.updateStaff(tx, account.id, { totpSecret: secret, totpLastStep: step });
    await repo.replaceRecoveryCodes(
      tx,
      account.id,
      recoveryCodes.map((code) => recoveryCodeHash(account.id, code)),
      now,
    );
    await appendAudit(
      tx,
      {
        actor: `staff:${account.id}`,
        role: account.role,
        action: 'staff.totp_enrol',
        target: `staff:${account.id}`,
        after: { recoveryCodes: recoveryCodes.length },
        ...client,
      },
      now,
    );
    return openSession(ctx, tx, account, client, now, 'totp_enrol');
  });
  if (!signedIn) throw DomainError.of(ConsoleCodes.CONSOLE_TICKET_EXPIRED);
  return { ...signedIn, recoveryCodes };
}

export type SessionState = { state: 'valid'; principal: StaffPrincipal } | { state: 'none' | 'expired' };

/** The staff member behind a session cookie; idle, absolute expiry, revocation and a disabled account end it. */
export async function resolveSession(ctx: AppContext, token: string): Promise<SessionState> {
  const now = ctx.clock.now();
  const found = await repo.findSessionByToken(ctx.db, sha256hex(token));
  if (!found) return { state: 'none' };
  if (
    found.revokedAt !== null ||
    found.status !== 'active' ||
    now >= found.expiresAt ||
    now - found.lastSeenAt >= idleMs(ctx)
  )
    return { state: 'expired' };
  if (now - found.lastSeenAt >= SESSION_USE_RECORDED_EVERY_MS)
    await repo.touchSession(ctx.db, found.sessionId, now);
  return {
    state: 'valid',
    principal: {
      staffId: found.staffId,
      account: found.account,
      role: found.role as StaffRole,
      sessionId: found.sessionId,
      sessionExpiresAt: found.expiresAt,
    },
  };
}

export async function signOut(ctx: AppContext, who: StaffPrincipal, client: Client): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.revokeSession(tx, who.sessionId, now))) return;
    await appendAudit(
      tx,
      {
        actor: `staff:${who.staffId}`,
        role: who.role,
        action: 'staff.sign_out',
        target: `staff:${who.staffId}`,
        ...client,
      },
      now,
    );
  });
}
