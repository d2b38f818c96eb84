import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';

/**
 * What changed, as far as cached reads care (DESIGN.md §10):
 * - `tenant`: a tenant stamp moved (site config, site mode, lottery catalogue or order);
 * - `draw`: a draw of `lotteryCode` was stored (house chain or operator's official result);
 * - `rebate`: a player's rebate was changed (an agent raised a downline's).
 */
export type CacheChange =
  | { kind: 'tenant' }
  | { kind: 'draw'; lotteryCode: string; issue: string }
  | { kind: 'rebate' };
type Listener = (change: CacheChange) => void;

/**
 * Writers announce a change after it is committed, on the database handle they wrote with; every
 * app built on that handle hears it at once. Keyed by handle, so two apps on two connections to one
 * database (as two processes would be) hear each other only through Redis.
 */
const listeners = new WeakMap<object, Set<Listener>>();

export function onLocalChange(db: object, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export function announceLocal(db: object, change: CacheChange): void {
  for (const listener of listeners.get(db) ?? []) listener(change);
}

/** One Redis channel per tenant code carries changes between processes. */
export const changeChannel = (tenantCode: string) => `lottery-cache:${tenantCode}`;

interface WireChange {
  /** The sending feed; it ignores its own echo (it applied the change before publishing). */
  from: string;
  change: CacheChange;
}

function parseWire(raw: string): WireChange | undefined {
  try {
    const wire = JSON.parse(raw) as WireChange;
    const kind = wire?.change?.kind;
    if (typeof wire.from !== 'string') return undefined;
    if (kind === 'tenant' || kind === 'rebate') return wire;
    if (kind === 'draw' && typeof wire.change.lotteryCode === 'string') return wire;
  } catch {
    // a stranger's message on our channel: ignored
  }
  return undefined;
}

export interface FeedLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

const newClient = (url: string) => createClient({ url });
type RedisClient = ReturnType<typeof newClient>;

/**
 * The process's connection to the other processes' changes: publishes what happened here, delivers
 * what happened there. While Redis is away, changes are lost; the caches' short expiry bounds how
 * stale a read can get, and `onReconnect` lets them drop everything when the link is back.
 * Logs one line when the link drops and one when it is back, not one per retry.
 */
export class RedisChangeFeed {
  readonly id = randomBytes(6).toString('hex');
  private down = false;

  private constructor(
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
    private readonly channel: string,
  ) {}

  static async connect(
    url: string,
    channel: string,
    handlers: { onChange: Listener; onReconnect: () => void },
    log: FeedLog,
  ): Promise<RedisChangeFeed> {
    const pub = newClient(url);
    const sub = pub.duplicate();
    const feed = new RedisChangeFeed(pub, sub, channel);
    const onError = (error: Error) => {
      if (feed.down) return;
      feed.down = true;
      log.warn({ err: error }, 'cache change feed: Redis unreachable; cached reads expire on their own');
    };
    pub.on('error', onError);
    sub.on('error', onError);
    sub.on('ready', () => {
      if (!feed.down) return;
      feed.down = false;
      log.info('cache change feed: Redis back; cached reads dropped');
      handlers.onReconnect();
    });
    const subscribed = Promise.all([pub.connect(), sub.connect()]).then(() =>
      sub.subscribe(channel, (raw) => {
        const wire = parseWire(raw);
        if (wire && wire.from !== feed.id) handlers.onChange(wire.change);
      }),
    );
    // A Redis that is down at start delays the start by at most this, then the feed joins when
    // Redis comes up (node-redis keeps retrying); meanwhile reads are at most 2 s stale.
    subscribed.catch(() => undefined);
    await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, START_WAIT_MS).unref())]);
    return feed;
  }

  /** Skipped while Redis is away: a queue of stale invalidations would only grow. */
  async publish(change: CacheChange): Promise<void> {
    if (!this.pub.isReady) return;
    const wire: WireChange = { from: this.id, change };
    await this.pub.publish(this.channel, JSON.stringify(wire));
  }

  async close(): Promise<void> {
    for (const client of [this.sub, this.pub]) {
      if (client.isOpen) await client.close().catch(() => undefined);
      // still retrying a Redis that never answered: stop the retries
      if (client.isOpen) client.destroy();
    }
  }
}

const START_WAIT_MS = 2000;

/**
 * Tell the caches of every process about a committed change: apps on this database handle at once,
 * other processes through Redis when configured. For writers outside an app (the admin CLI); a
 * Redis that cannot be reached only delays the change until the caches expire (2 s).
 */
export async function announceChange(
  db: object,
  config: { REDIS_URL?: string; TENANT_CODE: string },
  change: CacheChange,
): Promise<void> {
  announceLocal(db, change);
  await publishChange(config, change);
}

/** The Redis half of announceChange, for a writer that has already announced on its handle. */
export async function publishChange(
  config: { REDIS_URL?: string; TENANT_CODE: string },
  change: CacheChange,
): Promise<void> {
  if (!config.REDIS_URL) return;
  await publishChangeOnce(config.REDIS_URL, changeChannel(config.TENANT_CODE), change).catch(() => undefined);
}

/** Publish one change on a short-lived connection; fails fast instead of retrying. */
async function publishChangeOnce(url: string, channel: string, change: CacheChange): Promise<void> {
  const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 2000 } });
  client.on('error', () => undefined); // connect() rejects with the same error
  await client.connect();
  try {
    const wire: WireChange = { from: 'cli', change };
    await client.publish(channel, JSON.stringify(wire));
  } finally {
    await client.quit().catch(() => undefined);
  }
}
