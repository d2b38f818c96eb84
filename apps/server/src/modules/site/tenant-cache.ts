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
  /** Bumped by invalidate(): a read that began before it must not count as fresh. */
  private generation = 0;
  /** The re-read under way, shared by the requests that arrive meanwhile (one query, not one each). */
  private reading: Promise<Tenant | undefined> | undefined;
  private readonly stampListeners: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly code: string,
    private readonly ttlMs = 2000,
  ) {}

  async get(): Promise<Tenant | undefined> {
    const now = this.clock.now();
    if (now - this.readAt < this.ttlMs && now >= this.readAt) return this.value;
    if (!this.reading) {
      const reading: Promise<Tenant | undefined> = this.reread(now).finally(() => {
        if (this.reading === reading) this.reading = undefined;
      });
      this.reading = reading;
    }
    return this.reading;
  }

  /**
   * Told when a re-read finds the tenant's stamps moved: a change made by another process that
   * nobody announced (no Redis) still reaches the caches built on the tenant within `ttlMs`.
   */
  onStampsChanged(listener: () => void): void {
    this.stampListeners.push(listener);
  }

  /** Forget the cached row (after a change): the next get() reads it again. */
  invalidate(): void {
    this.readAt = Number.NEGATIVE_INFINITY;
    this.generation++;
    this.reading = undefined;
  }

  private async reread(now: number): Promise<Tenant | undefined> {
    const generation = this.generation;
    const before = this.value;
    const row = await findTenant(this.db, this.code);
    if (generation !== this.generation) return row; // invalidated meanwhile: answer, but keep nothing
    this.value = row;
    this.readAt = now;
    if (before && stampsOf(before) !== stampsOf(row)) for (const listener of this.stampListeners) listener();
    return row;
  }
}

/**
 * The row as a comparable string. Its stamps (configUpdatedAt, lotteryOrderUpdatedAt,
 * pageUpdatedAt) move with every change made through the admin CLI; comparing the whole row also
 * catches a change made in the same millisecond as the last one, or by hand.
 */
function stampsOf(tenant: Tenant | undefined): string {
  return JSON.stringify(tenant ?? null, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
}

/** The request's tenant row (the site-mode hook already refused requests without one). */
export async function tenantOf(ctx: { tenant: TenantCache }): Promise<Tenant> {
  const tenant = await ctx.tenant.get();
  if (!tenant) throw new Error('tenant missing after the site-mode hook');
  return tenant;
}
