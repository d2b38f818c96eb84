import { Codes } from '@lottery/contract/codes';
import type { ConsoleAuditAction } from '@lottery/contract/console/audit';
import { ConsoleCodes } from '@lottery/contract/console/codes';
import type {
  PlayerDetail,
  PlayerRecordKind,
  PlayerRisk,
  PlayerRow,
  PlayerSearchFilter,
} from '@lottery/contract/console/players';
import { RISK_LIMIT } from '@lottery/contract/console/players';
import { formatMoney } from '@lottery/contract/money';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { appendAudit } from '../audit/index';
import {
  type AccountState,
  announceSessionsEnded,
  endAccountSessions,
  setAccountStatus,
  unlockAccount,
} from '../auth/index';
import type { AuditActor } from '../staff/index';
import { AccountCodes, balanceOf } from '../wallet/index';
import { YuebaoAccountCodes } from '../yuebao/index';
import { type RecordRow, recordPage } from './records';
import * as repo from './repo';

/**
 * The players desk (issue 40 §6): reads of a player for staff, and the changes a risk officer
 * makes. Each change is one transaction: the account row locked and changed by auth's
 * account-status (the same service `npm run admin -- user-status` uses), then its audit row with
 * the account before and after; ended sessions are announced once it committed.
 */

type Search = z.infer<typeof PlayerSearchFilter> & { cursor?: number; limit: number };

async function tenantId(ctx: AppContext): Promise<number> {
  const tenant = await ctx.tenant.get();
  if (!tenant) throw DomainError.of(ConsoleCodes.CONSOLE_PLAYER_MISSING);
  return tenant.id;
}

/** An id search with a q that is not an id answers 参数错误, not an empty list. */
function checkedSearch<S extends { by: repo.SearchKey; q: string }>(filter: S): S {
  if (filter.by === 'id' && !/^[1-9]\d{0,14}$/.test(filter.q))
    throw DomainError.of(Codes.INVALID_PARAM, '玩家ID格式不正确');
  return filter;
}

export async function searchPlayers(ctx: AppContext, filter: Search) {
  return repo.searchPlayers(ctx.db, await tenantId(ctx), checkedSearch(filter));
}

/** Every match, newest first, a bounded batch at a time (the CSV export streams these). */
export async function* playerBatches(
  ctx: AppContext,
  filter: z.infer<typeof PlayerSearchFilter>,
  batchSize = 1000,
): AsyncGenerator<PlayerRow[]> {
  const tenant = await tenantId(ctx);
  checkedSearch(filter);
  let cursor: number | undefined;
  for (;;) {
    const page = await repo.searchPlayers(ctx.db, tenant, { ...filter, cursor, limit: batchSize });
    if (page.items.length) yield page.items;
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}

async function playerOf(ctx: AppContext, userId: number): Promise<repo.PlayerRecord> {
  const player = await repo.findPlayer(ctx.db, await tenantId(ctx), userId);
  if (!player) throw DomainError.of(ConsoleCodes.CONSOLE_PLAYER_MISSING);
  return player;
}

export async function playerDetail(ctx: AppContext, userId: number): Promise<PlayerDetail> {
  const player = await playerOf(ctx, userId);
  const { tenantId: tenant, ...profile } = player;
  const [balance, yuebao, upline, downlineCount, logins] = await Promise.all([
    balanceOf(ctx.db, tenant, AccountCodes.player(userId)),
    balanceOf(ctx.db, tenant, YuebaoAccountCodes.savings(userId)),
    repo.uplineOf(ctx.db, userId),
    repo.downlineCount(ctx.db, userId),
    repo.latestLogins(ctx.db, userId, ctx.clock.now()),
  ]);
  return {
    profile,
    balance: formatMoney(balance),
    yuebao: formatMoney(yuebao),
    upline,
    downlineCount,
    logins,
  };
}

type Outcome = { status: AccountState['status']; sessionsEnded: number };

/** One audited change of the account: `change` runs in the transaction with the audit row. */
async function changeAccount(
  ctx: AppContext,
  by: AuditActor,
  input: { userId: number; reason: string },
  action: ConsoleAuditAction,
  change: (
    tx: AppContext['db'],
    now: number,
  ) => Promise<{ before: AccountState; after: AccountState; endedSessionIds: number[] } | undefined>,
): Promise<Outcome> {
  await playerOf(ctx, input.userId);
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const changed = await change(tx, now);
    if (!changed) throw DomainError.of(ConsoleCodes.CONSOLE_PLAYER_MISSING);
    await appendAudit(
      tx,
      {
        ...by,
        action,
        target: `user:${input.userId}`,
        before: changed.before,
        after: { ...changed.after, sessionsEnded: changed.endedSessionIds.length },
        reason: input.reason,
      },
      now,
    );
    return changed;
  });
  announceSessionsEnded(ctx, done.endedSessionIds);
  return { status: done.after.status, sessionsEnded: done.endedSessionIds.length };
}

export function setStatus(
  ctx: AppContext,
  by: AuditActor,
  input: { userId: number; status: AccountState['status']; reason: string },
): Promise<Outcome> {
  return changeAccount(ctx, by, input, 'player.status', async (tx, now) => {
    const changed = await setAccountStatus(tx, input.userId, input.status, now);
    // refused inside the transaction, so that the status read is the locked row's
    if (changed && changed.before.status === input.status)
      throw DomainError.of(ConsoleCodes.CONSOLE_PLAYER_STATUS_SAME);
    return changed;
  });
}

export function unlock(ctx: AppContext, by: AuditActor, input: { userId: number; reason: string }) {
  return changeAccount(ctx, by, input, 'player.unlock', async (tx) => {
    const changed = await unlockAccount(tx, input.userId);
    return changed && { ...changed, endedSessionIds: [] };
  });
}

export async function endSessions(
  ctx: AppContext,
  by: AuditActor,
  input: { userId: number; reason: string },
): Promise<Outcome> {
  // the account itself does not change: its state is written as both before and after
  const player = await playerOf(ctx, input.userId);
  const state = { status: player.status, failedLogins: player.failedLogins, lockedUntil: player.lockedUntil };
  return changeAccount(ctx, by, input, 'player.end_sessions', async (tx, now) => ({
    before: state,
    after: state,
    endedSessionIds: await endAccountSessions(tx, input.userId, now),
  }));
}

export async function listNotes(ctx: AppContext, userId: number) {
  await playerOf(ctx, userId);
  return { items: await repo.listNotes(ctx.db, userId) };
}

export async function addNote(
  ctx: AppContext,
  by: AuditActor & { staffId: number; account: string },
  input: { userId: number; body: string },
) {
  await playerOf(ctx, input.userId);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const note = await repo.insertNote(tx, {
      userId: input.userId,
      staffId: by.staffId,
      staffAccount: by.account,
      body: input.body,
      createdAt: now,
    });
    await appendAudit(
      tx,
      {
        actor: by.actor,
        role: by.role,
        ip: by.ip,
        userAgent: by.userAgent,
        action: 'player.note',
        target: `user:${input.userId}`,
        after: { noteId: note.noteId, body: note.body },
      },
      now,
    );
    return note;
  });
}

export async function riskSignals(ctx: AppContext, userId: number): Promise<PlayerRisk> {
  const player = await playerOf(ctx, userId);
  const [shared, devices, rounds, issues] = await Promise.all([
    repo.sharedIpAccounts(ctx.db, player.tenantId, userId, RISK_LIMIT),
    repo.sharedDeviceAccounts(ctx.db, player.tenantId, userId, RISK_LIMIT),
    repo.hedgedRounds(ctx.db, userId, RISK_LIMIT),
    repo.hedgedIssues(ctx.db, userId, RISK_LIMIT),
  ]);
  return {
    sharedIp: shared.map((r) => ({ ip: r.ip, userId: Number(r.id), userName: r.user_name, via: r.via })),
    sharedDevice: devices.map((r) => ({
      deviceId: r.device_id,
      userId: Number(r.id),
      userName: r.user_name,
    })),
    hedgedRounds: rounds.map((r) => ({
      gameCode: r.game_code,
      roundId: r.round_id,
      areas: [r.a, r.b],
      hedgedStake: formatMoney(BigInt(r.hedged)),
      at: Number(r.at),
    })),
    hedgedIssues: issues.map((r) => ({
      lotteryCode: r.lottery_code,
      issue: r.issue,
      playDetailCode: r.play,
      numbers: [r.a, r.b],
      at: Number(r.at),
    })),
  };
}

// ---- a player's records --------------------------------------------------------------------------

export async function playerRecords<K extends PlayerRecordKind>(
  ctx: AppContext,
  kind: K,
  input: { userId: number; cursor?: string; limit: number },
) {
  const player = await playerOf(ctx, input.userId);
  return recordPage(ctx.db, kind, { tenantId: player.tenantId, userId: player.userId }, input);
}

/** Every record of one kind, newest first, a bounded batch at a time (the CSV export streams these). */
export async function* recordBatches(
  ctx: AppContext,
  kind: PlayerRecordKind,
  userId: number,
  batchSize = 1000,
): AsyncGenerator<RecordRow[]> {
  const player = await playerOf(ctx, userId);
  let cursor: string | undefined;
  for (;;) {
    const page = await recordPage(
      ctx.db,
      kind,
      { tenantId: player.tenantId, userId },
      { cursor, limit: batchSize },
    );
    if (page.items.length) yield page.items;
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}
