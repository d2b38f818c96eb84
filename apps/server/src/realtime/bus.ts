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
  | { t: 'refresh'; roomId: number; userId: number; isManager: boolean };

export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): void;
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
  async close(): Promise<void> {
    this.handlers = [];
  }
}

const newClient = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof newClient>;

/** Redis pub/sub on one channel per tenant; a publisher and a dedicated subscriber connection. */
export class RedisBus implements Bus {
  readonly kind = 'redis';
  private handlers: ((message: BusMessage) => void)[] = [];
  private constructor(
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
    private readonly channel: string,
  ) {}

  /** `onError` receives connection errors (the client reconnects by itself meanwhile). */
  static async connect(url: string, channel: string, onError: (error: Error) => void): Promise<RedisBus> {
    const pub = newClient(url);
    const sub = pub.duplicate();
    // node-redis throws (and ends the process) on an error event nobody listens to.
    pub.on('error', onError);
    sub.on('error', onError);
    await Promise.all([pub.connect(), sub.connect()]);
    const bus = new RedisBus(pub, sub, channel);
    await sub.subscribe(channel, (raw) => {
      let message: BusMessage;
      try {
        message = JSON.parse(raw) as BusMessage;
      } catch {
        return;
      }
      for (const h of bus.handlers) h(message);
    });
    return bus;
  }

  /** The publishing connection, shared with presence. */
  get client(): RedisClient {
    return this.pub;
  }

  async publish(message: BusMessage): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(message));
  }
  subscribe(handler: (message: BusMessage) => void): void {
    this.handlers.push(handler);
  }
  async close(): Promise<void> {
    this.handlers = [];
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}

export const processId = randomBytes(6).toString('hex');
