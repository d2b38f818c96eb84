import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { findTenant, type Tenant } from './tenant-repo';

/**
 * The tenant row, re-read at most every `ttlMs`, so an operator's CLI change (site mode, config)
 * reaches every process within that time without a query per request.
 */
export class TenantCache {
  private value: Tenant | undefined;
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly code: string,
    private readonly ttlMs = 2000,
  ) {}

  async get(): Promise<Tenant | undefined> {
    const now = this.clock.now();
    if (now - this.readAt >= this.ttlMs || now < this.readAt) {
      this.value = await findTenant(this.db, this.code);
      this.readAt = now;
    }
    return this.value;
  }

  /** Forget the cached row (after this process changed it). */
  invalidate(): void {
    this.readAt = Number.NEGATIVE_INFINITY;
  }
}

/** The request's tenant row (the site-mode hook already refused requests without one). */
export async function tenantOf(ctx: { tenant: TenantCache }): Promise<Tenant> {
  const tenant = await ctx.tenant.get();
  if (!tenant) throw new Error('tenant missing after the site-mode hook');
  return tenant;
}
