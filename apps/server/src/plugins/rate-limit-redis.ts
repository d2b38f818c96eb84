import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createClient } from 'redis';

/**
 * Rate-limit counters shared by every process through Redis (REDIS_URL), with a per-process
 * fallback while Redis is away. Limits never fail open: when Redis is down, slow or erroring, the
 * same hit is counted in this process instead, so each process still enforces the limit on its own
 * (with N processes an attacker gets at most N times the limit for the length of the outage).
 * Commands never wait for a reconnect (no offline queue) and time out quickly, so a request is not
 * held up by Redis.
 */

/** How long a counter command may take before this process counts locally instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** While Redis stays down, one summary line (failed attempts so far) per this period. */
export const REDIS_OUTAGE_SUMMARY_MS = 60_000;
/** Reconnect backoff: 100 ms doubling to at most 2 s, so a returning Redis is used within 2 s. */
const reconnectDelayMs = (retries: number) => Math.min(100 * 2 ** Math.min(retries, 5), 2000);

const newClient = (url: string) =>
  createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
    socket: { connectTimeout: 2000, reconnectStrategy: reconnectDelayMs },
  });
type Client = ReturnType<typeof newClient>;

/** The few pino methods the connection log uses; app.log fits. */
export interface ConnectionLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** One fixed window count: hits so far and the time left in the window. */
export interface WindowCount {
  current: number;
  ttlMs: number;
}

/**
 * Fixed windows kept in this process: the fallback while Redis is away. At most `maxKeys` keys;
 * when full, expired windows go first, then the oldest.
 */
export class LocalWindows {
  private readonly windows = new Map<string, { startedAt: number; windowMs: number; count: number }>();

  constructor(
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string, windowMs: number): WindowCount {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now - w.startedAt >= w.windowMs || now < w.startedAt) {
      if (!w && this.windows.size >= this.maxKeys) this.evict(now);
      w = { startedAt: now, windowMs, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { current: w.count, ttlMs: w.startedAt + w.windowMs - now };
  }

  private evict(now: number): void {
    for (const [key, w] of this.windows) if (now - w.startedAt >= w.windowMs) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

const HIT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

export interface RateLimitRedis {
  /** The connection, for closing and for tests. */
  readonly client: Client;
  /** True while the connection is ready: hits then go to Redis. */
  isUp(): boolean;
  /** Count one hit on `key` in a window shared by every process, or in this process while Redis is away. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Answers PING within the command timeout; for /readyz. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Longest wait for the first connection at start; the process starts on local limits after it. */
  startWaitMs?: number;
  summaryEveryMs?: number;
  now?: () => number;
}

/**
 * Open the rate-limit connection. A Redis that is down at start does not stop the process: it
 * starts on local limits and moves to Redis when the connection comes up.
 */
export async function connectRateLimitRedis(
  url: string,
  log: ConnectionLog,
  options: ConnectOptions = {},
): Promise<RateLimitRedis> {
  const client = newClient(url);
  const now = options.now ?? Date.now;
  watchConnection(client, log, options.summaryEveryMs ?? REDIS_OUTAGE_SUMMARY_MS, now);
  const local = new LocalWindows(50_000, now);
  let closed = false;

  const connecting = client.connect().catch(() => undefined);
  await Promise.race([connecting, delay(options.startWaitMs ?? 2000)]);

  return {
    client,
    isUp: () => client.isReady,
    async hit(key, windowMs) {
      if (!client.isReady) return local.hit(key, windowMs);
      try {
        const [current, ttlMs] = (await client.eval(HIT, {
          keys: [key],
          arguments: [String(windowMs)],
        })) as [number, number];
        return { current: Number(current), ttlMs: Math.max(0, Number(ttlMs)) };
      } catch {
        // lost mid-command or too slow: never let the hit go uncounted
        return local.hit(key, windowMs);
      }
    },
    async ping() {
      if (!client.isReady) return false;
      return client.ping().then(
        () => true,
        () => false,
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      client.destroy();
      await connecting;
    },
  };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Log a lost connection once, then one summary with the count of failed attempts per
 * `summaryEveryMs`, then once when it is back with the outage's length and count: never a line per
 * reconnect attempt.
 */
export function watchConnection(
  client: Pick<Client, 'on'>,
  log: ConnectionLog,
  summaryEveryMs: number,
  now: () => number = Date.now,
): void {
  let down: { since: number; failures: number; lastSummaryAt: number } | undefined;
  client.on('error', (error: Error) => {
    const at = now();
    if (!down) {
      down = { since: at, failures: 1, lastSummaryAt: at };
      log.warn({ err: error.message }, 'rate-limit redis connection lost; counting limits in this process');
      return;
    }
    down.failures += 1;
    if (at - down.lastSummaryAt >= summaryEveryMs) {
      down.lastSummaryAt = at;
      log.warn(
        { failedAttempts: down.failures, downForMs: at - down.since, err: error.message },
        'rate-limit redis still unreachable',
      );
    }
  });
  client.on('ready', () => {
    if (!down) return;
    log.info(
      { failedAttempts: down.failures, downForMs: now() - down.since },
      'rate-limit redis connection back; limits shared again',
    );
    down = undefined;
  });
}

/** One attempt against a fixed window shared by every process; false when over `max`. */
export async function redisHit(
  redis: RateLimitRedis,
  key: string,
  max: number,
  windowMs: number,
): Promise<boolean> {
  return (await redis.hit(key, windowMs)).current <= max;
}

/**
 * A @fastify/rate-limit store over `redis.hit`: per-route keys as the library's own Redis store
 * names them, and the same per-process fallback.
 */
export function rateLimitStore(redis: RateLimitRedis, nameSpace: string): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = nameSpace,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      redis.hit(this.prefix + key, timeWindow).then(
        ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // the library passes its merged route settings, with the route under routeInfo
      const { method, url } = (routeOptions as unknown as { routeInfo: { method: string; url: string } })
        .routeInfo;
      return new SharedStore(undefined, `${this.prefix}${method}${url}-`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate-limit Redis connection when REDIS_URL is set, else null. */
    rateLimitRedis: RateLimitRedis | null;
  }
}
