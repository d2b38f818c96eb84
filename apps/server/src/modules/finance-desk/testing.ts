import { yuan } from '@lottery/contract/money';
import type { FastifyInstance } from 'fastify';
import { form, json, passwordDigest, uniqueName } from '../../test/app';
import { createDeposit, ensureWalletDefaults, requestWithdraw } from '../payment/index';
import { addBankCard } from '../security/index';
import { tenantOf } from '../site/index';
import { AccountCodes, balanceOf, houseAccount, playerAccount, postTransfer } from '../wallet/index';

/**
 * Fixtures of the finance desk for tests (its own and the role x call matrix): players with money,
 * pending bank deposits and pending withdrawals, made through the services players reach.
 */

export interface DeskPlayer {
  userId: number;
  userName: string;
  tenantId: number;
  balance(): Promise<bigint>;
  escrow(): Promise<bigint>;
}

let cards = 0;

/** A registered player holding `fundYuan` (a manual credit, so no turnover requirement). */
export async function deskPlayer(app: FastifyInstance, fundYuan = 0): Promise<DeskPlayer> {
  const db = app.ctx.db;
  const userName = uniqueName('fd');
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/register',
    ...form({ userName, password: passwordDigest(userName, 'Abc12345') }),
  });
  const userId = json<{ userId: number }>(res).data!.userId;
  const tenantId = (await tenantOf(app.ctx)).id;
  await ensureWalletDefaults(db, tenantId, false);
  const player = await playerAccount(db, tenantId, userId);
  if (fundYuan > 0) {
    const house = await houseAccount(db, tenantId, userId);
    await postTransfer(
      db,
      {
        idempotencyKey: `fd-fund:${userId}`,
        typeCode: 401,
        lines: [
          { accountId: house, amountMinor: -yuan(fundYuan) },
          { accountId: player, amountMinor: yuan(fundYuan) },
        ],
        related: { kind: 'operator', id: 'fixture' },
      },
      app.ctx.clock.now(),
    );
  }
  return {
    userId,
    userName,
    tenantId,
    balance: () => balanceOf(db, tenantId, AccountCodes.player(userId)),
    escrow: () => balanceOf(db, tenantId, AccountCodes.withdrawEscrow(userId)),
  };
}

/** A pending bank-transfer deposit of `amountYuan`; answers its order number. */
export async function pendingDeposit(app: FastifyInstance, p: DeskPlayer, amountYuan = 500): Promise<string> {
  const order = await createDeposit(app.ctx.db, {
    tenantId: p.tenantId,
    userId: p.userId,
    channel: 'banktransfer',
    amountMinor: yuan(amountYuan),
    depositorName: '张三',
    nowMs: app.ctx.clock.now(),
  });
  return order.orderNo;
}

/** A pending withdrawal of `amountYuan` to a fresh bank card; answers its order number. */
export async function pendingWithdrawal(
  app: FastifyInstance,
  p: DeskPlayer,
  amountYuan = 200,
): Promise<string> {
  const db = app.ctx.db;
  const cardNo = `622202${String(Date.now() % 1e8).padStart(8, '0')}${String(++cards).padStart(5, '0')}`;
  const card = await addBankCard(db, p, { cardNo, realName: '张三' }, 5, app.ctx.clock.now());
  const order = await requestWithdraw(db, {
    tenantId: p.tenantId,
    userId: p.userId,
    payoutAccountId: card.id,
    amountMinor: yuan(amountYuan),
    nowMs: app.ctx.clock.now(),
  });
  return order.orderNo;
}

/**
 * Inputs for the role x call matrix: every desk call answers code 1 for a role that holds it. A
 * deciding call takes the next prepared order each time (the roles that may decide come first in
 * STAFF_ROLES; later calls, refused by the gate, reuse the last one).
 */
export async function financeMatrixSamples(
  app: FastifyInstance,
): Promise<Record<string, () => Record<string, string | number>>> {
  const p = await deskPlayer(app, 1000);
  const deposits = [await pendingDeposit(app, p), await pendingDeposit(app, p), await pendingDeposit(app, p)];
  const rejects = [await pendingDeposit(app, p), await pendingDeposit(app, p)];
  const withdrawals = [await pendingWithdrawal(app, p), await pendingWithdrawal(app, p)];
  const q = await deskPlayer(app, 1000);
  const withdrawRejects = [await pendingWithdrawal(app, q), await pendingWithdrawal(app, q)];
  const next = (list: string[]) => {
    let i = 0;
    return () => list[Math.min(i++, list.length - 1)]!;
  };
  const deposit = next(deposits);
  const reject = next(rejects);
  const withdraw = next(withdrawals);
  const withdrawReject = next(withdrawRejects);
  let keys = 0;
  return {
    'finance/deposits/list': () => ({ account: p.userName, limit: 5 }),
    'finance/deposits/pending': () => ({}),
    'finance/deposits/detail': () => ({ orderNo: deposits[0]! }),
    'finance/deposits/export': () => ({ account: p.userName, status: 'pending' }),
    'finance/deposits/confirm': () => ({ orderNo: deposit(), reason: 'matrix' }),
    'finance/deposits/reject': () => ({ orderNo: reject(), reason: 'matrix' }),
    'finance/withdrawals/queue': () => ({}),
    'finance/withdrawals/list': () => ({ status: 'pending', limit: 5 }),
    'finance/withdrawals/detail': () => ({ orderNo: withdrawals[0]! }),
    'finance/withdrawals/export': () => ({ account: q.userName }),
    'finance/withdrawals/approve': () => ({ orderNo: withdraw(), reason: 'matrix' }),
    'finance/withdrawals/reject': () => ({ orderNo: withdrawReject(), reason: 'matrix' }),
    'finance/adjustments/create': () => ({
      account: p.userName,
      direction: 'credit',
      amount: '1',
      typeCode: 401,
      reason: 'matrix',
      idempotencyKey: `matrix-${++keys}`,
    }),
    'finance/channels/list': () => ({}),
    'finance/channels/update': () => ({ channel: 'banktransfer', sort: 1, reason: 'matrix' }),
    'finance/reconciliation': () => ({ day: '2026-01-15' }),
  };
}
