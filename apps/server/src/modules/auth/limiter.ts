import type { Clock } from '../../clock';
import { type RateLimitRedis, redisHit } from '../../plugins/rate-limit-redis';

/**
 * Fixed-window attempt counter per key (account names), bounded in size; reads the app clock so
 * tests move past a window instead of waiting. With a Redis (REDIS_URL) the counters live there,
 * shared by every process. Per-IP limits use @fastify/rate-limit.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 50_000,
    private readonly redis?: RateLimitRedis,
  ) {}

  /** Count one attempt; false when the key is over its limit for this window. */
  async hit(key: string): Promise<boolean> {
    if (this.redis) return redisHit(this.redis, `lottery-attempt:${key}`, this.max, this.windowMs);
    const now = this.clock.now();
    let w = this.windows.get(key);
    if (!w || now - w.startedAt >= this.windowMs || now < w.startedAt) {
      if (!w && this.windows.size >= this.maxKeys) this.evict(now);
      w = { startedAt: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count <= this.max;
  }

  private evict(now: number): void {
    for (const [key, w] of this.windows) {
      if (now - w.startedAt >= this.windowMs) this.windows.delete(key);
    }
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
