import { Codes } from '@lottery/contract/codes';
import { formatMoney } from '@lottery/contract/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { DomainError } from '../../errors';
import { findPayoutAccount, type PayoutAccount } from '../security/index';
import {
  beijingDayStartMs,
  clearingAccount,
  houseAccount,
  playerAccount,
  postTransferIn,
  withdrawEscrowAccount,
} from '../wallet/index';
import { type OrderFilter, orderWhere } from './order-filter';
import { newOrderNo } from './order-no';
import { walletSetting } from './settings';
import { turnoverStatus } from './turnover';

export type WithdrawStatus = 'pending' | 'approved' | 'rejected';

export type WithdrawOrder = {
  orderNo: string;
  tenantId: number;
  userId: number;
  /** null once the card was removed (destructionCheckBankCard); `payout` keeps it as it was. */
  payoutAccountId: number | null;
  payout: Pick<PayoutAccount, 'kind' | 'bankName' | 'accountNo' | 'realName' | 'protocol'>;
  amountMinor: bigint;
  feeMinor: bigint;
  status: WithdrawStatus;
  remark: string | null;
  createdAt: number;
  reviewedAt: number | null;
};

type Row = {
  order_no: string;
  tenant_id: number;
  user_id: string;
  payout_account_id: string | null;
  payout_snapshot: WithdrawOrder['payout'] | string;
  amount_minor: string;
  fee_minor: string;
  status: WithdrawStatus;
  remark: string | null;
  created_at: string;
  reviewed_at: string | null;
};

const COLUMNS = sql`order_no, tenant_id, user_id::text, payout_account_id::text, payout_snapshot, amount_minor::text,
  fee_minor::text, status, remark, created_at::text, reviewed_at::text`;

const toOrder = (r: Row): WithdrawOrder => ({
  orderNo: r.order_no,
  tenantId: r.tenant_id,
  userId: Number(r.user_id),
  payoutAccountId: r.payout_account_id === null ? null : Number(r.payout_account_id),
  payout: typeof r.payout_snapshot === 'string' ? JSON.parse(r.payout_snapshot) : r.payout_snapshot,
  amountMinor: BigInt(r.amount_minor),
  feeMinor: BigInt(r.fee_minor),
  status: r.status,
  remark: r.remark,
  createdAt: Number(r.created_at),
  reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
});

export async function findWithdraw(db: Executor, orderNo: string): Promise<WithdrawOrder | undefined> {
  const row = await queryOne<Row>(db, sql`SELECT ${COLUMNS} FROM withdraw_order WHERE order_no = ${orderNo}`);
  return row ? toOrder(row) : undefined;
}

/**
 * saveFrontWithdrawRecord after the safety password was verified: checks the tenant limits, the
 * daily count and the turnover requirement, then moves the amount from the player to their
 * withdrawal escrow (code 301) in the same transaction as the order row.
 */
export async function requestWithdraw(
  db: Db,
  input: { tenantId: number; userId: number; payoutAccountId: number; amountMinor: bigint; nowMs: number },
): Promise<WithdrawOrder> {
  const setting = await walletSetting(db, input.tenantId);
  if (input.amountMinor < setting.withdrawMinMinor || input.amountMinor > setting.withdrawMaxMinor) {
    throw DomainError.of(
      Codes.WITHDRAW_LIMIT,
      `单笔提现金额范围为${formatMoney(setting.withdrawMinMinor)}-${formatMoney(setting.withdrawMaxMinor)}元`,
    );
  }
  const payout = await findPayoutAccount(db, input.userId, input.payoutAccountId);
  if (!payout) throw DomainError.of(Codes.INVALID_PARAM, '请选择收款账户');
  const player = await playerAccount(db, input.tenantId, input.userId);
  const escrow = await withdrawEscrowAccount(db, input.tenantId, input.userId);
  const turnover = await turnoverStatus(db, input.userId, player);
  if (turnover.remainingMinor > 0n) {
    throw DomainError.of(
      Codes.TURNOVER_NOT_MET,
      `${Codes.TURNOVER_NOT_MET.msg}（还需投注${formatMoney(turnover.remainingMinor)}元）`,
    );
  }
  const feeMinor = (input.amountMinor * BigInt(setting.withdrawFeeBasisPoints)) / 10_000n;
  const snapshot = {
    kind: payout.kind,
    bankName: payout.bankName,
    accountNo: payout.accountNo,
    realName: payout.realName,
    protocol: payout.protocol,
  };
  const orderNo = newOrderNo('W', input.nowMs);
  return db.transaction(async (tx) => {
    // one request per player at a time, so simultaneous requests cannot all pass the daily count
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('withdraw'), ${input.userId}::int)`);
    const today = await queryOne<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM withdraw_order WHERE user_id = ${input.userId} AND status <> 'rejected'
          AND created_at >= ${beijingDayStartMs(input.nowMs)}`,
    );
    if ((today?.n ?? 0) >= setting.withdrawDailyCount) {
      throw DomainError.of(Codes.WITHDRAW_LIMIT, `每日最多可提现${setting.withdrawDailyCount}次`);
    }
    // the card may have been removed (destructionCheckBankCard, under this same lock) meanwhile
    const still = await queryOne<{ id: string }>(
      tx,
      sql`SELECT id::text FROM payout_account WHERE id = ${payout.id} AND user_id = ${input.userId} FOR KEY SHARE`,
    );
    if (!still) throw DomainError.of(Codes.INVALID_PARAM, '请选择收款账户');
    const row = await queryOne<Row>(
      tx,
      sql`INSERT INTO withdraw_order (order_no, tenant_id, user_id, payout_account_id, payout_snapshot, amount_minor,
            fee_minor, created_at)
          VALUES (${orderNo}, ${input.tenantId}, ${input.userId}, ${payout.id}, ${JSON.stringify(snapshot)}::jsonb,
            ${input.amountMinor}, ${feeMinor}, ${input.nowMs})
          RETURNING ${COLUMNS}`,
    );
    await postTransferIn(
      tx,
      {
        idempotencyKey: `withdraw:${orderNo}`,
        typeCode: 301,
        lines: [
          { accountId: player, amountMinor: -input.amountMinor },
          { accountId: escrow, amountMinor: input.amountMinor },
        ],
        related: { kind: 'withdraw', id: orderNo },
      },
      input.nowMs,
    );
    return toOrder(row!);
  });
}

async function review(
  db: Db,
  orderNo: string,
  decision: 'approved' | 'rejected',
  remark: string,
  nowMs: number,
): Promise<WithdrawOrder> {
  const order = await findWithdraw(db, orderNo);
  if (!order) throw DomainError.of(Codes.INVALID_PARAM, '订单不存在');
  if (order.status !== 'pending') throw DomainError.of(Codes.ORDER_STATE_CHANGED);
  const escrow = await withdrawEscrowAccount(db, order.tenantId, order.userId);
  const player = await playerAccount(db, order.tenantId, order.userId);
  const payout = await clearingAccount(db, order.tenantId, 'payout');
  const house = await houseAccount(db, order.tenantId, order.userId);
  return db.transaction(async (tx) => {
    const row = await queryOne<Row>(
      tx,
      sql`UPDATE withdraw_order SET status = ${decision}, remark = ${remark}, reviewed_at = ${nowMs}
          WHERE order_no = ${orderNo} AND status = 'pending' RETURNING ${COLUMNS}`,
    );
    if (!row) throw DomainError.of(Codes.ORDER_STATE_CHANGED);
    const related = { kind: 'withdraw', id: orderNo };
    if (decision === 'approved') {
      // paid out: the money leaves through the payout clearing account, the fee stays with the house
      const lines = [
        { accountId: escrow, amountMinor: -order.amountMinor },
        { accountId: payout, amountMinor: order.amountMinor - order.feeMinor },
      ];
      if (order.feeMinor > 0n) lines.push({ accountId: house, amountMinor: order.feeMinor });
      await postTransferIn(
        tx,
        { idempotencyKey: `withdraw-paid:${orderNo}`, typeCode: 301, lines, related },
        nowMs,
      );
    } else {
      await postTransferIn(
        tx,
        {
          idempotencyKey: `withdraw-return:${orderNo}`,
          typeCode: 201,
          lines: [
            { accountId: escrow, amountMinor: -order.amountMinor },
            { accountId: player, amountMinor: order.amountMinor },
          ],
          related,
          remark,
        },
        nowMs,
      );
    }
    return toOrder(row);
  });
}

export const approveWithdraw = (db: Db, orderNo: string, remark: string, nowMs: number) =>
  review(db, orderNo, 'approved', remark, nowMs);
export const rejectWithdraw = (db: Db, orderNo: string, remark: string, nowMs: number) =>
  review(db, orderNo, 'rejected', remark, nowMs);

export async function listWithdraws(
  db: Executor,
  filter: OrderFilter<WithdrawStatus>,
  page: { limit: number; offset: number },
): Promise<{ rows: WithdrawOrder[]; total: number }> {
  const where = orderWhere(filter);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM withdraw_order WHERE ${where} ORDER BY created_at DESC, id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM withdraw_order WHERE ${where}`,
  );
  return { rows: rows.map(toOrder), total: total?.n ?? 0 };
}
