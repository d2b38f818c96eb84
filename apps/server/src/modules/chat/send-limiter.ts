import type { Clock } from '../../clock';

/**
 * Per-sender send rate: at most `max` messages in any `windowMs`. In memory per process (a sender
 * spreading over processes gets at most max × processes, still bounded). Keys are bounded too.
 */
export class SendLimiter {
  private hits = new Map<string, number[]>();
  constructor(
    private readonly clock: Clock,
    readonly max = 5,
    readonly windowMs = 3000,
    private readonly maxKeys = 100_000,
  ) {}

  /** Records a send and answers whether it is allowed. */
  take(key: string): boolean {
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
