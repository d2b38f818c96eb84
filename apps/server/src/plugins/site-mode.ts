import { Codes } from '@lottery/contract/codes';
import type { SiteModeData } from '@lottery/contract/site';
import type { FastifyInstance } from 'fastify';
import type { SiteMode } from '../config';
import { DomainError } from '../errors';
import { listSupportLines, type Tenant } from '../modules/site/index';

/** Paths still answered while the site is not open: clock sync and the silent statistics calls. */
const ALWAYS_OPEN = [
  '/v1/betting/getServerTimeMillisecond',
  '/v1/statistics/',
  '/v1/users/dmh/ch',
  '/v1/management/content/saveLogsTable',
  // money that arrived must be recorded whatever the mode (the provider is not a player IP)
  '/v1/transaction/paymentCallback/',
];

/** The mode in force: the SITE_MODE setting wins over the operator's stored mode while set. */
export function effectiveMode(app: FastifyInstance, tenant: Tenant): { mode: SiteMode; message: string } {
  const { SITE_MODE, SITE_MODE_MESSAGE } = app.ctx.config;
  if (SITE_MODE) return { mode: SITE_MODE, message: SITE_MODE_MESSAGE ?? tenant.modeMessage };
  return { mode: tenant.siteMode, message: tenant.modeMessage };
}

/**
 * Resolve the tenant for every /v1 request and refuse service in maintenance (-7), closed (-12)
 * and IP-restricted (-19) modes, with the data the /maintain, /websiteClosed, /noservice pages show.
 * An unknown tenant answers -7 too (spec: tenant config -7 means tenant unknown).
 */
export function registerSiteMode(app: FastifyInstance): void {
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (!url.startsWith('/v1/')) return;
    const tenant = await app.ctx.tenant.get();
    if (!tenant) {
      if (ALWAYS_OPEN.some((p) => url.startsWith(p))) return;
      throw DomainError.of(Codes.MAINTENANCE, '站点不存在或未开通', { message: '站点不存在或未开通' });
    }
    request.tenant = { id: tenant.id, code: tenant.code };
    if (ALWAYS_OPEN.some((p) => url.startsWith(p))) return;
    const { mode, message } = effectiveMode(app, tenant);
    if (mode === 'open') return;
    if (mode === 'restricted') {
      const allowed = new Set([...tenant.allowedIps, ...app.ctx.config.ALLOWED_IPS]);
      if (allowed.has(request.ip)) return;
    }
    const supportList = await listSupportLines(app.ctx.db, tenant.id);
    const data: SiteModeData = {
      message: message || defaultMessage(mode),
      siteName: tenant.name,
      ...(tenant.modeStartAt !== null ? { startTime: tenant.modeStartAt } : {}),
      ...(tenant.modeEndAt !== null ? { endTime: tenant.modeEndAt } : {}),
      supportList,
    };
    const def =
      mode === 'maintain' ? Codes.MAINTENANCE : mode === 'closed' ? Codes.SITE_CLOSED : Codes.IP_RESTRICTED;
    throw DomainError.of(def, data.message, data);
  });
}

function defaultMessage(mode: SiteMode): string {
  if (mode === 'maintain') return Codes.MAINTENANCE.msg;
  if (mode === 'closed') return Codes.SITE_CLOSED.msg;
  return Codes.IP_RESTRICTED.msg;
}
