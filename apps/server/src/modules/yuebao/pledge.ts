import { randomUUID } from 'node:crypto';
import { Codes } from '@lottery/contract/codes';
import { formatMoney } from '@lottery/contract/money';
import {
  type CancelPledgeData,
  type CreatePledgeData,
  type CreatePledgeReq,
  formatRatePpm,
  PLEDGE_STATE_NAMES,
  type PledgeOrder,
  type PledgeOrderList,
  type PledgeProduct,
  type PledgeProfitLogs,
  YuebaoMessages,
} from '@lottery/contract/yuebao';
import { beijingStamp } from '@lottery/rules/beijing';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import { verifySafetyPassword } from '../security/index';
import { AccountCodes, balanceOf, houseAccount, playerAccount, postTransferIn } from '../wallet/index';
import { pledgeAccount } from './accounts';
import { cancelPenalty, DAY_MS, pledgeProfit } from './interest';
import {
  countHolding,
  dueOrders,
  findOrder,
  findProduct,
  holdingCounts,
  insertOrder,
  insertProfit,
  lockAccountRow,
  markCancelled,
  markMatured,
  type OrderRow,
  orderList,
  products,
  profitLogs,
  setAutoRenew,
} from './repo';
import { positiveAmount, type Saver } from './service';

/**
 * Pledge (质押) orders (docs/yuebao.md "Pledges"). Principal moves wallet → `pledge:<user>` on
 * create (ledger 305); at maturity the profit is paid house → wallet (218) and the principal
 * returns pledge → wallet (217), or stays locked in a new order when auto-renew is on; an early
 * cancel returns principal less the penalty (613) and the penalty goes to the house (614).
 *
 * Every write of one player's pledges (create, cancel, maturity) first locks that player's pledge
 * account row, then lets the ledger lock the wallet and house: one order of locks, so they never
 * deadlock, the order cap is counted under the lock, and an order ends exactly once (its state
 * changes from 1 by a conditional UPDATE in the same transaction as its money).
 */

const PLEDGE_CODE = 305;
const RETURN_CODE = 217;
const PROFIT_CODE = 218;
const CANCEL_RETURN_CODE = 613;
const CANCEL_PENALTY_CODE = 614;

function orderView(o: OrderRow): PledgeOrder {
  return {
    id: o.id,
    orderNo: o.orderNo,
    productId: o.productId,
    productName: o.productName,
    amount: formatMoney(o.principalMinor),
    annualRate: formatRatePpm(o.ratePpm),
    termDays: o.termDays,
    profit: formatMoney(o.profitMinor, 4),
    penaltyRate: formatRatePpm(o.penaltyPpm),
    penalty: o.penaltyMinor === null ? null : formatMoney(o.penaltyMinor, 4),
    autoRenew: o.autoRenew ? 1 : 0,
    state: o.state,
    stateName: PLEDGE_STATE_NAMES[o.state] ?? '',
    startedAt: o.startedAt,
    maturesAt: o.maturesAt,
    settledAt: o.settledAt,
    renewedFrom: o.renewedFrom,
  };
}

/** "P" + yyyyMMddHHmmss (Beijing) + 6 random digits. */
function orderNo(nowMs: number): string {
  const stamp = beijingStamp(nowMs);
  return `P${stamp}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
}

export async function pledgeProducts(db: Db, saver: Saver): Promise<PledgeProduct[]> {
  const [rows, counts] = await Promise.all([
    products(db, saver.tenantId, true),
    holdingCounts(db, saver.userId),
  ]);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    termDays: p.termDays,
    annualRate: formatRatePpm(p.ratePpm),
    minAmount: formatMoney(p.minMinor),
    maxAmount: formatMoney(p.maxMinor),
    maxOrders: p.maxOrders,
    myOrders: counts.get(p.id) ?? 0,
    penaltyRate: formatRatePpm(p.penaltyPpm),
  }));
}

const walletBalance = (db: Db, saver: Saver) =>
  balanceOf(db, saver.tenantId, AccountCodes.player(saver.userId));

export async function createPledgeOrder(
  db: Db,
  saver: Saver,
  req: CreatePledgeReq,
  nowMs: number,
): Promise<CreatePledgeData> {
  const product = await findProduct(db, saver.tenantId, req.productId);
  if (!product?.enabled) throw DomainError.of(Codes.YUEBAO_FAILED, YuebaoMessages.productUnavailable);
  const amount = positiveAmount(req.amount);
  if (amount < product.minMinor)
    throw DomainError.of(
      Codes.YUEBAO_AMOUNT_MISMATCH,
      YuebaoMessages.belowPledgeMin(formatMoney(product.minMinor)),
    );
  if (amount > product.maxMinor)
    throw DomainError.of(
      Codes.YUEBAO_AMOUNT_MISMATCH,
      YuebaoMessages.abovePledgeMax(formatMoney(product.maxMinor)),
    );
  await verifySafetyPassword(db, saver, req.safetyPassword, nowMs);
  const requestId = req.requestId ?? randomUUID();
  const playerId = await playerAccount(db, saver.tenantId, saver.userId);
  const pledgeId = await pledgeAccount(db, saver.tenantId, saver.userId);

  const outcome = await db.transaction(async (tx) => {
    await lockAccountRow(tx, pledgeId);
    const seen = await findOrder(tx, { userId: saver.userId, requestId });
    if (seen) return { orderId: seen.id, replayed: true, seen };
    if ((await countHolding(tx, saver.userId, product.id)) >= product.maxOrders) {
      throw DomainError.of(Codes.YUEBAO_PLEDGE_LIMIT);
    }
    const no = orderNo(nowMs);
    const orderId = await insertOrder(
      tx,
      {
        tenantId: saver.tenantId,
        userId: saver.userId,
        productId: product.id,
        orderNo: no,
        requestId,
        principalMinor: amount,
        ratePpm: product.ratePpm,
        termDays: product.termDays,
        penaltyPpm: product.penaltyPpm,
        profitMinor: pledgeProfit(amount, product.ratePpm, product.termDays),
        autoRenew: req.autoRenew === 1,
        startedAt: nowMs,
        maturesAt: nowMs + product.termDays * DAY_MS,
        renewedFrom: null,
      },
      nowMs,
    );
    if (orderId === undefined) throw new Error('pledge order request id taken under the lock');
    await postTransferIn(
      tx,
      {
        idempotencyKey: `yuebao-pledge:${orderId}`,
        typeCode: PLEDGE_CODE,
        lines: [
          { accountId: playerId, amountMinor: -amount },
          { accountId: pledgeId, amountMinor: amount },
        ],
        related: { kind: 'pledge', id: no },
        remark: `质押 ${product.name}`,
      },
      nowMs,
    );
    return { orderId, replayed: false, seen: undefined };
  });
  if (outcome.seen && (outcome.seen.principalMinor !== amount || outcome.seen.productId !== product.id)) {
    throw DomainError.of(Codes.YUEBAO_AMOUNT_MISMATCH, YuebaoMessages.requestReused);
  }
  const order = outcome.seen ?? (await findOrder(db, { id: outcome.orderId }))!;
  return {
    order: orderView(order),
    balance: formatMoney(await walletBalance(db, saver)),
    replayed: outcome.replayed,
  };
}

export async function cancelPledgeOrder(
  db: Db,
  saver: Saver,
  orderId: number,
  nowMs: number,
): Promise<CancelPledgeData> {
  const order = await findOrder(db, { id: orderId });
  if (!order || order.userId !== saver.userId) {
    throw DomainError.of(Codes.YUEBAO_STATE_FAILED, YuebaoMessages.orderNotHolding);
  }
  const playerId = await playerAccount(db, saver.tenantId, saver.userId);
  const pledgeId = await pledgeAccount(db, saver.tenantId, saver.userId);
  const houseId = await houseAccount(db, saver.tenantId, saver.userId);
  const penalty = cancelPenalty(order.principalMinor, order.penaltyPpm);
  const refund = order.principalMinor - penalty;
  await db.transaction(async (tx) => {
    await lockAccountRow(tx, pledgeId);
    if (!(await markCancelled(tx, order, penalty, nowMs))) {
      throw DomainError.of(Codes.YUEBAO_STATE_FAILED, YuebaoMessages.orderNotHolding);
    }
    if (refund > 0n) {
      await postTransferIn(
        tx,
        {
          idempotencyKey: `yuebao-pledge-cancel:${order.id}`,
          typeCode: CANCEL_RETURN_CODE,
          lines: [
            { accountId: pledgeId, amountMinor: -refund },
            { accountId: playerId, amountMinor: refund },
          ],
          related: { kind: 'pledge', id: order.orderNo },
          remark: `取消质押 ${order.productName}`,
        },
        nowMs,
      );
    }
    if (penalty > 0n) {
      await postTransferIn(
        tx,
        {
          idempotencyKey: `yuebao-pledge-penalty:${order.id}`,
          typeCode: CANCEL_PENALTY_CODE,
          lines: [
            { accountId: pledgeId, amountMinor: -penalty },
            { accountId: houseId, amountMinor: penalty },
          ],
          related: { kind: 'pledge', id: order.orderNo },
          remark: `提前取消违约金 ${order.productName}`,
        },
        nowMs,
      );
    }
  });
  const after = (await findOrder(db, { id: order.id }))!;
  return {
    order: orderView(after),
    refund: formatMoney(refund, 4),
    penalty: formatMoney(penalty, 4),
    balance: formatMoney(await walletBalance(db, saver)),
  };
}

export async function setPledgeAutoRenew(
  db: Db,
  saver: Saver,
  orderId: number,
  autoRenew: boolean,
): Promise<PledgeOrder> {
  if (!(await setAutoRenew(db, { id: orderId, userId: saver.userId }, autoRenew))) {
    throw DomainError.of(Codes.YUEBAO_STATE_FAILED, YuebaoMessages.orderNotHolding);
  }
  return orderView((await findOrder(db, { id: orderId }))!);
}

export async function pledgeOrderList(
  db: Db,
  saver: Saver,
  query: { state: number; pageNum: number; pageSize: number },
): Promise<PledgeOrderList> {
  const page = await orderList(db, saver.userId, query.state, query);
  return {
    rows: page.rows.map(orderView),
    total: page.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

export async function pledgeProfitLogs(
  db: Db,
  saver: Saver,
  query: { orderId?: number; pageNum: number; pageSize: number },
): Promise<PledgeProfitLogs> {
  const page = await profitLogs(db, saver.userId, query.orderId, query);
  return {
    rows: page.rows.map((r) => ({
      orderId: r.orderId,
      orderNo: r.orderNo,
      productName: r.productName,
      kind: r.kind,
      principal: formatMoney(r.principalMinor),
      profit: formatMoney(r.profitMinor, 4),
      annualRate: formatRatePpm(r.ratePpm),
      termDays: r.termDays,
      createdAt: r.createdAt,
    })),
    total: page.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    totalProfit: formatMoney(page.sumMinor, 4),
  };
}

/**
 * Ends one due order: profit paid (218); principal back (217) or, with auto-renew on a product
 * still offered, a new order for another term at the product's current terms, starting when the
 * old one ended (so a catch-up after downtime renews term after term without gaps).
 * Returns 'matured' | 'renewed', or undefined when another run ended it first.
 */
export async function settleOrder(
  db: Db,
  order: OrderRow,
  nowMs: number,
): Promise<'matured' | 'renewed' | undefined> {
  const product = await findProduct(db, order.tenantId, order.productId);
  const renew = order.autoRenew && product?.enabled === true;
  const playerId = await playerAccount(db, order.tenantId, order.userId);
  const pledgeId = await pledgeAccount(db, order.tenantId, order.userId);
  const houseId = await houseAccount(db, order.tenantId, order.userId);
  return db.transaction(async (tx) => {
    await lockAccountRow(tx, pledgeId);
    if (!(await markMatured(tx, order.id, renew ? 4 : 2, nowMs))) return undefined;
    if (order.profitMinor > 0n) {
      await postTransferIn(
        tx,
        {
          idempotencyKey: `yuebao-pledge-profit:${order.id}`,
          typeCode: PROFIT_CODE,
          lines: [
            { accountId: houseId, amountMinor: -order.profitMinor },
            { accountId: playerId, amountMinor: order.profitMinor },
          ],
          related: { kind: 'pledge', id: order.orderNo },
          remark: `质押收益 ${order.productName}`,
        },
        nowMs,
      );
    }
    await insertProfit(
      tx,
      {
        orderId: order.id,
        tenantId: order.tenantId,
        userId: order.userId,
        kind: renew ? 2 : 1,
        principalMinor: order.principalMinor,
        profitMinor: order.profitMinor,
      },
      nowMs,
    );
    if (renew && product) {
      await insertOrder(
        tx,
        {
          tenantId: order.tenantId,
          userId: order.userId,
          productId: product.id,
          orderNo: orderNo(nowMs),
          requestId: `renew-${order.id}`,
          principalMinor: order.principalMinor,
          ratePpm: product.ratePpm,
          termDays: product.termDays,
          penaltyPpm: product.penaltyPpm,
          profitMinor: pledgeProfit(order.principalMinor, product.ratePpm, product.termDays),
          autoRenew: true,
          startedAt: order.maturesAt,
          maturesAt: order.maturesAt + product.termDays * DAY_MS,
          renewedFrom: order.id,
        },
        nowMs,
      );
      return 'renewed';
    }
    await postTransferIn(
      tx,
      {
        idempotencyKey: `yuebao-pledge-return:${order.id}`,
        typeCode: RETURN_CODE,
        lines: [
          { accountId: pledgeId, amountMinor: -order.principalMinor },
          { accountId: playerId, amountMinor: order.principalMinor },
        ],
        related: { kind: 'pledge', id: order.orderNo },
        remark: `质押到期返还 ${order.productName}`,
      },
      nowMs,
    );
    return 'matured';
  });
}

/** Ends every due order (renewals that are due again included), at most `budget` per run. */
export async function runMaturity(
  db: Db,
  nowMs: number,
  budget = 500,
  stillLeader: () => void = () => {},
): Promise<{ matured: number; renewed: number }> {
  const done = { matured: 0, renewed: 0 };
  let left = budget;
  while (left > 0) {
    const due = await dueOrders(db, nowMs, Math.min(left, 100));
    if (due.length === 0) break;
    for (const order of due) {
      stillLeader();
      left--;
      const outcome = await settleOrder(db, order, nowMs);
      if (outcome) done[outcome]++;
    }
  }
  return done;
}
