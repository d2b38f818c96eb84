import type { Clock } from '../../clock';

/**
 * Counts one hit on a window shared by every process (Redis through the bus); null when there is
 * no shared store or it is unreachable right now, so the caller falls back to its own count.
 */
export type SharedCount = (key: string, windowMs: number) => Promise<number | null>;

/**
 * At most `max` hits per key in `windowMs`. With a shared store the window is shared by every
 * process (a sender cannot spread over processes to go faster); while the store is absent or down
 * each process keeps its own sliding window: the limit degrades to max × processes, never open.
 * Keys are bounded.
 */
export class SharedLimiter {
  private hits = new Map<string, number[]>();
  constructor(
    private readonly clock: Clock,
    private readonly shared: SharedCount,
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Records a hit and answers whether it is within the limit. */
  async take(key: string): Promise<boolean> {
    const count = await this.shared(`${this.name}:${key}`, this.windowMs);
    if (count !== null) return count <= this.max;
    return this.takeLocal(key);
  }

  private takeLocal(key: string): boolean {
    const now = this.clock.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    if (!this.hits.has(key) && this.hits.size >= this.maxKeys) this.hits.clear();
    this.hits.set(key, recent);
    return true;
  }
}
