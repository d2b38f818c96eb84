import { randomUUID } from 'node:crypto';
import { Codes } from '@lottery/contract/codes';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { TRANSACTION_TYPES, type TransactionTypeCode } from '@lottery/contract/wallet';
import {
  formatRatePpm,
  type TransferData,
  type TransferReq,
  type YuebaoActivity,
  type YuebaoBalanceLogs,
  type YuebaoInfo,
  type YuebaoLogQueryReq,
  YuebaoMessages,
  type YuebaoTranLogs,
} from '@lottery/contract/yuebao';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import { verifySafetyPassword } from '../security/index';
import {
  AccountCodes,
  balanceOf,
  LedgerInvariantError,
  playerAccount,
  postTransferIn,
} from '../wallet/index';
import { savingsAccount, YuebaoAccountCodes } from './accounts';
import { beijingDay, DAY_MS, dayLabel, dayStartMs } from './interest';
import {
  accrualLogs,
  activities,
  findConfig,
  interestTotals,
  pledgeProfitTotal,
  recordDayLow,
  tranLogs,
  type YuebaoConfig,
} from './repo';

/**
 * Yuebao savings (docs/yuebao.md): the saver's info, transfers in (ledger 306, wallet → yuebao)
 * and out (110, yuebao → wallet), and the logs.
 *
 * A transfer is one database transaction: the ledger transfer (which locks the wallet and the
 * savings account, checks both floors and claims the idempotency key `yuebao-in|out:<user>:<request>`)
 * and the day's low-water row of the savings balance. A retry with the same requestId replays
 * (nothing moves twice); two concurrent transfers of one saver queue on the savings account lock,
 * so the balance cap and the floor are checked against the latest balance.
 */

export type Saver = { tenantId: number; userId: number; userName: string };

const IN_CODE = 306;
const OUT_CODE = 110;

/** The site setting yuebaoEnable of the tenant's config (off unless set to true). */
export function yuebaoEnabledOn(tenant: { config: unknown } | undefined): boolean {
  return (tenant?.config as { yuebaoEnable?: unknown } | undefined)?.yuebaoEnable === true;
}

/** The tenant's rules, or -110004 (操作失败 → home) when yuebao is off or not set up. */
export async function enabledConfig(db: Db, tenantId: number, siteEnabled: boolean): Promise<YuebaoConfig> {
  const config = siteEnabled ? await findConfig(db, tenantId) : undefined;
  if (!config) throw DomainError.of(Codes.YUEBAO_FAILED_HOME);
  return config;
}

/** Amount typed by the player (already 2-decimal digits by the contract) → minor units, > 0. */
export function positiveAmount(text: string): bigint {
  const minor = parseMoney(text, 2);
  if (minor <= 0n) throw DomainError.of(Codes.YUEBAO_AMOUNT_MISMATCH, YuebaoMessages.zeroAmount);
  return minor;
}

const mismatch = (msg: string) => DomainError.of(Codes.YUEBAO_AMOUNT_MISMATCH, msg);

async function bestActivityRate(db: Db, tenantId: number, day: number, principal: bigint) {
  const rows = await activities(db, tenantId, day);
  const live = rows.filter((a) => a.startDay <= day && principal >= a.minBalanceMinor);
  return live.length === 0 ? null : Math.max(...live.map((a) => a.ratePpm));
}

export async function yuebaoInfo(
  db: Db,
  saver: Saver,
  config: YuebaoConfig,
  nowMs: number,
): Promise<YuebaoInfo> {
  const today = beijingDay(nowMs);
  const [savings, wallet, pledged, totals] = await Promise.all([
    balanceOf(db, saver.tenantId, YuebaoAccountCodes.savings(saver.userId)),
    balanceOf(db, saver.tenantId, AccountCodes.player(saver.userId)),
    balanceOf(db, saver.tenantId, YuebaoAccountCodes.pledge(saver.userId)),
    interestTotals(db, saver.userId, today - 1),
  ]);
  const activityRate = await bestActivityRate(db, saver.tenantId, today, savings);
  return {
    yuebaoBalance: formatMoney(savings, 4),
    balance: formatMoney(wallet),
    pledgeAmount: formatMoney(pledged),
    yesterdayInterest: formatMoney(totals.yesterdayMinor, 4),
    totalInterest: formatMoney(totals.totalMinor, 4),
    totalPledgeProfit: formatMoney(await pledgeProfitTotal(db, saver.userId)),
    annualRate: formatRatePpm(config.ratePpm),
    activityRate:
      activityRate === null || activityRate <= config.ratePpm ? null : formatRatePpm(activityRate),
    // 10000 yuan = 100,000,000 minor
    per10kDaily: formatMoney((100_000_000n * BigInt(config.ratePpm)) / 365_000_000n, 4),
    minTransferIn: formatMoney(config.minInMinor),
    maxTransferIn: formatMoney(config.maxInMinor),
    maxYuebaoBalance: formatMoney(config.maxBalanceMinor),
    lastAccruedDay: totals.lastDay === null ? null : dayLabel(totals.lastDay),
  };
}

type Direction = 'in' | 'out';

/** Transfer in or out; see the header for the guarantees. */
export async function transfer(
  db: Db,
  saver: Saver,
  config: YuebaoConfig,
  direction: Direction,
  req: TransferReq,
  nowMs: number,
): Promise<TransferData> {
  const amount = positiveAmount(req.amount);
  if (direction === 'in') {
    if (amount < config.minInMinor) throw mismatch(YuebaoMessages.belowMinIn(formatMoney(config.minInMinor)));
    if (amount > config.maxInMinor) throw mismatch(YuebaoMessages.aboveMaxIn(formatMoney(config.maxInMinor)));
  }
  await verifySafetyPassword(db, saver, req.safetyPassword, nowMs);
  const playerId = await playerAccount(db, saver.tenantId, saver.userId);
  const savingsId = await savingsAccount(db, saver.tenantId, saver.userId);
  const key = `yuebao-${direction}:${saver.userId}:${req.requestId ?? randomUUID()}`;
  const signed = direction === 'in' ? amount : -amount;
  try {
    return await db.transaction(async (tx) => {
      const posted = await postTransferIn(
        tx,
        {
          idempotencyKey: key,
          typeCode: direction === 'in' ? IN_CODE : OUT_CODE,
          lines: [
            { accountId: playerId, amountMinor: -signed },
            { accountId: savingsId, amountMinor: signed },
          ],
          related: { kind: 'yuebao', id: String(saver.userId) },
          remark: direction === 'in' ? '转入余额宝' : '余额宝转出',
        },
        nowMs,
      );
      const savingsAfter = posted.entries.find((e) => e.accountId === savingsId)!.balanceAfterMinor;
      if (!posted.replayed) {
        if (direction === 'in' && savingsAfter > config.maxBalanceMinor) {
          const room = config.maxBalanceMinor - (savingsAfter - amount);
          throw mismatch(YuebaoMessages.aboveMaxBalance(formatMoney(room > 0n ? room : 0n)));
        }
        await recordDayLow(tx, {
          userId: saver.userId,
          day: beijingDay(nowMs),
          beforeMinor: savingsAfter - signed,
          afterMinor: savingsAfter,
        });
      }
      return {
        amount: formatMoney(amount),
        yuebaoBalance: formatMoney(
          await balanceOf(tx, saver.tenantId, YuebaoAccountCodes.savings(saver.userId)),
          4,
        ),
        balance: formatMoney(await balanceOf(tx, saver.tenantId, AccountCodes.player(saver.userId))),
        replayed: posted.replayed,
      };
    });
  } catch (error) {
    // the same request id sent again with another amount
    if (error instanceof LedgerInvariantError && /reused/.test(error.message)) {
      throw mismatch(YuebaoMessages.requestReused);
    }
    // out of yuebao beyond its balance (the wallet side of a transfer in keeps 余额不足)
    if (
      direction === 'out' &&
      error instanceof DomainError &&
      error.code === Codes.INSUFFICIENT_BALANCE.code
    ) {
      const balance = await balanceOf(db, saver.tenantId, YuebaoAccountCodes.savings(saver.userId));
      throw mismatch(YuebaoMessages.aboveSavings(formatMoney(balance)));
    }
    throw error;
  }
}

/** Beijing-day range of a logs period. */
export function periodDays(period: YuebaoLogQueryReq['period'], nowMs: number): { from: number; to: number } {
  const today = beijingDay(nowMs);
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: today - 1, to: today - 1 };
    case 'sevenDays':
      return { from: today - 6, to: today };
    case 'thirtyDays':
      return { from: today - 29, to: today };
  }
}

export async function yuebaoTranLogs(
  db: Db,
  saver: Saver,
  query: YuebaoLogQueryReq,
  nowMs: number,
): Promise<YuebaoTranLogs> {
  const days = periodDays(query.period, nowMs);
  const savingsId = await savingsAccount(db, saver.tenantId, saver.userId);
  const page = await tranLogs(
    db,
    savingsId,
    { fromMs: dayStartMs(days.from), toMs: dayStartMs(days.to) + DAY_MS },
    query,
  );
  return {
    rows: page.rows.map((r) => ({
      id: r.id,
      typeCode: r.typeCode,
      typeName: TRANSACTION_TYPES[r.typeCode as TransactionTypeCode] ?? String(r.typeCode),
      amount: formatMoney(r.amountMinor, 4),
      yuebaoBalanceAfter: formatMoney(r.balanceAfterMinor, 4),
      createdAt: r.createdAt,
    })),
    total: page.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** Interest per accrued day; the period is of the accrued days (yesterday = the day before today). */
export async function yuebaoBalanceLogs(
  db: Db,
  saver: Saver,
  query: YuebaoLogQueryReq,
  nowMs: number,
): Promise<YuebaoBalanceLogs> {
  const page = await accrualLogs(db, saver.userId, periodDays(query.period, nowMs), query);
  return {
    rows: page.rows.map((r) => ({
      day: dayLabel(r.day),
      principal: formatMoney(r.principalMinor),
      annualRate: formatRatePpm(r.ratePpm),
      interest: formatMoney(r.interestMinor, 4),
      createdAt: r.createdAt,
    })),
    total: page.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    periodInterest: formatMoney(page.sumMinor, 4),
  };
}

export async function yuebaoActivities(db: Db, tenantId: number, nowMs: number): Promise<YuebaoActivity[]> {
  const today = beijingDay(nowMs);
  const rows = await activities(db, tenantId, today);
  return rows.map((a) => ({
    id: a.id,
    title: a.title,
    annualRate: formatRatePpm(a.ratePpm),
    minBalance: formatMoney(a.minBalanceMinor),
    startDay: dayLabel(a.startDay),
    endDay: dayLabel(a.endDay),
    active: a.startDay <= today && today <= a.endDay ? 1 : 0,
  }));
}
