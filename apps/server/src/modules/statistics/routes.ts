import { ok } from '@lottery/contract/envelope';
import { type ClientEventKind, StatisticsApi } from '@lottery/contract/site';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { storeClientEvent } from './repo';

/** Body size accepted per event; larger posts are refused before parsing. */
export const EVENT_BODY_LIMIT = 16 * 1024;
/** Rows kept per kind; heartbeat fault records follow the spec's 1000. */
export const EVENT_CAPS: Record<ClientEventKind, number> = {
  view: 10_000,
  op: 10_000,
  hc: 1000,
  ch: 1000,
  log: 10_000,
};

/** Silent statistics, log and heartbeat calls: accepted, stored bounded, always code 1. */
export default async function statisticsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // Every route of this plugin's scope (and only these) takes small bodies.
  app.addHook('onRoute', (options) => {
    options.bodyLimit = EVENT_BODY_LIMIT;
  });
  const limits = { config: { rateLimit: { max: ctx.limits.statisticsPerIp, timeWindow: 60_000 } } };

  const store = (kind: ClientEventKind) => async (request: FastifyRequest, payload: unknown) => {
    const tenantId = request.tenant?.id;
    if (tenantId === undefined) return;
    const event = {
      tenantId,
      kind,
      userId: request.user?.userId ?? null,
      ip: request.ip,
      payload,
      now: ctx.clock.now(),
    };
    await storeClientEvent(ctx.database, event, EVENT_CAPS[kind]);
  };

  for (const [kind, calls] of Object.entries(StatisticsApi) as [
    ClientEventKind,
    (typeof StatisticsApi)[ClientEventKind],
  ][]) {
    const stored = store(kind);
    route(
      app,
      calls.post,
      async (request) => {
        await stored(request, request.body);
        return ok();
      },
      limits,
    );
    route(
      app,
      calls.get,
      async (request) => {
        await stored(request, request.query);
        return ok();
      },
      limits,
    );
  }
}
