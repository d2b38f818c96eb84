import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import {
  AddBankCardRequest,
  AddDigitalCurrencyRequest,
  AddWalletAccountRequest,
  CardNoQuery,
  IdQuery,
  OrderListQuery,
  OrderQuery,
  RechargeRequest,
  SafetyCheckRequest,
  SaveWithdrawRequest,
  UpdateBankCardRequest,
  UpdateDigitalCurrencyRequest,
  UpdateWalletAccountRequest,
} from '@lottery/contract/payment';
import { DEPOSIT_CHANNELS, type DepositChannel } from '@lottery/contract/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors';
import { parse } from '../../plugins/envelope';
import { requireUser } from '../../plugins/session';
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
import { storeClientEvent } from '../statistics/index';
import { periodRange, playerAccount } from '../wallet/index';
import paymentCallbackRoutes from './callback';
import { createDeposit, depositBonus, expireStaleDeposits, findDeposit, listDeposits } from './deposits';
import { ensureWalletDefaults, paymentChannel, paymentChannels, walletSetting } from './settings';
import { turnoverStatus } from './turnover';
import { channelView, depositView, payoutView, withdrawView } from './views';
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
  const auth = { preHandler: requireUser };
  const limited = (max: number) => ({
    preHandler: requireUser,
    config: { rateLimit: { max, timeWindow: MINUTE } },
  });
  const money = (text: string) => {
    const minor = parseMoney(text, 2);
    if (minor <= 0n) throw DomainError.of(Codes.INVALID_PARAM, '金额必须大于0');
    return minor;
  };
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
  app.get('/transaction/frontPaySort', auth, channelList);
  app.get('/transaction/frontAppPaySort', auth, channelList);

  app.get('/transaction/frontPaymentSettings', auth, async (request) => {
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
  app.get('/activity/getRechargeDiscount', auth, async (request) => {
    const user = await player(request);
    const setting = await walletSetting(ctx.db, user.tenantId);
    const amount = (request.query as { amount?: string }).amount;
    const bonus =
      amount && /^\d{1,9}(\.\d{1,2})?$/.test(amount) ? depositBonus(setting, parseMoney(amount, 2)) : null;
    return ok({ ...discountView(setting), bonus: bonus === null ? null : formatMoney(bonus) });
  });

  for (const [channel, def] of Object.entries(DEPOSIT_CHANNELS) as [
    DepositChannel,
    (typeof DEPOSIT_CHANNELS)[DepositChannel],
  ][]) {
    app.get(`/transaction/${def.call}`, auth, async (request) => {
      const user = await player(request);
      const found = await paymentChannel(ctx.db, user.tenantId, channel);
      if (!found?.enabled) throw DomainError.of(Codes.CHANNEL_UNAVAILABLE);
      return ok(channelView(found));
    });
  }

  app.post('/transaction/rechargeFrontPaymentRecord', limited(20), async (request) => {
    const user = await player(request);
    const input = parse(RechargeRequest, request.body);
    if (input.depositorName !== undefined && input.depositorName !== '' && !isRealName(input.depositorName)) {
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
  });

  app.get('/transaction/frontRechargeOrder', auth, async (request) => {
    const user = await player(request);
    const { orderNo } = parse(OrderQuery, request.query);
    await expireStaleDeposits(ctx.db, user.userId, ctx.clock.now());
    const order = await findDeposit(ctx.db, orderNo);
    if (!order || order.userId !== user.userId) throw DomainError.of(Codes.INVALID_PARAM, '订单不存在');
    return ok(depositView(order));
  });

  app.get('/transaction/frontSummaryPaymentRecordList', auth, async (request) => {
    const user = await player(request);
    const q = parse(OrderListQuery, request.query);
    await expireStaleDeposits(ctx.db, user.userId, ctx.clock.now());
    const range = periodRange(q.period, ctx.clock.now());
    const page = await listDeposits(
      ctx.db,
      { userId: user.userId, fromMs: range.fromMs, toMs: range.toMs },
      { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize },
    );
    return ok({
      rows: page.rows.map(depositView),
      total: page.total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    });
  });

  // ---- withdrawals ------------------------------------------------------------------------
  app.get('/users/queryUsersTenantConfigWithdrawSettingFront', auth, async (request) => {
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

  app.get('/transaction/getWithdrawLimitFlowList', auth, async (request) => {
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

  app.post('/transaction/saveFrontWithdrawRecord', limited(10), async (request) => {
    const input = parse(SaveWithdrawRequest, request.body);
    const user = await requireSafety(request, input.safetyPassword);
    const order = await requestWithdraw(ctx.db, {
      tenantId: user.tenantId,
      userId: user.userId,
      payoutAccountId: input.accountId,
      amountMinor: money(input.amount),
      nowMs: ctx.clock.now(),
    });
    return ok(withdrawView(order));
  });

  const withdrawList = async (request: FastifyRequest) => {
    const user = await player(request);
    const q = parse(OrderListQuery, request.query);
    const range = periodRange(q.period, ctx.clock.now());
    const page = await listWithdraws(
      ctx.db,
      { userId: user.userId, fromMs: range.fromMs, toMs: range.toMs },
      { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize },
    );
    return ok({
      rows: page.rows.map(withdrawView),
      total: page.total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    });
  };
  app.get('/transaction/frontWithdrawRecord', auth, withdrawList);
  app.get('/transaction/frontWithdrawRecord2', auth, withdrawList);
  app.get('/transaction/frontTradingWithdrawRecordList', auth, withdrawList);

  // The cashier screens report client-side payment errors here; stored bounded, never an error.
  app.post(
    '/transfer/frontErrorLog',
    { bodyLimit: 8 * 1024, config: { rateLimit: { max: 30, timeWindow: MINUTE } } },
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
  );

  // ---- bank cards, Alipay, WeChat, digital currency ----------------------------------------
  app.get('/users/queryBankInfo', async () =>
    ok(BANKS.map((b) => ({ bankCode: b.bankCode, bankName: b.bankName }))),
  );

  app.get('/users/queryBankCardName', auth, async (request) => {
    const { cardNo } = parse(CardNoQuery, request.query);
    const bank = bankOfCard(cardNo);
    return ok(bank ? { bankCode: bank.bankCode, bankName: bank.bankName } : null);
  });

  app.get('/users/getBankCardListFront', auth, async (request) => {
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

  app.get('/users/findUsersBankCardDetailsById', auth, async (request) => {
    const user = await player(request);
    const { id } = parse(IdQuery, request.query);
    const account = await findPayoutAccount(ctx.db, user.userId, id);
    if (!account) throw DomainError.of(Codes.INVALID_PARAM, '账户不存在');
    return ok(payoutView(account));
  });

  app.get('/users/checkBankCard', auth, async (request) => {
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

  app.get('/users/getFirstLockBankCard', auth, async (request) => {
    const user = await player(request);
    const [first] = await listPayoutAccounts(ctx.db, user.userId, 'bank');
    return ok({ realName: await boundRealName(ctx.db, user.userId), card: first ? payoutView(first) : null });
  });

  app.post('/users/safetyCheckBankCard', limited(20), async (request) => {
    const { safetyPassword } = parse(SafetyCheckRequest, request.body);
    await requireSafety(request, safetyPassword);
    return ok(true);
  });

  app.post('/users/addBankCard', limited(20), async (request) => {
    const input = parse(AddBankCardRequest, request.body);
    const user = await requireSafety(request, input.safetyPassword);
    const setting = await walletSetting(ctx.db, user.tenantId);
    const card = await addBankCard(ctx.db, user, input, setting.maxBankCards, ctx.clock.now());
    return ok(payoutView(card));
  });

  app.post('/users/updateBankCardFront', limited(20), async (request) => {
    const input = parse(UpdateBankCardRequest, request.body);
    const user = await requireSafety(request, input.safetyPassword);
    return ok(payoutView(await updateBankCard(ctx.db, user.userId, input.id, input, ctx.clock.now())));
  });

  for (const [path, kind] of [
    ['Alipay', 'alipay'],
    ['Weixin', 'wechat'],
  ] as const) {
    app.post(`/users/add${path}`, limited(20), async (request) => {
      const input = parse(AddWalletAccountRequest, request.body);
      const user = await requireSafety(request, input.safetyPassword);
      return ok(payoutView(await addWalletAccount(ctx.db, user, kind, input, ctx.clock.now())));
    });
    app.post(`/users/update${path}`, limited(20), async (request) => {
      const input = parse(UpdateWalletAccountRequest, request.body);
      const user = await requireSafety(request, input.safetyPassword);
      return ok(payoutView(await updateWalletAccount(ctx.db, user.userId, kind, input, ctx.clock.now())));
    });
  }

  app.post('/users/addDigitalCurrency', limited(20), async (request) => {
    const input = parse(AddDigitalCurrencyRequest, request.body);
    const user = await requireSafety(request, input.safetyPassword);
    return ok(payoutView(await addDigitalAddress(ctx.db, user, input, ctx.clock.now())));
  });
  app.post('/users/updateDigitalCurrency', limited(20), async (request) => {
    const input = parse(UpdateDigitalCurrencyRequest, request.body);
    const user = await requireSafety(request, input.safetyPassword);
    return ok(payoutView(await updateDigitalAddress(ctx.db, user.userId, input, ctx.clock.now())));
  });
  app.get('/users/queryDigitalCurrencyList', auth, async (request) => {
    const user = await player(request);
    return ok((await listPayoutAccounts(ctx.db, user.userId, 'digital')).map(payoutView));
  });
}
export { default as sandboxRoutes } from './sandbox';
