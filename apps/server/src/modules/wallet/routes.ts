import { ok } from '@lottery/contract/envelope';
import { formatMoney } from '@lottery/contract/money';
import { TRANSACTION_GROUPS, TRANSACTION_TYPES, WalletApi } from '@lottery/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { AccountCodes, balanceOf, playerAccount } from './accounts';
import { periodRange } from './period';
import { transactionRecords } from './records';

/** Balance reads and the transaction records screen, all from the ledger. */
export default async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, WalletApi.queryBalanceFront, async (request) => {
    const user = request.user;
    const balance = await balanceOf(ctx.db, user.tenantId, AccountCodes.player(user.userId));
    return ok({ balance: formatMoney(balance) });
  });

  route(app, WalletApi.myBalance, async (request) => {
    const user = request.user;
    const balance = await balanceOf(ctx.db, user.tenantId, AccountCodes.player(user.userId));
    const frozen = await balanceOf(ctx.db, user.tenantId, AccountCodes.withdrawEscrow(user.userId));
    return ok({
      balance: formatMoney(balance),
      frozenBalance: formatMoney(frozen),
      totalBalance: formatMoney(balance + frozen),
    });
  });

  route(app, WalletApi.getTransactionTypes, async () =>
    ok({
      groups: Object.entries(TRANSACTION_GROUPS).map(([group, name]) => ({ group: Number(group), name })),
      types: Object.entries(TRANSACTION_TYPES).map(([code, name]) => ({ code: Number(code), name })),
    }),
  );

  route(app, WalletApi.getTransactionRecordsFront, async (request) => {
    const user = request.user;
    const query = request.query;
    const accountId = await playerAccount(ctx.db, user.tenantId, user.userId);
    const range = periodRange(query.period, ctx.clock.now());
    const page = await transactionRecords(
      ctx.db,
      { accountId, ...range, type: query.type },
      { pageNum: query.pageNum, pageSize: query.pageSize },
    );
    return ok({
      rows: page.rows,
      total: page.total,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      income: formatMoney(page.incomeMinor),
      expense: formatMoney(page.expenseMinor),
    });
  });
}
