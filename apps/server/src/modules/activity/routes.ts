import { ActivityApi, ActivityMessages } from '@lottery/contract/activity';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { dailySignStatus, receiveUpGradeBonus, signToday, upgradeConfig, userUpGradeBonus } from './service';

/** activity/*: daily sign-in and VIP upgrade bonuses. Rules: docs/vip.md. */
export default async function activityRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, ActivityApi.getDailySignStatus, async (request) =>
    ok(await dailySignStatus(ctx.db, request.user!, ctx.clock.now())),
  );

  route(app, ActivityApi.signToday, async (request) =>
    ok(await signToday(ctx.db, request.user!, ctx.clock.now()), ActivityMessages.signed),
  );

  route(app, ActivityApi.getUpgradeConfig, async (request) => {
    const tenantId = request.user?.tenantId ?? (await ctx.tenant.get())?.id;
    return ok(tenantId === undefined ? { grades: [] } : await upgradeConfig(ctx.db, tenantId));
  });

  route(app, ActivityApi.getUserUpGradeBonus, async (request) =>
    ok(await userUpGradeBonus(ctx.db, request.user!)),
  );

  route(app, ActivityApi.receiveUpGradeBonus, async (request) =>
    ok(await receiveUpGradeBonus(ctx.db, request.user!, ctx.clock.now()), ActivityMessages.claimed),
  );
}
