import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';

/**
 * Fan-out between server processes (DESIGN.md §7). Every delivery goes through the bus, even in one
 * process, so the single-process path and the Redis path run the same code.
 */
export type BusMessage =
  /** To every socket in a room; managers get `managerPayload` when present (real user names). */
  | { t: 'room'; roomId: number; payload: string; managerPayload?: string }
  /** To every socket of a user (account and room mode). */
  | { t: 'user'; userId: number; payload: string }
  /** To every socket of a session, then close them (forced logout). */
  | { t: 'session'; sessionId: number; payload: string; close: boolean }
  /** To every socket in a room, then close them (room deleted, permission changed). */
  | { t: 'roomClose'; roomId: number; payload: string; userId?: number }
  /** Re-read a member's manager flag / ban state on this process's sockets. */
  | { t: 'refresh'; roomId: number; userId: number; isManager: boolean }
  /**
   * A table-game frame to every socket of a game room (modules/games/rooms.ts). `payouts` (settled
   * frames only) carries each bettor's stake and credit, added per socket as its `mine`.
   */
  | {
      t: 'game';
      tenantId: number;
      gameCode: string;
      payload: string;
      payouts?: Record<string, { betMoney: string; returnMoney: string }>;
      /** The round of a `void` frame: each process refunds its demo sockets' chips on it. */
      voided?: string;
    }
  /** A live draw frame to every watcher of one lottery (modules/live/rooms.ts). */
  | { t: 'live'; lotteryCode: string; payload: string }
  /** A process whose Redis link dropped is back: these rooms and users missed its events. */
  | { t: 'resync'; from: string; roomIds: number[]; userIds: number[] };

/**
 * Told that the bus was interrupted and is whole again: sockets may have missed events and should
 * be told to resync (event 17). `roomIds`/`userIds` limit it to what was posted on this process
 * during its outage (another process's sockets missed those); absent = everything local.
 */
export type ResyncHandler = (scope: { roomIds?: number[]; userIds?: number[] }) => void;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): void;
  onResync(handler: ResyncHandler): void;
  /**
   * Counts one hit on a window shared by every process (rate limits); null when nothing is shared
   * (one process) or the store is unreachable now, so the caller counts locally instead.
   */
  count(key: string, windowMs: number): Promise<number | null>;
  /** True while the link to the other processes is down (readiness, tests). */
  isDown(): boolean;
  close(): Promise<void>;
}

export class MemoryBus implements Bus {
  readonly kind = 'memory';
  private handlers: ((message: BusMessage) => void)[] = [];
  async publish(message: BusMessage): Promise<void> {
    for (const h of this.handlers) h(message);
  }
  subscribe(handler: (message: BusMessage) => void): void {
    this.handlers.push(handler);
  }
  onResync(): void {
    // one process: nothing can be missed
  }
  async count(): Promise<number | null> {
    return null;
  }
  isDown(): boolean {
    return false;
  }
  async close(): Promise<void> {
    this.handlers = [];
  }
}

/** What the bus logs through (pino / fastify's logger). */
export interface BusLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** While Redis is down, one "still down" line per this interval, with the failure count. */
export const STILL_DOWN_LOG_MS = 30_000;
/** A Redis command that has not answered in this time counts as unreachable. */
const COMMAND_TIMEOUT_MS = 500;

const newClient = (url: string) =>
  createClient({
    url,
    // Fail fast while disconnected instead of queueing: a chat post must not hang on Redis.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
  });
export type RedisClient = ReturnType<typeof newClient>;

const HIT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return current`;

/**
 * Redis pub/sub on one channel per tenant; a publisher and a dedicated subscriber connection.
 *
 * Outage: node-redis reconnects by itself. Meanwhile every publish is delivered to this process's
 * own sockets (the message is stored in the database anyway) and the rooms and users it touched are
 * remembered. When both connections are back, this process resyncs its own sockets (it may have
 * missed anything) and asks the others, over the bus, to resync the remembered rooms and users.
 * It logs one line when the connection is lost, one when it is back (with the failure count) and
 * at most one "still down" line per STILL_DOWN_LOG_MS in between.
 */
export class RedisBus implements Bus {
  readonly kind = 'redis';
  private handlers: ((message: BusMessage) => void)[] = [];
  private resyncHandlers: ResyncHandler[] = [];
  private outage: { since: number; failures: number; loggedAt: number } | null = null;
  private missed = { roomIds: new Set<number>(), userIds: new Set<number>() };
  private closing = false;
  /** Set once the channel subscription is in place; until then the bus counts as down. */
  private subscribed = false;
  /** Tells this bus's own resync requests apart from other processes' (one per instance). */
  private readonly id = randomBytes(6).toString('hex');
  private constructor(
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
    private readonly channel: string,
    private readonly log: BusLog,
  ) {}

  /**
   * Connects and subscribes. When Redis does not answer within `waitMs` (a process started during
   * an outage) the bus is returned anyway, down: it delivers locally, keeps connecting in the
   * background and resyncs like after any outage once it is subscribed.
   */
  static async connect(url: string, channel: string, log: BusLog, waitMs = 3000): Promise<RedisBus> {
    const pub = newClient(url);
    const sub = pub.duplicate();
    const bus = new RedisBus(pub, sub, channel, log);
    // node-redis throws (and ends the process) on an error event nobody listens to.
    for (const client of [pub, sub]) {
      client.on('error', (error: Error) => bus.onConnectionError(error));
      client.on('ready', () => bus.onConnectionReady());
    }
    const subscribed = (async () => {
      await Promise.all([pub.connect(), sub.connect()]);
      await sub.subscribe(channel, (raw) => bus.onRaw(raw));
      bus.subscribed = true;
      bus.onConnectionReady();
    })();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([subscribed, waited]).finally(() => clearTimeout(timer));
    subscribed.catch((error: Error) => bus.onConnectionError(error));
    return bus;
  }

  private onRaw(raw: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch {
      return;
    }
    if (message.t === 'resync') {
      if (message.from !== this.id) this.fireResync({ roomIds: message.roomIds, userIds: message.userIds });
      return;
    }
    this.deliverLocal(message);
  }

  /** The publishing connection, shared with presence. */
  get client(): RedisClient {
    return this.pub;
  }

  isDown(): boolean {
    return this.outage !== null || !this.subscribed || !this.pub.isReady || !this.sub.isReady;
  }

  private onConnectionError(error: Error): void {
    if (this.closing) return;
    const now = Date.now();
    if (!this.outage) {
      this.outage = { since: now, failures: 1, loggedAt: now };
      this.log.warn(
        { err: error, channel: this.channel },
        'redis bus connection lost: chat events reach only this process until it is back',
      );
      return;
    }
    this.outage.failures += 1;
    if (now - this.outage.loggedAt >= STILL_DOWN_LOG_MS) {
      this.outage.loggedAt = now;
      this.log.warn(
        { channel: this.channel, downMs: now - this.outage.since, failures: this.outage.failures },
        'redis bus still down',
      );
    }
  }

  private onConnectionReady(): void {
    if (!this.outage || !this.subscribed || !this.pub.isReady || !this.sub.isReady) return;
    const { since, failures } = this.outage;
    this.outage = null;
    this.log.info(
      { channel: this.channel, downMs: Date.now() - since, failures },
      'redis bus connection back: resyncing chat sockets',
    );
    const missed = { roomIds: [...this.missed.roomIds], userIds: [...this.missed.userIds] };
    this.missed = { roomIds: new Set(), userIds: new Set() };
    this.fireResync({});
    if (missed.roomIds.length > 0 || missed.userIds.length > 0) {
      void this.publish({ t: 'resync', from: this.id, ...missed });
    }
  }

  private fireResync(scope: Parameters<ResyncHandler>[0]): void {
    for (const h of this.resyncHandlers) h(scope);
  }

  private deliverLocal(message: BusMessage): void {
    for (const h of this.handlers) h(message);
  }

  /** While down: to this process's sockets only, remembering who else must resync later. */
  private deliverDuringOutage(message: BusMessage): void {
    if (message.t === 'room' || message.t === 'roomClose' || message.t === 'refresh') {
      if (this.missed.roomIds.size < 10_000) this.missed.roomIds.add(message.roomId);
    } else if (message.t === 'user') {
      if (this.missed.userIds.size < 10_000) this.missed.userIds.add(message.userId);
    }
    if (message.t !== 'resync') this.deliverLocal(message);
  }

  async publish(message: BusMessage): Promise<void> {
    if (this.isDown()) return this.deliverDuringOutage(message);
    try {
      await withTimeout(this.pub.publish(this.channel, JSON.stringify(message)));
    } catch {
      this.deliverDuringOutage(message);
    }
  }
  subscribe(handler: (message: BusMessage) => void): void {
    this.handlers.push(handler);
  }
  onResync(handler: ResyncHandler): void {
    this.resyncHandlers.push(handler);
  }

  async count(key: string, windowMs: number): Promise<number | null> {
    if (!this.pub.isReady) return null;
    try {
      const n = await withTimeout(
        this.pub.eval(HIT, { keys: [`${this.channel}:rate:${key}`], arguments: [String(windowMs)] }),
      );
      return Number(n);
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.handlers = [];
    this.resyncHandlers = [];
    for (const client of [this.sub, this.pub]) {
      // a client still trying to connect is destroyed, so it stops retrying
      if (client.isReady) await client.close().catch(() => client.destroy());
      else client.destroy();
    }
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('redis command timed out')), COMMAND_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const processId = randomBytes(6).toString('hex');
