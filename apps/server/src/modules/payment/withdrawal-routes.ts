import { ok } from '@lottery/contract/envelope';
import { formatMoney } from '@lottery/contract/money';
import { PaymentApi } from '@lottery/contract/payment-api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { playerAccount } from '../wallet/index';
import type { PaymentRouteKit } from './route-support';
import { walletSetting } from './settings';
import { turnoverStatus } from './turnover';
import { withdrawView } from './views';
import { listWithdraws, requestWithdraw } from './withdrawals';

/** Withdrawal settings, turnover still required, withdrawals and their records (spec/platform.md §7 Wallet and payment). */
export async function withdrawalRoutes(app: FastifyInstance, kit: PaymentRouteKit): Promise<void> {
  const { ctx } = app;
  const { player, requireSafety, money, limited, ordersOfPeriod } = kit;

  route(app, PaymentApi.withdrawSetting, async (request) => {
    const user = await player(request);
    const s = await walletSetting(ctx.db, user.tenantId);
    return ok({
      minAmount: formatMoney(s.withdrawMinMinor),
      maxAmount: formatMoney(s.withdrawMaxMinor),
      dailyCount: s.withdrawDailyCount,
      maxBankCards: s.maxBankCards,
      /** fee percent, e.g. "0.00" */
      feeRate: formatMoney(BigInt(s.withdrawFeeBasisPoints) * 100n),
    });
  });

  route(app, PaymentApi.withdrawLimitFlow, async (request) => {
    const user = await player(request);
    const account = await playerAccount(ctx.db, user.tenantId, user.userId);
    const t = await turnoverStatus(ctx.db, user.userId, account);
    return ok({
      required: formatMoney(t.requiredMinor),
      done: formatMoney(t.doneMinor),
      remaining: formatMoney(t.remainingMinor),
      canWithdraw: t.remainingMinor === 0n,
      rows: t.rows.map((r) => ({
        sourceKind: r.sourceKind,
        sourceId: r.sourceId,
        amount: formatMoney(r.depositMinor),
        required: formatMoney(r.requiredMinor),
        done: formatMoney(r.doneMinor),
        finished: r.doneMinor >= r.requiredMinor,
        createdAt: r.createdAt,
      })),
    });
  });

  route(
    app,
    PaymentApi.withdraw,
    async (request) => {
      const input = request.body;
      const user = await requireSafety(request, input.safetyPassword);
      const order = await requestWithdraw(ctx.db, {
        tenantId: user.tenantId,
        userId: user.userId,
        payoutAccountId: input.accountId,
        amountMinor: money(input.amount),
        nowMs: ctx.clock.now(),
      });
      return ok(withdrawView(order));
    },
    limited(10),
  );

  for (const records of [
    PaymentApi.withdrawRecords,
    PaymentApi.withdrawRecords2,
    PaymentApi.tradingWithdrawRecords,
  ])
    route(app, records, async (request) => {
      const user = await player(request);
      return ok(await ordersOfPeriod(user.userId, request.query, listWithdraws, withdrawView));
    });
}
