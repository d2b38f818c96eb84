import { AccountApi } from '@lottery/contract/account';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { FieldMessages } from '@lottery/contract/fields';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { channelCalls, PaymentApi } from '@lottery/contract/payment-api';
import type { DepositChannel, Period } from '@lottery/contract/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import {
  addBankCard,
  addDigitalAddress,
  addWalletAccount,
  BANKS,
  bankOfCard,
  boundRealName,
  findPayoutAccount,
  hasSafetyPassword,
  isRealName,
  listPayoutAccounts,
  updateBankCard,
  updateDigitalAddress,
  updateWalletAccount,
  verifySafetyPassword,
} from '../security/index';
import { tenantOf } from '../site/index';
import { storeClientEvent } from '../statistics/index';
import { periodRange, playerAccount } from '../wallet/index';
import paymentCallbackRoutes from './callback';
import { cardRemovalCheck, destroyBankCard } from './card-removal';
import { createDeposit, depositBonus, expireStaleDeposits, findDeposit, listDeposits } from './deposits';
import { oldOrNewUser } from './new-user';
import { proofImageCount } from './proof-images';
import { ensureWalletDefaults, paymentChannel, paymentChannels, walletSetting } from './settings';
import { turnoverStatus } from './turnover';
import { channelView, depositView, payoutView, withdrawView } from './views';
import { payFromVirtualWallet, virtualWalletCashier } from './virtual-wallet';
import { listWithdraws, requestWithdraw } from './withdrawals';

const MINUTE = 60_000;

/** Deposits, withdrawals and payout accounts (spec/platform.md §7 Wallet and payment, Account). */
export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const production = ctx.config.NODE_ENV === 'production';
  const prepared = new Set<number>();
  await app.register(paymentCallbackRoutes);

  /** The session user, with the tenant's wallet configuration in place. */
  async function player(request: FastifyRequest) {
    const user = request.user!;
    if (!prepared.has(user.tenantId)) {
      await ensureWalletDefaults(ctx.db, user.tenantId, production);
      prepared.add(user.tenantId);
    }
    return user;
  }
  const limited = (max: number) => ({ config: { rateLimit: { max, timeWindow: MINUTE } } });
  const money = (text: string) => {
    const minor = parseMoney(text, 2);
    if (minor <= 0n) throw DomainError.of(Codes.INVALID_PARAM, '金额必须大于0');
    return minor;
  };
  /** One page of the player's orders of a period (deposits or withdrawals), as both lists answer. */
  async function ordersOfPeriod<Order, View>(
    userId: number,
    q: { period: Period; pageNum: number; pageSize: number },
    list: (
      db: typeof ctx.db,
      filter: { userId: number; fromMs: number; toMs: number },
      page: { limit: number; offset: number },
    ) => Promise<{ rows: Order[]; total: number }>,
    view: (order: Order) => View,
  ) {
    const range = periodRange(q.period, ctx.clock.now());
    const page = await list(
      ctx.db,
      { userId, fromMs: range.fromMs, toMs: range.toMs },
      { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize },
    );
    return { rows: page.rows.map(view), total: page.total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  /** Card and account changes need the safety password, which must have been set first. */
  async function requireSafety(request: FastifyRequest, wire: string) {
    const user = await player(request);
    await verifySafetyPassword(ctx.db, user, wire, ctx.clock.now());
    return user;
  }

  // ---- deposit channels -------------------------------------------------------------------
  const channelList = async (request: FastifyRequest) => {
    const user = await player(request);
    const channels = await paymentChannels(ctx.db, user.tenantId);
    return ok(channels.filter((c) => c.enabled).map(channelView));
  };
  route(app, PaymentApi.paySort, channelList);
  route(app, PaymentApi.appPaySort, channelList);

  route(app, PaymentApi.paymentSettings, async (request) => {
    const user = await player(request);
    const setting = await walletSetting(ctx.db, user.tenantId);
    const channels = await paymentChannels(ctx.db, user.tenantId);
    return ok({
      channels: channels.filter((c) => c.enabled).map(channelView),
      rechargeDiscount: discountView(setting),
      turnoverPercent: setting.turnoverPercent,
    });
  });

  const discountView = (setting: Awaited<ReturnType<typeof walletSetting>>) => ({
    enabled: setting.bonusBasisPoints > 0,
    /** percent of the deposit, e.g. "1.00" */
    rate: formatMoney(BigInt(setting.bonusBasisPoints) * 100n),
    minDeposit: formatMoney(setting.bonusMinDepositMinor),
    maxBonus: formatMoney(setting.bonusMaxMinor),
  });
  route(app, PaymentApi.rechargeDiscount, async (request) => {
    const user = await player(request);
    const setting = await walletSetting(ctx.db, user.tenantId);
    const { amount } = request.query;
    const bonus =
      amount && /^\d{1,9}(\.\d{1,2})?$/.test(amount) ? depositBonus(setting, parseMoney(amount, 2)) : null;
    return ok({ ...discountView(setting), bonus: bonus === null ? null : formatMoney(bonus) });
  });

  for (const [channel, call] of Object.entries(channelCalls) as [
    DepositChannel,
    (typeof channelCalls)[DepositChannel],
  ][]) {
    route(app, call, async (request) => {
      const user = await player(request);
      const found = await paymentChannel(ctx.db, user.tenantId, channel);
      if (!found?.enabled) throw DomainError.of(Codes.CHANNEL_UNAVAILABLE);
      return ok(channelView(found));
    });
  }

  route(
    app,
    PaymentApi.recharge,
    async (request) => {
      const user = await player(request);
      const input = request.body;
      if (
        input.depositorName !== undefined &&
        input.depositorName !== '' &&
        !isRealName(input.depositorName)
      ) {
        throw DomainError.of(Codes.INVALID_PARAM, '存款人姓名格式不正确');
      }
      const order = await createDeposit(ctx.db, {
        tenantId: user.tenantId,
        userId: user.userId,
        channel: input.channel,
        amountMinor: money(input.amount),
        depositorName: input.depositorName || undefined,
        nowMs: ctx.clock.now(),
      });
      const channel = await paymentChannel(ctx.db, user.tenantId, input.channel);
      return ok({
        ...depositView(order),
        payUrl: channel?.provider === 'sandbox' ? `/sandbox-pay/${order.orderNo}` : null,
        receiver: channel ? channelView(channel).receiver : null,
      });
    },
    limited(20),
  );

  route(app, PaymentApi.rechargeOrder, async (request) => {
    const user = await player(request);
    const { orderNo } = request.query;
    await expireStaleDeposits(ctx.db, user.userId, ctx.clock.now());
    const order = await findDeposit(ctx.db, orderNo);
    if (!order || order.userId !== user.userId) throw DomainError.of(Codes.INVALID_PARAM, '订单不存在');
    return ok(depositView(order));
  });

  route(app, PaymentApi.rechargeList, async (request) => {
    const user = await player(request);
    const q = request.query;
    await expireStaleDeposits(ctx.db, user.userId, ctx.clock.now());
    return ok(await ordersOfPeriod(user.userId, q, listDeposits, depositView));
  });

  // ---- withdrawals ------------------------------------------------------------------------
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

  // The cashier screens report client-side payment errors here; stored bounded, never an error.
  route(
    app,
    PaymentApi.errorLog,
    async (request) => {
      const tenantId = request.tenant?.id ?? request.user?.tenantId;
      if (tenantId !== undefined) {
        await storeClientEvent(
          ctx.database,
          {
            tenantId,
            kind: 'paymentError',
            userId: request.user?.userId ?? null,
            ip: request.ip,
            payload: request.body,
            now: ctx.clock.now(),
          },
          1000,
        );
      }
      return ok();
    },
    { bodyLimit: 8 * 1024, ...limited(30) },
  );

  // ---- bank cards, Alipay, WeChat, digital currency ----------------------------------------
  route(app, PaymentApi.banks, async () =>
    ok(BANKS.map((b) => ({ bankCode: b.bankCode, bankName: b.bankName }))),
  );

  route(app, PaymentApi.bankOfCard, async (request) => {
    const bank = bankOfCard(request.query.cardNo);
    return ok(bank ? { bankCode: bank.bankCode, bankName: bank.bankName } : null);
  });

  route(app, PaymentApi.payoutAccounts, async (request) => {
    const user = await player(request);
    const all = await listPayoutAccounts(ctx.db, user.userId);
    const setting = await walletSetting(ctx.db, user.tenantId);
    return ok({
      bankCards: all.filter((a) => a.kind === 'bank').map(payoutView),
      alipay: all.filter((a) => a.kind === 'alipay').map(payoutView),
      wechat: all.filter((a) => a.kind === 'wechat').map(payoutView),
      digital: all.filter((a) => a.kind === 'digital').map(payoutView),
      maxBankCards: setting.maxBankCards,
      realName: await boundRealName(ctx.db, user.userId),
    });
  });

  route(app, PaymentApi.payoutAccount, async (request) => {
    const user = await player(request);
    const account = await findPayoutAccount(ctx.db, user.userId, request.query.id);
    if (!account) throw DomainError.of(Codes.INVALID_PARAM, '账户不存在');
    return ok(payoutView(account));
  });

  route(app, PaymentApi.checkBankCard, async (request) => {
    const user = await player(request);
    const cards = await listPayoutAccounts(ctx.db, user.userId, 'bank');
    const setting = await walletSetting(ctx.db, user.tenantId);
    return ok({
      count: cards.length,
      maxBankCards: setting.maxBankCards,
      canAdd: cards.length < setting.maxBankCards,
      hasSafetyPassword: await hasSafetyPassword(ctx.db, user.userId),
      realName: await boundRealName(ctx.db, user.userId),
    });
  });

  route(app, PaymentApi.firstBankCard, async (request) => {
    const user = await player(request);
    const [first] = await listPayoutAccounts(ctx.db, user.userId, 'bank');
    return ok({ realName: await boundRealName(ctx.db, user.userId), card: first ? payoutView(first) : null });
  });

  route(
    app,
    PaymentApi.safetyCheck,
    async (request) => {
      await requireSafety(request, request.body.safetyPassword);
      return ok(true as const);
    },
    limited(20),
  );

  route(
    app,
    PaymentApi.addBankCard,
    async (request) => {
      const input = request.body;
      const user = await requireSafety(request, input.safetyPassword);
      const setting = await walletSetting(ctx.db, user.tenantId);
      const card = await addBankCard(ctx.db, user, input, setting.maxBankCards, ctx.clock.now());
      return ok(payoutView(card));
    },
    limited(20),
  );

  route(
    app,
    PaymentApi.updateBankCard,
    async (request) => {
      const input = request.body;
      const user = await requireSafety(request, input.safetyPassword);
      return ok(payoutView(await updateBankCard(ctx.db, user.userId, input.id, input, ctx.clock.now())));
    },
    limited(20),
  );

  for (const [add, update, kind] of [
    [PaymentApi.addAlipay, PaymentApi.updateAlipay, 'alipay'],
    [PaymentApi.addWeixin, PaymentApi.updateWeixin, 'wechat'],
  ] as const) {
    route(
      app,
      add,
      async (request) => {
        const input = request.body;
        const user = await requireSafety(request, input.safetyPassword);
        return ok(payoutView(await addWalletAccount(ctx.db, user, kind, input, ctx.clock.now())));
      },
      limited(20),
    );
    route(
      app,
      update,
      async (request) => {
        const input = request.body;
        const user = await requireSafety(request, input.safetyPassword);
        return ok(payoutView(await updateWalletAccount(ctx.db, user.userId, kind, input, ctx.clock.now())));
      },
      limited(20),
    );
  }

  route(
    app,
    PaymentApi.addDigitalCurrency,
    async (request) => {
      const input = request.body;
      const user = await requireSafety(request, input.safetyPassword);
      return ok(payoutView(await addDigitalAddress(ctx.db, user, input, ctx.clock.now())));
    },
    limited(20),
  );
  route(
    app,
    PaymentApi.updateDigitalCurrency,
    async (request) => {
      const input = request.body;
      const user = await requireSafety(request, input.safetyPassword);
      return ok(payoutView(await updateDigitalAddress(ctx.db, user.userId, input, ctx.clock.now())));
    },
    limited(20),
  );
  // ---- issue 15: remaining account and wallet calls (docs/api.md) ---------------------------
  route(
    app,
    AccountApi.checkOldNewUser,
    async (request) => {
      const { userName } = request.query;
      const now = ctx.clock.now();
      if (userName !== undefined)
        return ok(await oldOrNewUser(ctx.db, { tenantId: (await tenantOf(ctx)).id, userName }, now));
      if (!request.user) throw DomainError.of(Codes.INVALID_PARAM, FieldMessages.userNameRequired);
      return ok(await oldOrNewUser(ctx.db, { userId: request.user.userId }, now));
    },
    limited(30),
  );

  route(app, PaymentApi.destructionCheck, async (request) => {
    const user = await player(request);
    return ok(await cardRemovalCheck(ctx.db, user.userId, request.query.id));
  });

  route(
    app,
    PaymentApi.destroyBankCard,
    async (request) => {
      const user = await requireSafety(request, request.body.safetyPassword);
      return ok(await destroyBankCard(ctx.db, user.userId, request.body.id), '删除成功');
    },
    limited(20),
  );

  route(app, PaymentApi.digitalCurrencyOrderImageCount, async (request) => {
    const user = await player(request);
    return ok(await proofImageCount(ctx.db, user.userId, request.query.orderNo));
  });

  route(app, PaymentApi.virtualWalletCashier, async (request) => {
    const user = await player(request);
    const cashier = await virtualWalletCashier(ctx.db, await tenantOf(ctx), user, ctx.clock.now());
    return ok({
      enabled: cashier.enabled,
      yuebaoBalance: formatMoney(cashier.yuebaoBalanceMinor, 4),
      payable: cashier.payable.map(depositView),
    });
  });

  route(
    app,
    PaymentApi.virtualWalletPay,
    async (request) => {
      const user = await requireSafety(request, request.body.safetyPassword);
      const paid = await payFromVirtualWallet(
        ctx.db,
        await tenantOf(ctx),
        user,
        request.body.orderNo,
        ctx.clock.now(),
      );
      return ok(
        {
          order: depositView(paid.order),
          yuebaoBalance: formatMoney(paid.yuebaoBalanceMinor, 4),
          balance: formatMoney(paid.balanceMinor),
          replayed: paid.replayed,
        },
        '支付成功',
      );
    },
    limited(10),
  );

  route(app, PaymentApi.digitalAddresses, async (request) => {
    const user = await player(request);
    return ok((await listPayoutAccounts(ctx.db, user.userId, 'digital')).map(payoutView));
  });
}
export { default as sandboxRoutes } from './sandbox';
