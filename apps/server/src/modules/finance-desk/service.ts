import { readFile } from 'node:fs/promises';
import { Codes } from '@lottery/contract/codes';
import { ConsoleCodes } from '@lottery/contract/console/codes';
import type {
  AdjustRequest,
  ChannelRow,
  ChannelUpdateRequest,
  DepositExportRequest,
  DepositListRequest,
  DepositRow,
  WithdrawExportRequest,
  WithdrawListRequest,
  WithdrawRow,
} from '@lottery/contract/console/finance';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { DEPOSIT_CHANNEL_KEYS } from '@lottery/contract/wallet';
import { BEIJING_OFFSET_MS } from '@lottery/rules/beijing';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { type AuditEntry, appendAudit } from '../audit/index';
import { findUserByName } from '../auth/index';
import {
  approveWithdraw,
  completeDeposit,
  paymentChannel,
  proofFileOf,
  proofImagesOf,
  rejectDeposit,
  rejectWithdraw,
  turnoverStatus,
} from '../payment/index';
import { recordPage } from '../players-desk/index';
import { tenantOf } from '../site/index';
import type { AuditActor } from '../staff/index';
import {
  auditLedger,
  clearingAccount,
  houseAccount,
  LedgerInvariantError,
  playerAccount,
  postTransferIn,
  withdrawEscrowAccount,
} from '../wallet/index';
import * as repo from './repo';

/**
 * The finance desk's commands (issue 40 §5), for the console's routes and the admin CLI's order
 * commands (admin-commands.ts) alike. Money moves only through payment's completeDeposit,
 * rejectDeposit, approveWithdraw, rejectWithdraw and wallet's ledger, each run inside one
 * transaction of ours that also writes the action's single audit row, so the row commits with the
 * money move or neither does (their own transactions nest as savepoints).
 *
 * Races: a deposit or withdrawal flips with a conditional UPDATE (status = 'pending'), so of two
 * decisions at once one flips it and the other finds it decided. The four-eyes steps of one
 * withdrawal (first approval, second approval, reject) also take a per-order advisory lock, so two
 * approvals at once run one after the other: the second sees the first's row.
 */

/** What the desk reads of the app: a console request passes app.ctx, the CLI its own (admin-commands.ts). */
export type DeskContext = Pick<AppContext, 'config' | 'db' | 'clock' | 'tenant'>;

/**
 * Who acts: the audit actor (`staff:<id>` or `cli:<os user>`) with the staff id and account the
 * four-eyes record keeps; the CLI has no staff id, and its account is its actor.
 */
export type DeskActor = Omit<AuditActor, 'staffId'> & { staffId: number | null; account: string };

/** Channels whose money the desk sees arrive (a bank transfer; a digital-currency proof). */
export const HAND_CONFIRMED_CHANNELS = ['banktransfer', 'digitalcurrencypay'] as const;

const entryOf = (who: DeskActor, e: Omit<AuditEntry, 'actor' | 'role' | 'ip' | 'userAgent'>): AuditEntry => ({
  actor: who.actor,
  role: who.role,
  ip: who.ip,
  userAgent: who.userAgent,
  ...e,
});

/** A payment service's 订单状态已变更 (another decision committed first), in the desk's words. */
const decided = (error: unknown) => {
  if (error instanceof DomainError && error.code === Codes.ORDER_STATE_CHANGED.code)
    throw DomainError.of(ConsoleCodes.CONSOLE_ORDER_DECIDED);
  throw error;
};

/** 'YYYY-MM-DD' (Beijing) → the epoch ms of that day's midnight. */
function beijingDayMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(y, m - 1, d) - BEIJING_OFFSET_MS;
  // the round trip refuses a day or month that Date.UTC would roll over (02-30, 13-01)
  if (!Number.isFinite(ms) || new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 10) !== day)
    throw DomainError.of(Codes.INVALID_PARAM, '日期格式应为YYYY-MM-DD');
  return ms;
}
const DAY_MS = 86_400_000;

function cursorOf(cursor: string | undefined): { createdAt: number; orderNo: string } | undefined {
  if (!cursor) return undefined;
  const [at, orderNo] = cursor.split(':') as [string, string];
  return { createdAt: Number(at), orderNo };
}
const nextCursorOf = (rows: { created_at: string; order_no: string }[], limit: number) =>
  rows.length === limit ? `${rows.at(-1)!.created_at}:${rows.at(-1)!.order_no}` : null;

/** Rows per query of a CSV export: the stream holds one batch at a time, never the whole search. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Every row a filter finds, newest first, one keyset batch after another (each strictly after the
 * previous batch's last (createdAt, orderNo), so rows of one millisecond are neither skipped nor
 * repeated). No filter (an unknown player) finds nothing.
 */
async function* orderBatches<R extends { created_at: string; order_no: string }>(
  filter: repo.OrderListFilter | null,
  read: (f: repo.OrderListFilter) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let f = filter;
  while (f) {
    const rows = await read(f);
    if (rows.length) yield rows;
    if (rows.length < f.limit) return;
    const last = rows.at(-1)!;
    f = { ...f, after: { createdAt: Number(last.created_at), orderNo: last.order_no } };
  }
}

async function deskTenant(ctx: DeskContext): Promise<number> {
  return (await tenantOf(ctx)).id;
}

async function filterOf(
  ctx: DeskContext,
  q: z.output<typeof DepositListRequest> | z.output<typeof WithdrawListRequest>,
): Promise<repo.OrderListFilter | null> {
  const tenantId = await deskTenant(ctx);
  let userId: number | undefined;
  if (q.account !== undefined) {
    const user = await findUserByName(ctx.db, tenantId, q.account);
    if (!user) return null; // no such player: an empty page
    userId = user.id;
  }
  return {
    tenantId,
    status: q.status,
    channel: 'channel' in q ? q.channel : undefined,
    userId,
    orderNo: q.orderNo,
    fromMs: q.fromDay === undefined ? undefined : beijingDayMs(q.fromDay),
    toMs: q.toDay === undefined ? undefined : beijingDayMs(q.toDay) + DAY_MS,
    after: cursorOf(q.cursor),
    limit: q.limit,
  };
}

export function depositView(r: repo.DepositListRow): DepositRow {
  return {
    orderNo: r.order_no,
    userId: Number(r.user_id),
    account: r.user_name,
    channel: r.channel,
    typeCode: r.type_code,
    amount: formatMoney(BigInt(r.amount_minor)),
    bonus: formatMoney(BigInt(r.bonus_minor)),
    status: r.status,
    depositorName: r.depositor_name,
    remark: r.remark,
    createdAt: Number(r.created_at),
    completedAt: r.completed_at === null ? null : Number(r.completed_at),
  };
}

function withdrawView(ctx: DeskContext, r: repo.WithdrawListRow): WithdrawRow {
  const payout = typeof r.payout_snapshot === 'string' ? JSON.parse(r.payout_snapshot) : r.payout_snapshot;
  return {
    orderNo: r.order_no,
    userId: Number(r.user_id),
    account: r.user_name,
    amount: formatMoney(BigInt(r.amount_minor)),
    fee: formatMoney(BigInt(r.fee_minor)),
    status: r.status,
    payout: {
      kind: payout.kind,
      bankName: payout.bankName ?? null,
      accountNo: payout.accountNo,
      realName: payout.realName ?? null,
    },
    remark: r.remark,
    createdAt: Number(r.created_at),
    reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
    needsSecondApproval: needsTwo(ctx, BigInt(r.amount_minor)),
    firstApproval:
      r.first_at === null
        ? null
        : {
            staffId: r.first_staff_id === null ? null : Number(r.first_staff_id),
            account: r.first_staff_account!,
            reason: r.first_reason!,
            at: Number(r.first_at),
          },
  };
}

/** The audit actor of a withdrawal's first approval (migration 1045: the CLI's has no staff id). */
const firstApprover = (r: repo.WithdrawListRow) =>
  r.first_staff_id === null ? r.first_staff_account! : `staff:${r.first_staff_id}`;

const needsTwo = (ctx: DeskContext, amountMinor: bigint) =>
  amountMinor >= BigInt(ctx.config.WITHDRAW_SECOND_APPROVAL_MINOR);

// ---------------------------------------------------------------- deposits

export async function listDeposits(ctx: DeskContext, q: z.output<typeof DepositListRequest>) {
  const filter = await filterOf(ctx, q);
  if (!filter) return { items: [], nextCursor: null };
  const rows = await repo.listDepositRows(ctx.db, filter);
  return { items: rows.map(depositView), nextCursor: nextCursorOf(rows, q.limit) };
}

/** The deposit search's every match, `batchSize` rows at a time (the CSV export streams these). */
export async function* depositBatches(
  ctx: DeskContext,
  q: z.output<typeof DepositExportRequest>,
  batchSize = EXPORT_BATCH_ROWS,
): AsyncGenerator<DepositRow[]> {
  // resolved on the first next(): a bad filter (an impossible day) throws before any CSV byte
  const filter = await filterOf(ctx, { ...q, limit: batchSize });
  for await (const rows of orderBatches(filter, (f) => repo.listDepositRows(ctx.db, f)))
    yield rows.map(depositView);
}

export async function pendingDeposits(ctx: DeskContext) {
  const rows = await repo.pendingDepositRows(ctx.db, await deskTenant(ctx), HAND_CONFIRMED_CHANNELS, 200);
  return { items: rows.map(depositView) };
}

async function deskDeposit(ctx: DeskContext, orderNo: string): Promise<repo.DepositListRow> {
  const row = await repo.depositRow(ctx.db, orderNo);
  if (!row || row.tenant_id !== (await deskTenant(ctx)))
    throw DomainError.of(ConsoleCodes.CONSOLE_ORDER_MISSING);
  return row;
}

/** Proof images are served to signed-in staff by the desk (routes.ts), never from /v1. */
export const proofUrl = (orderNo: string, name: string) =>
  `/console/api/finance/deposits/proof?orderNo=${encodeURIComponent(orderNo)}&name=${encodeURIComponent(name)}`;

export async function depositDetail(ctx: DeskContext, orderNo: string) {
  const row = await deskDeposit(ctx, orderNo);
  const names = await proofImagesOf(ctx.db, orderNo);
  return { order: depositView(row), proofImages: names.map((n) => proofUrl(orderNo, n)) };
}

/** One deposit order of the desk's tenant (the CLI reads it before applying its channel rule). */
export async function depositOrder(ctx: DeskContext, orderNo: string): Promise<DepositRow> {
  return depositView(await deskDeposit(ctx, orderNo));
}

/** How a confirmation marks the order (provider_ref, remark) and the reason its audit row keeps. */
export type DepositCredit = { providerRef: string; remark: string; reason: string };

/**
 * The console's confirmation: only the channels the desk confirms by hand, only a pending (or
 * expired) order; a decided order is refused in the desk's words.
 */
export async function confirmDeposit(ctx: DeskContext, who: DeskActor, orderNo: string, reason: string) {
  const before = await deskDeposit(ctx, orderNo);
  if (!(HAND_CONFIRMED_CHANNELS as readonly string[]).includes(before.channel))
    throw DomainError.of(ConsoleCodes.CONSOLE_DEPOSIT_NOT_MANUAL);
  if (before.status === 'paid') throw DomainError.of(ConsoleCodes.CONSOLE_DEPOSIT_ALREADY_PAID);
  if (before.status === 'rejected') throw DomainError.of(ConsoleCodes.CONSOLE_ORDER_DECIDED);
  const credit = { providerRef: `console:${who.actor}:${ctx.clock.now()}`, remark: reason, reason };
  const done = await creditRow(ctx, who, before, credit).catch(decided);
  // a confirmation that committed while we waited: refused, and nothing of ours is written
  if (done.alreadyDone) throw DomainError.of(ConsoleCodes.CONSOLE_DEPOSIT_ALREADY_PAID);
  return done.order;
}

/**
 * Credits a deposit with its audit row, the channel rule left to the caller (the CLI's: bank
 * transfers, any other channel with --force). An order already paid answers `alreadyDone` and
 * writes nothing; payment's refusals (a rejected order: 订单状态已变更) pass through as they are.
 */
export async function creditDepositOrder(
  ctx: DeskContext,
  who: DeskActor,
  orderNo: string,
  credit: DepositCredit,
) {
  return creditRow(ctx, who, await deskDeposit(ctx, orderNo), credit);
}

async function creditRow(
  ctx: DeskContext,
  who: DeskActor,
  before: repo.DepositListRow,
  credit: DepositCredit,
): Promise<{ alreadyDone: boolean; order: DepositRow }> {
  const orderNo = before.order_no;
  // the accounts exist (committed on their own) before our transaction uses them
  const channel = await paymentChannel(ctx.db, before.tenant_id, before.channel);
  await playerAccount(ctx.db, before.tenant_id, Number(before.user_id));
  await houseAccount(ctx.db, before.tenant_id, Number(before.user_id));
  await clearingAccount(ctx.db, before.tenant_id, channel?.provider ?? 'bank');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const done = await completeDeposit(tx, orderNo, {
      providerRef: credit.providerRef,
      remark: credit.remark,
      nowMs: now,
    });
    const after = (await repo.depositRow(tx, orderNo))!;
    if (done.alreadyDone) return { alreadyDone: true, order: depositView(after) };
    await appendAudit(
      tx,
      entryOf(who, {
        action: 'deposit.confirm',
        target: `deposit:${orderNo}`,
        before: depositView(before),
        after: depositView(after),
        reason: credit.reason,
      }),
      now,
    );
    return { alreadyDone: false, order: depositView(after) };
  });
}

/** The console's refusal: a paid order is refused in the desk's words (not the confirm's). */
export async function rejectDepositOrder(ctx: DeskContext, who: DeskActor, orderNo: string, reason: string) {
  const before = await deskDeposit(ctx, orderNo);
  if (before.status === 'paid') throw DomainError.of(ConsoleCodes.CONSOLE_DEPOSIT_NOT_REJECTABLE);
  return refuseRow(ctx, who, before, reason).catch(decided);
}

/** Refuses a pending (or expired) deposit with its audit row; payment's refusals pass through. */
export async function refuseDepositOrder(ctx: DeskContext, who: DeskActor, orderNo: string, reason: string) {
  return refuseRow(ctx, who, await deskDeposit(ctx, orderNo), reason);
}

async function refuseRow(ctx: DeskContext, who: DeskActor, before: repo.DepositListRow, reason: string) {
  const orderNo = before.order_no;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await rejectDeposit(tx, orderNo, reason, now);
    const after = (await repo.depositRow(tx, orderNo))!;
    await appendAudit(
      tx,
      entryOf(who, {
        action: 'deposit.reject',
        target: `deposit:${orderNo}`,
        before: depositView(before),
        after: depositView(after),
        reason,
      }),
      now,
    );
    return depositView(after);
  });
}

// ---------------------------------------------------------------- withdrawals

export async function listWithdrawals(ctx: DeskContext, q: z.output<typeof WithdrawListRequest>) {
  const filter = await filterOf(ctx, q);
  if (!filter) return { items: [], nextCursor: null };
  const rows = await repo.listWithdrawRows(ctx.db, filter);
  return { items: rows.map((r) => withdrawView(ctx, r)), nextCursor: nextCursorOf(rows, q.limit) };
}

/** The withdrawal search's every match, `batchSize` rows at a time (the CSV export streams these). */
export async function* withdrawBatches(
  ctx: DeskContext,
  q: z.output<typeof WithdrawExportRequest>,
  batchSize = EXPORT_BATCH_ROWS,
): AsyncGenerator<WithdrawRow[]> {
  // resolved on the first next(): a bad filter (an impossible day) throws before any CSV byte
  const filter = await filterOf(ctx, { ...q, limit: batchSize });
  for await (const rows of orderBatches(filter, (f) => repo.listWithdrawRows(ctx.db, f)))
    yield rows.map((r) => withdrawView(ctx, r));
}

export async function withdrawQueue(ctx: DeskContext) {
  const rows = await repo.withdrawQueueRows(ctx.db, await deskTenant(ctx), 200);
  return { items: rows.map((r) => withdrawView(ctx, r)) };
}

async function deskWithdraw(ctx: DeskContext, orderNo: string): Promise<repo.WithdrawListRow> {
  const row = await repo.withdrawRow(ctx.db, orderNo);
  if (!row || row.tenant_id !== (await deskTenant(ctx)))
    throw DomainError.of(ConsoleCodes.CONSOLE_ORDER_MISSING);
  return row;
}

/** One withdrawal of the desk's tenant, as the queue shows it (the CLI reads it before deciding). */
export async function withdrawOrder(ctx: DeskContext, orderNo: string): Promise<WithdrawRow> {
  return withdrawView(ctx, await deskWithdraw(ctx, orderNo));
}

const RECENT = 10;

/**
 * What the reviewer weighs: the player's turnover requirement, latest deposits and latest lottery
 * bets (the players desk's own listing of them, one keyset page).
 */
export async function withdrawDetail(ctx: DeskContext, orderNo: string) {
  const row = await deskWithdraw(ctx, orderNo);
  const userId = Number(row.user_id);
  const player = await playerAccount(ctx.db, row.tenant_id, userId);
  const turnover = await turnoverStatus(ctx.db, userId, player);
  const deposits = await repo.listDepositRows(ctx.db, { tenantId: row.tenant_id, userId, limit: RECENT });
  const bets = await recordPage(ctx.db, 'bets', { tenantId: row.tenant_id, userId }, { limit: RECENT });
  return {
    order: withdrawView(ctx, row),
    turnover: {
      required: formatMoney(turnover.requiredMinor),
      done: formatMoney(turnover.doneMinor),
      remaining: formatMoney(turnover.remainingMinor),
    },
    recentDeposits: deposits.map(depositView),
    recentBets: bets.items,
    secondApprovalFrom: formatMoney(BigInt(ctx.config.WITHDRAW_SECOND_APPROVAL_MINOR)),
  };
}

/** The accounts a withdrawal's decision posts to, created (committed) before our transaction. */
async function warmWithdrawAccounts(ctx: DeskContext, row: repo.WithdrawListRow): Promise<void> {
  const userId = Number(row.user_id);
  await withdrawEscrowAccount(ctx.db, row.tenant_id, userId);
  await playerAccount(ctx.db, row.tenant_id, userId);
  await clearingAccount(ctx.db, row.tenant_id, 'payout');
  await houseAccount(ctx.db, row.tenant_id, userId);
}

/**
 * Approve: below the threshold it pays at once; at or above it the first approval is recorded and
 * a second approver's pays. Approvers are told apart by their audit actor (`staff:<id>`,
 * `cli:<os user>`): the same one twice is refused (CONSOLE_SAME_APPROVER); a CLI approval after a
 * staff member's, or the other way round, pays.
 */
export async function approveWithdrawal(ctx: DeskContext, who: DeskActor, orderNo: string, reason: string) {
  const known = await deskWithdraw(ctx, orderNo);
  await warmWithdrawAccounts(ctx, known);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await repo.lockWithdrawDecision(tx, orderNo);
    const before = (await repo.withdrawRow(tx, orderNo))!;
    if (before.status !== 'pending') throw DomainError.of(ConsoleCodes.CONSOLE_ORDER_DECIDED);
    const two = needsTwo(ctx, BigInt(before.amount_minor));
    if (two && before.first_at === null) {
      await repo.insertFirstApproval(tx, {
        orderNo,
        staffId: who.staffId,
        staffAccount: who.account,
        reason,
        nowMs: now,
      });
      const after = (await repo.withdrawRow(tx, orderNo))!;
      await appendAudit(
        tx,
        entryOf(who, {
          action: 'withdraw.first_approve',
          target: `withdraw:${orderNo}`,
          before: withdrawView(ctx, before),
          after: withdrawView(ctx, after),
          reason,
        }),
        now,
      );
      return { state: 'first_approved' as const, order: withdrawView(ctx, after) };
    }
    if (two && firstApprover(before) === who.actor) throw DomainError.of(ConsoleCodes.CONSOLE_SAME_APPROVER);
    await approveWithdraw(tx, orderNo, reason, now).catch(decided);
    const after = (await repo.withdrawRow(tx, orderNo))!;
    await appendAudit(
      tx,
      entryOf(who, {
        action: 'withdraw.approve',
        target: `withdraw:${orderNo}`,
        before: withdrawView(ctx, before),
        after: withdrawView(ctx, after),
        reason,
      }),
      now,
    );
    return { state: 'paid' as const, order: withdrawView(ctx, after) };
  });
}

export async function rejectWithdrawal(ctx: DeskContext, who: DeskActor, orderNo: string, reason: string) {
  const known = await deskWithdraw(ctx, orderNo);
  await warmWithdrawAccounts(ctx, known);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await repo.lockWithdrawDecision(tx, orderNo);
    const before = (await repo.withdrawRow(tx, orderNo))!;
    if (before.status !== 'pending') throw DomainError.of(ConsoleCodes.CONSOLE_ORDER_DECIDED);
    await rejectWithdraw(tx, orderNo, reason, now).catch(decided);
    const after = (await repo.withdrawRow(tx, orderNo))!;
    await appendAudit(
      tx,
      entryOf(who, {
        action: 'withdraw.reject',
        target: `withdraw:${orderNo}`,
        before: withdrawView(ctx, before),
        after: withdrawView(ctx, after),
        reason,
      }),
      now,
    );
    return withdrawView(ctx, after);
  });
}

// ---------------------------------------------------------------- manual adjustments

/**
 * Credits or debits a player with a manual code, as the CLI's balance-adjust does (house against
 * player). The ledger's idempotency key is `console-adjust:<user>:<key>`: the same key again
 * replays the first transfer (no money, no audit row); the same key for another adjustment is
 * refused. A debit beyond the balance is refused by the ledger (INSUFFICIENT_BALANCE).
 */
export async function adjustBalance(ctx: DeskContext, who: DeskActor, input: AdjustRequest) {
  const tenantId = await deskTenant(ctx);
  const user = await findUserByName(ctx.db, tenantId, input.account);
  if (!user) throw DomainError.of(ConsoleCodes.CONSOLE_ADJUST_PLAYER_MISSING);
  const magnitude = parseMoney(input.amount, 2);
  const amountMinor = input.direction === 'credit' ? magnitude : -magnitude;
  const player = await playerAccount(ctx.db, tenantId, user.id);
  const house = await houseAccount(ctx.db, tenantId, user.id);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const posted = await postTransferIn(
      tx,
      {
        idempotencyKey: `console-adjust:${user.id}:${input.idempotencyKey}`,
        typeCode: input.typeCode,
        lines: [
          { accountId: house, amountMinor: -amountMinor },
          { accountId: player, amountMinor },
        ],
        related: { kind: 'operator', id: who.actor },
        remark: input.reason,
      },
      now,
    ).catch((error) => {
      if (error instanceof LedgerInvariantError) throw DomainError.of(ConsoleCodes.CONSOLE_ADJUST_KEY_REUSED);
      throw error;
    });
    const balanceMinor = posted.entries.find((e) => e.accountId === player)!.balanceAfterMinor;
    const result = { replayed: posted.replayed, balance: formatMoney(balanceMinor), txnId: posted.txnId };
    if (posted.replayed) return result;
    await appendAudit(
      tx,
      entryOf(who, {
        action: 'adjust.create',
        target: `user:${user.id}`,
        before: { balance: formatMoney(balanceMinor - amountMinor) },
        after: {
          balance: formatMoney(balanceMinor),
          amount: formatMoney(amountMinor),
          typeCode: input.typeCode,
          idempotencyKey: input.idempotencyKey,
          txnId: posted.txnId,
        },
        reason: input.reason,
      }),
      now,
    );
    return result;
  });
}

/** One of an order's proof images (only a name the order lists: no path comes from the client). */
export async function proofImage(ctx: DeskContext, orderNo: string, name: string): Promise<Buffer> {
  await deskDeposit(ctx, orderNo);
  const names = await proofImagesOf(ctx.db, orderNo);
  if (!names.includes(name)) throw DomainError.of(ConsoleCodes.CONSOLE_ORDER_MISSING);
  return readFile(proofFileOf(ctx.config.DATA_DIR, name)).catch(() => {
    throw DomainError.of(ConsoleCodes.CONSOLE_ORDER_MISSING, '凭证图片不存在');
  });
}

// ---------------------------------------------------------------- payment channels

const channelView = (r: repo.ChannelSettingRow): ChannelRow => ({
  channel: r.channel,
  name: r.name,
  enabled: r.enabled,
  sort: r.sort,
  min: formatMoney(BigInt(r.min_minor)),
  max: formatMoney(BigInt(r.max_minor)),
  provider: r.provider,
});

/** Every configured channel in the players' order, through payment's settings reader. */
export async function listChannels(ctx: DeskContext) {
  const tenantId = await deskTenant(ctx);
  const found = await Promise.all(DEPOSIT_CHANNEL_KEYS.map((c) => paymentChannel(ctx.db, tenantId, c)));
  const items = found
    .filter((c) => c !== undefined)
    .sort((a, b) => a.sort - b.sort)
    .map((c) => ({
      channel: c.channel,
      name: c.name,
      enabled: c.enabled,
      sort: c.sort,
      min: formatMoney(c.minMinor),
      max: formatMoney(c.maxMinor),
      provider: c.provider,
    }));
  return { items };
}

export async function updateChannelSetting(ctx: DeskContext, who: DeskActor, input: ChannelUpdateRequest) {
  const tenantId = await deskTenant(ctx);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await repo.lockChannel(tx, tenantId, input.channel);
    if (!before) throw DomainError.of(Codes.INVALID_PARAM, '支付渠道不存在');
    const next = {
      enabled: input.enabled ?? before.enabled,
      sort: input.sort ?? before.sort,
      minMinor: input.min === undefined ? BigInt(before.min_minor) : parseMoney(input.min, 2),
      maxMinor: input.max === undefined ? BigInt(before.max_minor) : parseMoney(input.max, 2),
    };
    if (next.minMinor > next.maxMinor) throw DomainError.of(Codes.INVALID_PARAM, '最低金额不能高于最高金额');
    const after = (await repo.updateChannel(tx, tenantId, input.channel, next))!;
    await appendAudit(
      tx,
      entryOf(who, {
        action: 'channel.update',
        target: `channel:${input.channel}`,
        before: channelView(before),
        after: channelView(after),
        reason: input.reason,
      }),
      now,
    );
    return channelView(after);
  });
}

// ---------------------------------------------------------------- reconciliation

/** A Beijing day's reconciliation: the ledger audit of the desk's tenant and the day's totals. */
export async function reconciliation(ctx: DeskContext, day: string) {
  const tenantId = await deskTenant(ctx);
  const fromMs = beijingDayMs(day);
  const toMs = fromMs + DAY_MS;
  const audit = await auditLedger(ctx.db, tenantId);
  const deposits = await repo.depositTotals(ctx.db, tenantId, fromMs, toMs);
  const withdrawals = await repo.withdrawTotals(ctx.db, tenantId, fromMs, toMs);
  return {
    day,
    ledger: {
      ok: audit.ok,
      accounts: audit.accounts,
      transactions: audit.transactions,
      balanceSum: formatMoney(audit.balanceSumMinor, 4),
      entrySum: formatMoney(audit.entrySumMinor, 4),
      unbalancedTxnIds: audit.unbalancedTxnIds,
      driftedAccounts: audit.driftedAccounts.map((a) => a.accountId),
      negativeAccounts: audit.negativeAccounts.map((a) => a.accountId),
    },
    deposits: deposits.map((d) => ({
      channel: d.channel,
      count: d.n,
      amount: formatMoney(BigInt(d.amount)),
      bonus: formatMoney(BigInt(d.bonus)),
    })),
    withdrawals: withdrawals.map((w) => ({
      payoutKind: w.kind,
      paidCount: w.paid,
      paidAmount: formatMoney(BigInt(w.paid_amount)),
      fee: formatMoney(BigInt(w.fee)),
      rejectedCount: w.rejected,
      rejectedAmount: formatMoney(BigInt(w.rejected_amount)),
    })),
  };
}
