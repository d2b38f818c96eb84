import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrontCacheStamps, SiteConfig } from '@lottery/contract/site';
import type { AppContext } from '../../context';
import { DEFAULT_WEB_DIST } from '../../paths';
import type { Tenant } from './tenant-repo';

const CONFIG_DEFAULTS: Omit<SiteConfig, 'tenantName' | 'tenantCode'> = {
  supportUrl: '',
  supportOpenMethod: 1,
  logoMobile: '',
  appDownload: '',
  sourceId: 1,
  yuebaoEnable: false,
  icon: '',
  stockCentEnable: false,
  embedChatEnabled: false,
  embedChatUrl: '',
  isHideNavLive: true,
  mbEnabled: false,
  customPopUpWindow: false,
  popUpWindowTitle: '',
  popUpWindowContent: '',
  imageUrl: '',
  showCardProfit: false,
  gamesEnabled: false,
  liveNavEnabled: false,
};

export function siteConfigOf(tenant: Tenant): SiteConfig {
  const stored = tenant.config as Partial<SiteConfig>;
  const merged = { ...CONFIG_DEFAULTS } as Record<string, unknown>;
  // Only known keys with the default's type leave the server.
  for (const [key, fallback] of Object.entries(CONFIG_DEFAULTS)) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === typeof fallback) merged[key] = value;
  }
  return {
    ...(merged as Omit<SiteConfig, 'tenantName' | 'tenantCode'>),
    tenantName: tenant.name,
    tenantCode: tenant.code,
  };
}

/** The web build's identity: a hash of its index.html (changes with every build), read once. */
let frontVersion: string | undefined;
export function frontVersionOf(webDist: string = DEFAULT_WEB_DIST): string {
  if (frontVersion === undefined) {
    const index = join(webDist, 'index.html');
    frontVersion = existsSync(index)
      ? createHash('sha256').update(readFileSync(index)).digest('hex').slice(0, 12)
      : 'dev';
  }
  return frontVersion;
}

export function cacheStampsOf(ctx: AppContext, tenant: Tenant): FrontCacheStamps {
  return {
    pageUpdateTimeMobile: tenant.pageUpdatedAt,
    tenantConfig: tenant.configUpdatedAt,
    lotteryOrder: tenant.lotteryOrderUpdatedAt,
    frontVersion: frontVersionOf(ctx.config.WEB_DIST),
  };
}
