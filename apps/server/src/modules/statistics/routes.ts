import { ok } from '@lottery/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storeClientEvent } from './repo';

/** Body size accepted per event; larger posts are refused before parsing. */
export const EVENT_BODY_LIMIT = 16 * 1024;
/** Rows kept per kind; heartbeat fault records follow the spec's 1000. */
export const EVENT_CAPS: Record<string, number> = {
  view: 10_000,
  op: 10_000,
  hc: 1000,
  ch: 1000,
  log: 10_000,
};

/** Silent statistics, log and heartbeat calls: accepted, stored bounded, always code 1. */
export default async function statisticsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const routes: [string, string][] = [
    ['/statistics/view', 'view'],
    ['/statistics/op', 'op'],
    ['/statistics/hc', 'hc'],
    ['/users/dmh/ch', 'ch'],
    ['/management/content/saveLogsTable', 'log'],
  ];
  for (const [path, kind] of routes) {
    const handler = async (request: FastifyRequest) => {
      const tenantId = request.tenant?.id;
      const payload = request.method === 'GET' ? request.query : request.body;
      if (tenantId !== undefined) {
        await storeClientEvent(
          ctx.database,
          {
            tenantId,
            kind,
            userId: request.user?.userId ?? null,
            ip: request.ip,
            payload,
            now: ctx.clock.now(),
          },
          EVENT_CAPS[kind],
        );
      }
      return ok();
    };
    const options = {
      bodyLimit: EVENT_BODY_LIMIT,
      config: { rateLimit: { max: ctx.limits.statisticsPerIp, timeWindow: 60_000 } },
    };
    app.post(path, options, handler);
    app.get(path, options, handler);
  }
}
