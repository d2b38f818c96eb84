import { Codes } from '@lottery/contract/codes';
import { FieldMessages } from '@lottery/contract/fields';
import { formatMoney } from '@lottery/contract/money';
import { DEPOSIT_CHANNELS, type DepositChannel } from '@lottery/contract/wallet';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { DomainError } from '../../errors';
import { clearingAccount, houseAccount, playerAccount, postTransferIn } from '../wallet/index';
import { type OrderFilter, orderWhere } from './order-filter';
import { newOrderNo } from './order-no';
import { paymentChannel, type WalletSetting, walletSetting } from './settings';

export type DepositStatus = 'pending' | 'paid' | 'rejected' | 'expired';

export type DepositOrder = {
  orderNo: string;
  tenantId: number;
  userId: number;
  channel: DepositChannel;
  typeCode: number;
  amountMinor: bigint;
  bonusMinor: bigint;
  status: DepositStatus;
  depositorName: string | null;
  providerRef: string | null;
  remark: string | null;
  createdAt: number;
  completedAt: number | null;
};

type OrderRow = {
  order_no: string;
  tenant_id: number;
  user_id: string;
  channel: DepositChannel;
  type_code: number;
  amount_minor: string;
  bonus_minor: string;
  status: DepositStatus;
  depositor_name: string | null;
  provider_ref: string | null;
  remark: string | null;
  created_at: string;
  completed_at: string | null;
};

const ORDER_COLUMNS = sql`order_no, tenant_id, user_id::text, channel, type_code, amount_minor::text,
  bonus_minor::text, status, depositor_name, provider_ref, remark, created_at::text, completed_at::text`;

function toOrder(r: OrderRow): DepositOrder {
  return {
    orderNo: r.order_no,
    tenantId: r.tenant_id,
    userId: Number(r.user_id),
    channel: r.channel,
    typeCode: r.type_code,
    amountMinor: BigInt(r.amount_minor),
    bonusMinor: BigInt(r.bonus_minor),
    status: r.status,
    depositorName: r.depositor_name,
    providerRef: r.provider_ref,
    remark: r.remark,
    createdAt: Number(r.created_at),
    completedAt: r.completed_at === null ? null : Number(r.completed_at),
  };
}

export async function findDeposit(db: Executor, orderNo: string): Promise<DepositOrder | undefined> {
  const row = await queryOne<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} FROM deposit_order WHERE order_no = ${orderNo}`,
  );
  return row ? toOrder(row) : undefined;
}

/** Pending orders one player may hold at once; more is refused until some complete or expire. */
export const MAX_PENDING_DEPOSITS = 5;
/** A provider order not paid within this time expires; a bank transfer waits a day for the operator. */
export const PROVIDER_ORDER_TTL_MS = 30 * 60 * 1000;
export const BANK_ORDER_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Marks the player's stale pending orders expired. A payment that still arrives for one (late
 * provider notification, operator confirmation) completes it: the money was received.
 */
export async function expireStaleDeposits(db: Executor, userId: number, nowMs: number): Promise<void> {
  await db.execute(sql`
    UPDATE deposit_order SET status = 'expired', completed_at = ${nowMs}
    WHERE user_id = ${userId} AND status = 'pending'
      AND created_at < ${nowMs} - CASE WHEN channel = 'banktransfer' THEN ${BANK_ORDER_TTL_MS}::bigint
                                      ELSE ${PROVIDER_ORDER_TTL_MS}::bigint END`);
}

export async function createDeposit(
  db: Db,
  input: {
    tenantId: number;
    userId: number;
    channel: DepositChannel;
    amountMinor: bigint;
    depositorName?: string;
    nowMs: number;
  },
): Promise<DepositOrder> {
  const channel = await paymentChannel(db, input.tenantId, input.channel);
  if (!channel?.enabled) throw DomainError.of(Codes.CHANNEL_UNAVAILABLE);
  if (input.amountMinor < channel.minMinor || input.amountMinor > channel.maxMinor) {
    throw DomainError.of(
      Codes.INVALID_PARAM,
      `单笔充值金额范围为${formatMoney(channel.minMinor)}-${formatMoney(channel.maxMinor)}元`,
    );
  }
  if (channel.provider === 'bank' && !input.depositorName) {
    throw DomainError.of(Codes.INVALID_PARAM, FieldMessages.depositorNameRequired);
  }
  await expireStaleDeposits(db, input.userId, input.nowMs);
  const pending = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM deposit_order WHERE user_id = ${input.userId} AND status = 'pending'`,
  );
  if ((pending?.n ?? 0) >= MAX_PENDING_DEPOSITS) {
    throw DomainError.of(Codes.TOO_FREQUENT, '您有多笔未完成的充值订单，请完成或等待处理后再试');
  }
  const row = await queryOne<OrderRow>(
    db,
    sql`INSERT INTO deposit_order (order_no, tenant_id, user_id, channel, type_code, amount_minor,
          depositor_name, created_at)
        VALUES (${newOrderNo('D', input.nowMs)}, ${input.tenantId}, ${input.userId}, ${input.channel},
          ${DEPOSIT_CHANNELS[input.channel].typeCode}, ${input.amountMinor}, ${input.depositorName ?? null},
          ${input.nowMs})
        RETURNING ${ORDER_COLUMNS}`,
  );
  return toOrder(row!);
}

/** getRechargeDiscount: bonus for a deposit of `amountMinor` (0 when off or below the minimum). */
export function depositBonus(setting: WalletSetting, amountMinor: bigint): bigint {
  if (setting.bonusBasisPoints <= 0 || amountMinor < setting.bonusMinDepositMinor) return 0n;
  const bonus = (amountMinor * BigInt(setting.bonusBasisPoints)) / 10_000n;
  return bonus > setting.bonusMaxMinor ? setting.bonusMaxMinor : bonus;
}

export type CompleteResult = { order: DepositOrder; alreadyDone: boolean };

/**
 * Credits a pending order exactly once: the status flips with a conditional update in the same
 * transaction as the ledger credit (code by channel), the bonus (208) and the turnover
 * requirement. Completing an order that is already paid returns it unchanged.
 */
export async function completeDeposit(
  db: Db,
  orderNo: string,
  via: { providerRef: string | null; remark?: string; nowMs: number },
): Promise<CompleteResult> {
  const order = await findDeposit(db, orderNo);
  if (!order) throw DomainError.of(Codes.INVALID_PARAM, '订单不存在');
  if (order.status === 'paid') return { order, alreadyDone: true };
  if (order.status !== 'pending' && order.status !== 'expired')
    throw DomainError.of(Codes.ORDER_STATE_CHANGED);
  const channel = await paymentChannel(db, order.tenantId, order.channel);
  const setting = await walletSetting(db, order.tenantId);
  const player = await playerAccount(db, order.tenantId, order.userId);
  const clearing = await clearingAccount(db, order.tenantId, channel?.provider ?? 'bank');
  const house = await houseAccount(db, order.tenantId, order.userId);
  const bonusMinor = depositBonus(setting, order.amountMinor);

  return db.transaction(async (tx) => {
    const flipped = await queryOne<OrderRow>(
      tx,
      sql`UPDATE deposit_order SET status = 'paid', completed_at = ${via.nowMs}, bonus_minor = ${bonusMinor},
            provider_ref = coalesce(${via.providerRef}, provider_ref), remark = coalesce(${via.remark ?? null}, remark)
          WHERE order_no = ${orderNo} AND status IN ('pending', 'expired')
          RETURNING ${ORDER_COLUMNS}`,
    );
    if (!flipped) {
      // a concurrent completion won the race
      const now = await findDeposit(tx, orderNo);
      if (now?.status === 'paid') return { order: now, alreadyDone: true };
      throw DomainError.of(Codes.ORDER_STATE_CHANGED);
    }
    const related = { kind: 'deposit', id: orderNo };
    await postTransferIn(
      tx,
      {
        idempotencyKey: `deposit:${orderNo}`,
        typeCode: order.typeCode,
        lines: [
          { accountId: clearing, amountMinor: -order.amountMinor },
          { accountId: player, amountMinor: order.amountMinor },
        ],
        related,
      },
      via.nowMs,
    );
    if (bonusMinor > 0n) {
      await postTransferIn(
        tx,
        {
          idempotencyKey: `deposit-bonus:${orderNo}`,
          typeCode: 208,
          lines: [
            { accountId: house, amountMinor: -bonusMinor },
            { accountId: player, amountMinor: bonusMinor },
          ],
          related,
        },
        via.nowMs,
      );
    }
    const creditedMinor = order.amountMinor + bonusMinor;
    await tx.execute(sql`
      INSERT INTO withdraw_flow_requirement (user_id, source_kind, source_id, deposit_minor, required_minor, created_at)
      VALUES (${order.userId}, 'deposit', ${orderNo}, ${creditedMinor},
        ${(creditedMinor * BigInt(setting.turnoverPercent)) / 100n}, ${via.nowMs})
      ON CONFLICT (source_kind, source_id) DO NOTHING`);
    return { order: toOrder(flipped), alreadyDone: false };
  });
}

/** Operator refuses a pending or expired order (no money moved, nothing to undo). */
export async function rejectDeposit(
  db: Db,
  orderNo: string,
  remark: string,
  nowMs: number,
): Promise<DepositOrder> {
  const row = await queryOne<OrderRow>(
    db,
    sql`UPDATE deposit_order SET status = 'rejected', completed_at = ${nowMs}, remark = ${remark}
        WHERE order_no = ${orderNo} AND status IN ('pending', 'expired') RETURNING ${ORDER_COLUMNS}`,
  );
  if (!row) throw DomainError.of(Codes.ORDER_STATE_CHANGED);
  return toOrder(row);
}

export async function listDeposits(
  db: Executor,
  filter: OrderFilter<DepositStatus>,
  page: { limit: number; offset: number },
): Promise<{ rows: DepositOrder[]; total: number }> {
  const where = orderWhere(filter);
  const rows = await queryRows<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} FROM deposit_order WHERE ${where} ORDER BY created_at DESC, id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM deposit_order WHERE ${where}`,
  );
  return { rows: rows.map(toOrder), total: total?.n ?? 0 };
}
