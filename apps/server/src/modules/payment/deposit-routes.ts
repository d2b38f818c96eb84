import { AccountApi } from '@lottery/contract/account';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { Amount, FieldMessages } from '@lottery/contract/fields';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { channelCalls, PaymentApi } from '@lottery/contract/payment-api';
import type { DepositChannel } from '@lottery/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import { type EndpointRequest, route } from '../../http/route';
import { tenantOf } from '../site/index';
import { storeClientEvent } from '../statistics/index';
import { createDeposit, depositBonus, expireStaleDeposits, findDeposit, listDeposits } from './deposits';
import { oldOrNewUser } from './new-user';
import { proofImageCount } from './proof-images';
import type { PaymentRouteKit } from './route-support';
import { paymentChannel, paymentChannels, walletSetting } from './settings';
import { channelView, depositView } from './views';
import { payFromVirtualWallet, virtualWalletCashier } from './virtual-wallet';

/** Deposit channels, deposit orders, the cashier's error log and paying from yuebao (spec/platform.md §7 Wallet and payment). */
export async function depositRoutes(app: FastifyInstance, kit: PaymentRouteKit): Promise<void> {
  const { ctx } = app;
  const { player, requireSafety, money, limited, ordersOfPeriod } = kit;

  const channelList = async (request: EndpointRequest<typeof PaymentApi.paySort>) => {
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
    const typed = amount === undefined ? undefined : Amount.safeParse(amount).data;
    const bonus = typed ? depositBonus(setting, parseMoney(typed, 2)) : null;
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
      const order = await createDeposit(ctx.db, {
        tenantId: user.tenantId,
        userId: user.userId,
        channel: input.channel,
        amountMinor: money(input.amount),
        depositorName: input.depositorName,
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
}
