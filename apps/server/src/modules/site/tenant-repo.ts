import type { SiteConfig } from '@lottery/contract/site';
import { asc, eq } from 'drizzle-orm';
import type { SiteMode } from '../../config';
import type { Db } from '../../db/client';
import { supportLines, tenants } from '../../db/schema/tenant';

export type Tenant = typeof tenants.$inferSelect;

export async function findTenant(db: Db, code: string): Promise<Tenant | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.code, code)).limit(1);
  return row;
}

export async function listSupportLines(db: Db, tenantId: number) {
  return db
    .select({
      id: supportLines.id,
      name: supportLines.name,
      linkType: supportLines.linkType,
      linkUrl: supportLines.linkUrl,
      htmlPath: supportLines.htmlPath,
    })
    .from(supportLines)
    .where(eq(supportLines.tenantId, tenantId))
    .orderBy(asc(supportLines.sortOrder), asc(supportLines.id));
}

export interface SiteModeChange {
  mode: SiteMode;
  message?: string;
  startAt?: number | null;
  endAt?: number | null;
  allowedIps?: string[];
}

export async function setSiteMode(
  db: Db,
  code: string,
  change: SiteModeChange,
  now: number,
): Promise<boolean> {
  const rows = await db
    .update(tenants)
    .set({
      siteMode: change.mode,
      modeMessage: change.message ?? '',
      modeStartAt: change.startAt ?? null,
      modeEndAt: change.endAt ?? null,
      ...(change.allowedIps ? { allowedIps: change.allowedIps } : {}),
      configUpdatedAt: now,
    })
    .where(eq(tenants.code, code))
    .returning({ id: tenants.id });
  return rows.length > 0;
}

/** Merge site config fields and bump the tenantConfig stamp so clients reload. */
export async function updateSiteConfig(
  db: Db,
  code: string,
  patch: Partial<SiteConfig>,
  now: number,
): Promise<boolean> {
  const tenant = await findTenant(db, code);
  if (!tenant) return false;
  const { tenantName, tenantCode: _ignored, ...rest } = patch;
  await db
    .update(tenants)
    .set({
      config: { ...tenant.config, ...rest },
      ...(tenantName ? { name: tenantName } : {}),
      configUpdatedAt: Math.max(now, tenant.configUpdatedAt + 1),
    })
    .where(eq(tenants.id, tenant.id));
  return true;
}
