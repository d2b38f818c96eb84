import { AccountApi } from '@lottery/contract/account';
import {
  ActivityApi,
  ActivityCentreApi,
  ActivityCentreMessages,
  ActivityMessages,
} from '@lottery/contract/activity';
import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { tenantOf } from '../site/index';
import {
  activityContent,
  activityList,
  envelopeCount,
  envelopeList,
  everyDayBonus,
  receiveActivity,
  receiveEnvelope,
  rewardRateTable,
} from './centre';
import { userExperience } from './experience';
import { dailySignStatus, receiveUpGradeBonus, signToday, upgradeConfig, userUpGradeBonus } from './service';

/** A claim call: a player may try it this often per minute (per IP; the claim itself pays once). */
const claimLimit = { config: { rateLimit: { max: 30, timeWindow: 60_000 } } };

/**
 * activity/*: daily sign-in and VIP upgrade bonuses (docs/vip.md), the activity centre and activity
 * red envelopes (docs/activities.md).
 */
export default async function activityRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const tenantId = async () => (await tenantOf(ctx)).id;

  route(app, ActivityApi.getDailySignStatus, async (request) =>
    ok(await dailySignStatus(ctx.db, request.user, ctx.clock.now())),
  );

  route(
    app,
    ActivityApi.signToday,
    async (request) => ok(await signToday(ctx.db, request.user, ctx.clock.now()), ActivityMessages.signed),
    claimLimit,
  );

  route(app, ActivityApi.getUpgradeConfig, async (request) => {
    const tenantId = request.user?.tenantId ?? (await ctx.tenant.get())?.id;
    return ok(tenantId === undefined ? { grades: [] } : await upgradeConfig(ctx.db, tenantId));
  });

  route(app, ActivityApi.getUserUpGradeBonus, async (request) =>
    ok(await userUpGradeBonus(ctx.db, request.user)),
  );

  // users/userExperienceData: the user centre's VIP figures, from the same standing (docs/api.md)
  route(app, AccountApi.userExperienceData, async (request) =>
    ok(await userExperience(ctx.db, request.user)),
  );

  route(
    app,
    ActivityApi.receiveUpGradeBonus,
    async (request) =>
      ok(await receiveUpGradeBonus(ctx.db, request.user, ctx.clock.now()), ActivityMessages.claimed),
    claimLimit,
  );

  route(app, ActivityCentreApi.getActivityList, async () =>
    ok(await activityList(ctx.db, await tenantId(), ctx.clock.now())),
  );
  route(app, ActivityCentreApi.getActivityContent, async (request) =>
    ok(
      await activityContent(
        ctx.db,
        await tenantId(),
        request.user ?? null,
        request.query.activityId,
        ctx.clock.now(),
      ),
    ),
  );
  route(
    app,
    ActivityCentreApi.receiveActivity,
    async (request) =>
      ok(
        await receiveActivity(ctx.db, request.user, request.body.activityId, ctx.clock.now()),
        ActivityCentreMessages.received,
      ),
    claimLimit,
  );
  route(app, ActivityCentreApi.getRewardRate, async (request) =>
    ok(await rewardRateTable(ctx.db, await tenantId(), ctx.clock.now(), request.query.activityId)),
  );
  route(app, ActivityCentreApi.getEveryDayBonus, async (request) =>
    ok(await everyDayBonus(ctx.db, request.user, ctx.clock.now(), request.query.activityId)),
  );

  route(app, ActivityCentreApi.getActivityRedEnvelopeNumber, async (request) =>
    ok(await envelopeCount(ctx.db, request.user ?? null, ctx.clock.now())),
  );
  route(app, ActivityCentreApi.getActivityRedEnvelopeFrontList, async (request) =>
    ok(
      await envelopeList(
        ctx.db,
        await tenantId(),
        request.user ?? null,
        ctx.clock.now(),
        request.query.activityId,
      ),
    ),
  );
  route(
    app,
    ActivityCentreApi.receiveRedEnvelope,
    async (request) =>
      ok(
        await receiveEnvelope(ctx.db, request.user, request.body.activityId, ctx.clock.now()),
        ActivityCentreMessages.received,
      ),
    claimLimit,
  );
}
