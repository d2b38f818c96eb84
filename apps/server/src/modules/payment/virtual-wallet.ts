import { Codes } from '@lottery/contract/codes';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/sql';
import { DomainError } from '../../errors';
import type { Tenant } from '../site/index';
import { AccountCodes, balanceOf, playerAccount, postTransferIn } from '../wallet/index';
import {
  beijingDay,
  findConfig,
  recordDayLow,
  savingsAccount,
  YuebaoAccountCodes,
  yuebaoEnabledOn,
} from '../yuebao/index';
import { type DepositOrder, expireStaleDeposits, findDeposit } from './deposits';

/**
 * transaction/frontVirtualWalletPay (docs/api.md): the virtual wallet is the player's yuebao
 * (余额宝, the `virtualWallet/*` calls). POST pays one own pending deposit order from it:
 *
 * - one transaction: the order flips pending → paid with a conditional update (type 110), and the
 *   ledger moves the amount yuebao:<id> → player:<id> (code 110 余额宝转出, key `deposit:<orderNo>`,
 *   the same key a provider payment of the order would use, so an order is credited once whatever
 *   pays it), and the day's yuebao low-water row is lowered (interest is paid on the day's low);
 * - the ledger locks both accounts and checks the yuebao floor under the lock, so parallel payments
 *   of different orders cannot spend the same savings twice (the loser rolls back: 余额不足, order
 *   still pending); a second payment of the same order waits on the order row and answers the
 *   first one's result with `replayed: true`;
 * - no deposit bonus and no turnover requirement: it is the player's own money coming back.
 */
export type VirtualWalletPlayer = { tenantId: number; userId: number };

const TYPE_CODE = 110;
export const VIRTUAL_WALLET_REMARK = '余额宝支付';

async function enabledTenant(db: Db, tenant: Tenant): Promise<boolean> {
  return yuebaoEnabledOn(tenant) && (await findConfig(db, tenant.id)) !== undefined;
}

type OrderNoRow = { order_no: string };

/** GET: whether the yuebao may pay, its balance and the player's pending orders it could pay. */
export async function virtualWalletCashier(
  db: Db,
  tenant: Tenant,
  player: VirtualWalletPlayer,
  nowMs: number,
): Promise<{ enabled: boolean; yuebaoBalanceMinor: bigint; payable: DepositOrder[] }> {
  await expireStaleDeposits(db, player.userId, nowMs);
  const rows = await queryRows<OrderNoRow>(
    db,
    sql`SELECT order_no FROM deposit_order WHERE user_id = ${player.userId} AND status = 'pending'
        ORDER BY created_at DESC, id DESC LIMIT 20`,
  );
  const payable = (await Promise.all(rows.map((r) => findDeposit(db, r.order_no)))).filter(
    (o): o is DepositOrder => o !== undefined,
  );
  return {
    enabled: await enabledTenant(db, tenant),
    yuebaoBalanceMinor: await balanceOf(db, player.tenantId, YuebaoAccountCodes.savings(player.userId)),
    payable,
  };
}

export type VirtualWalletPayResult = {
  order: DepositOrder;
  yuebaoBalanceMinor: bigint;
  balanceMinor: bigint;
  replayed: boolean;
};

const paidThisWay = (o: DepositOrder | undefined) => o?.status === 'paid' && o.typeCode === TYPE_CODE;

/** POST: see the header. The route has already checked the safety password. */
export async function payFromVirtualWallet(
  db: Db,
  tenant: Tenant,
  player: VirtualWalletPlayer,
  orderNo: string,
  nowMs: number,
): Promise<VirtualWalletPayResult> {
  if (!(await enabledTenant(db, tenant))) throw DomainError.of(Codes.YUEBAO_FAILED_HOME);
  await expireStaleDeposits(db, player.userId, nowMs);
  const order = await findDeposit(db, orderNo);
  if (!order || order.userId !== player.userId) throw DomainError.of(Codes.INVALID_PARAM, '订单不存在');
  const balances = async (): Promise<
    Pick<VirtualWalletPayResult, 'yuebaoBalanceMinor' | 'balanceMinor'>
  > => ({
    yuebaoBalanceMinor: await balanceOf(db, player.tenantId, YuebaoAccountCodes.savings(player.userId)),
    balanceMinor: await balanceOf(db, player.tenantId, AccountCodes.player(player.userId)),
  });
  if (paidThisWay(order)) return { order, ...(await balances()), replayed: true };
  if (order.status !== 'pending') throw DomainError.of(Codes.ORDER_STATE_CHANGED);

  const savingsId = await savingsAccount(db, player.tenantId, player.userId);
  const playerId = await playerAccount(db, player.tenantId, player.userId);
  const paid = await db.transaction(async (tx) => {
    const flipped = await queryOne<{ order_no: string }>(
      tx,
      sql`UPDATE deposit_order SET status = 'paid', type_code = ${TYPE_CODE}, completed_at = ${nowMs},
            remark = ${VIRTUAL_WALLET_REMARK}
          WHERE order_no = ${orderNo} AND user_id = ${player.userId} AND status = 'pending'
          RETURNING order_no`,
    );
    if (!flipped) return undefined;
    const posted = await postTransferIn(
      tx,
      {
        idempotencyKey: `deposit:${orderNo}`,
        typeCode: TYPE_CODE,
        lines: [
          { accountId: savingsId, amountMinor: -order.amountMinor },
          { accountId: playerId, amountMinor: order.amountMinor },
        ],
        related: { kind: 'deposit', id: orderNo },
        remark: VIRTUAL_WALLET_REMARK,
      },
      nowMs,
    );
    // the order's key was already credited by another way: undo the flip
    if (posted.replayed) throw DomainError.of(Codes.ORDER_STATE_CHANGED);
    const savingsAfter = posted.entries.find((e) => e.accountId === savingsId)!.balanceAfterMinor;
    await recordDayLow(tx, {
      userId: player.userId,
      day: beijingDay(nowMs),
      beforeMinor: savingsAfter + order.amountMinor,
      afterMinor: savingsAfter,
    });
    return true;
  });
  const now = await findDeposit(db, orderNo);
  if (!paid && !paidThisWay(now)) throw DomainError.of(Codes.ORDER_STATE_CHANGED);
  return { order: now!, ...(await balances()), replayed: !paid };
}
