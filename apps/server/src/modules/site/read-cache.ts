/**
 * Values read from the database and kept in memory, each under a topic (`tenant`, `draw:1401`)
 * that a change drops at once. Invariants:
 * - after `invalidate(topic)` returns, no later `get` answers a value loaded before it: a load that
 *   was under way keeps answering its own callers but is not stored, and callers that arrive after
 *   start a new load (topics carry a generation, loads remember the one they started in);
 * - concurrent misses of one key share one load (no stampede on the database);
 * - every entry also expires `maxAgeMs` after it was loaded, which bounds staleness when a change
 *   was never announced (a lost Redis message, a row edited by hand);
 * - a failed load is not cached;
 * - with `maxEntries`, the cache holds at most that many values: storing one more drops the
 *   oldest stored (per-player values, whose keys the players choose by signing in).
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Loading>();
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly maxAgeMs: number,
    private readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  /** Values stored now (for the bound's test). */
  size(): number {
    return this.entries.size;
  }

  get<T>(key: string, topic: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generationOf(topic);
    const entry = this.entries.get(key);
    const now = this.now();
    if (
      entry &&
      entry.generation === generation &&
      now >= entry.loadedAt &&
      now - entry.loadedAt < this.maxAgeMs
    ) {
      return Promise.resolve(entry.value as T);
    }
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) return pending.promise as Promise<T>;
    return this.startLoad(key, topic, generation, load);
  }

  /** Drop every value of `topic`. */
  invalidate(topic: string): void {
    this.generations.set(topic, this.generationOf(topic) + 1);
  }

  /** Drop everything (the change feed was down: changes may have been missed). */
  clear(): void {
    for (const topic of [...this.generations.keys()]) this.invalidate(topic);
    this.entries.clear();
  }

  private generationOf(topic: string): number {
    return this.generations.get(topic) ?? 0;
  }

  private startLoad<T>(key: string, topic: string, generation: number, load: () => Promise<T>): Promise<T> {
    // Known to clear() from now on, so a load under way when everything is dropped is not stored.
    if (!this.generations.has(topic)) this.generations.set(topic, generation);
    const loadedAt = this.now();
    const promise = load().then(
      (value) => {
        if (this.generationOf(topic) === generation) {
          // stored anew at the end: the first key is the one stored longest ago
          this.entries.delete(key);
          this.entries.set(key, { value, generation, loadedAt });
          if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        }
        this.finish(key, promise);
        return value;
      },
      (error: unknown) => {
        this.finish(key, promise);
        throw error;
      },
    );
    this.loading.set(key, { generation, promise });
    return promise;
  }

  private finish(key: string, promise: Promise<unknown>): void {
    if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
  }
}

interface Entry {
  value: unknown;
  generation: number;
  loadedAt: number;
}

interface Loading {
  generation: number;
  promise: Promise<unknown>;
}
