import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { PaymentApi } from '@lottery/contract/payment-api';
import type { FastifyInstance } from 'fastify';
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
  listPayoutAccounts,
  updateBankCard,
  updateDigitalAddress,
  updateWalletAccount,
} from '../security/index';
import { cardRemovalCheck, destroyBankCard } from './card-removal';
import type { PaymentRouteKit } from './route-support';
import { walletSetting } from './settings';
import { payoutView } from './views';

/** Bank cards, Alipay, WeChat and digital-currency addresses a player is paid to (spec/platform.md §7 Account). */
export async function payoutAccountRoutes(app: FastifyInstance, kit: PaymentRouteKit): Promise<void> {
  const { ctx } = app;
  const { player, requireSafety, limited } = kit;

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

  route(app, PaymentApi.digitalAddresses, async (request) => {
    const user = await player(request);
    return ok((await listPayoutAccounts(ctx.db, user.userId, 'digital')).map(payoutView));
  });
}
