import { ok } from '@lottery/contract/envelope';
import { YuebaoApi, YuebaoMessages } from '@lottery/contract/yuebao';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../context';
import { route } from '../../http/route';
import {
  cancelPledgeOrder,
  createPledgeOrder,
  pledgeOrderList,
  pledgeProducts,
  pledgeProfitLogs,
  setPledgeAutoRenew,
} from './pledge';
import {
  enabledConfig,
  transfer,
  yuebaoActivities,
  yuebaoBalanceLogs,
  yuebaoEnabledOn,
  yuebaoInfo,
  yuebaoTranLogs,
} from './service';

/**
 * balance/*Yuebao*, virtualWallet/* pledge calls and activity/getYuebaoActivityList
 * (docs/yuebao.md). Every call answers -110004 (操作失败 → home) while the site setting
 * yuebaoEnable is off or the tenant has no yuebao rules.
 */
export default async function yuebaoRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const config = async (user: SessionUser) =>
    enabledConfig(ctx.db, user.tenantId, yuebaoEnabledOn(await ctx.tenant.get()));

  route(app, YuebaoApi.getMyYuebaoInfo, async (request) => {
    const rules = await config(request.user);
    return ok(await yuebaoInfo(ctx.db, request.user, rules, ctx.clock.now()));
  });

  route(app, YuebaoApi.transferIn, async (request) => {
    const rules = await config(request.user);
    const data = await transfer(ctx.db, request.user, rules, 'in', request.body, ctx.clock.now());
    return ok(data, YuebaoMessages.transferredIn);
  });

  route(app, YuebaoApi.transferOut, async (request) => {
    const rules = await config(request.user);
    const data = await transfer(ctx.db, request.user, rules, 'out', request.body, ctx.clock.now());
    return ok(data, YuebaoMessages.transferredOut);
  });

  route(app, YuebaoApi.getMyYuebaoTranLogs, async (request) => {
    await config(request.user);
    return ok(await yuebaoTranLogs(ctx.db, request.user, request.query, ctx.clock.now()));
  });

  route(app, YuebaoApi.getMyYuebaoBalanceLogs, async (request) => {
    await config(request.user);
    return ok(await yuebaoBalanceLogs(ctx.db, request.user, request.query, ctx.clock.now()));
  });

  route(app, YuebaoApi.getYuebaoActivityList, async (request) => {
    await config(request.user);
    return ok(await yuebaoActivities(ctx.db, request.user.tenantId, ctx.clock.now()));
  });

  route(app, YuebaoApi.getPledgeProducts, async (request) => {
    await config(request.user);
    return ok(await pledgeProducts(ctx.db, request.user));
  });

  route(app, YuebaoApi.getMyYuebaoPledgeOrderList, async (request) => {
    await config(request.user);
    return ok(await pledgeOrderList(ctx.db, request.user, request.query));
  });

  route(app, YuebaoApi.createYuebaoPledgeOrder, async (request) => {
    await config(request.user);
    const data = await createPledgeOrder(ctx.db, request.user, request.body, ctx.clock.now());
    return ok(data, YuebaoMessages.pledged);
  });

  route(app, YuebaoApi.cancelYuebaoPledgeOrderWeb, async (request) => {
    await config(request.user);
    const data = await cancelPledgeOrder(ctx.db, request.user, request.body.orderId, ctx.clock.now());
    return ok(data, YuebaoMessages.cancelled);
  });

  route(app, YuebaoApi.setYuebaoPledgeOrderAutoRenewWeb, async (request) => {
    await config(request.user);
    const data = await setPledgeAutoRenew(
      ctx.db,
      request.user,
      request.body.orderId,
      request.body.autoRenew === 1,
    );
    return ok(data, YuebaoMessages.autoRenewSaved);
  });

  route(app, YuebaoApi.getMyYuebaoPledgeOrderProfitLogs, async (request) => {
    await config(request.user);
    return ok(await pledgeProfitLogs(ctx.db, request.user, request.query));
  });
}
