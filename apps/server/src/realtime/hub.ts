import type { OnlineMember, SocketEvent } from '@lottery/contract/chat';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus, BusMessage } from './bus';
import type { Presence } from './presence';

/** Bytes queued on a socket above which further events are dropped (slow consumer). */
export const DROP_ABOVE_BYTES = 256 * 1024;
/** Bytes queued above which the socket is closed: a consumer this far behind will not catch up. */
export const CLOSE_ABOVE_BYTES = 1024 * 1024;
export const PING_INTERVAL_MS = 25_000;
/** Close code for a consumer that cannot keep up. */
export const CLOSE_SLOW = 4008;

/** One accepted socket on this process. */
export interface Conn {
  ws: WebSocket;
  userId: number | null;
  sessionId: number | null;
  guestCode: string | null;
  memberKey: string;
  member: OnlineMember;
  /** Room mode: the room joined; account mode: null. */
  roomId: number | null;
  isManager: boolean;
  alive: boolean;
}

export const encode = (event: SocketEvent): string => JSON.stringify(event);

/**
 * The sockets of this process, indexed by room, user and session. Everything arriving from the bus
 * is delivered here; everything sent by the app is published to the bus first.
 */
export class Hub {
  private rooms = new Map<number, Set<Conn>>();
  private users = new Map<number, Set<Conn>>();
  private sessions = new Map<number, Set<Conn>>();
  /** room -> member key -> local socket count, to announce online/offline once per member. */
  private members = new Map<number, Map<string, number>>();
  private timers: NodeJS.Timeout[] = [];
  dropped = 0;
  slowClosed = 0;

  constructor(
    readonly bus: Bus,
    readonly presence: Presence,
    private readonly log: FastifyBaseLogger,
  ) {
    bus.subscribe((message) => this.deliver(message));
    bus.onResync((scope) => this.resync(scope));
  }

  /**
   * After a bus outage: tell the affected sockets to fetch what they missed (event 17, the web
   * reloads messages newer than the last it has), and put this process's presence back.
   */
  resync(scope: { roomIds?: number[]; userIds?: number[] }): void {
    const everything = scope.roomIds === undefined && scope.userIds === undefined;
    const rooms = new Set(scope.roomIds ?? []);
    const users = new Set(scope.userIds ?? []);
    for (const c of this.all()) {
      const affected =
        everything ||
        (c.roomId !== null && rooms.has(c.roomId)) ||
        (c.userId !== null && users.has(c.userId));
      if (affected) this.send(c, encode({ code: 17, data: { roomId: c.roomId ?? 0 } }));
    }
    if (everything) {
      this.presence.restore().catch((error) => this.log.error({ err: error }, 'presence restore failed'));
    }
  }

  get size(): number {
    return this.all().size;
  }

  private all(): Set<Conn> {
    const all = new Set<Conn>();
    for (const set of this.users.values()) for (const c of set) all.add(c);
    for (const set of this.rooms.values()) for (const c of set) all.add(c);
    return all;
  }

  /**
   * Register an accepted socket; `greet` (the connect result) is sent first, then the member is
   * announced (event 11) when first seen in the room.
   */
  async add(conn: Conn, greet?: (onlineCount: number) => string): Promise<void> {
    if (conn.userId !== null) index(this.users, conn.userId, conn);
    if (conn.sessionId !== null) index(this.sessions, conn.sessionId, conn);
    if (conn.roomId === null) {
      if (greet) this.send(conn, greet(0));
      return;
    }
    index(this.rooms, conn.roomId, conn);
    let counts = this.members.get(conn.roomId);
    if (!counts) {
      counts = new Map();
      this.members.set(conn.roomId, counts);
    }
    const n = (counts.get(conn.memberKey) ?? 0) + 1;
    counts.set(conn.memberKey, n);
    if (n === 1) await this.presence.join(conn.roomId, conn.memberKey, conn.member);
    if (greet) this.send(conn, greet((await this.presence.list(conn.roomId)).length));
    if (n === 1) {
      const real = { ...conn.member, roomId: conn.roomId };
      const masked = { ...real, userName: conn.member.roleUserName };
      await this.toRoom(conn.roomId, { code: 11, data: masked }, { code: 11, data: real });
    }
  }

  async remove(conn: Conn): Promise<void> {
    if (conn.userId !== null) unindex(this.users, conn.userId, conn);
    if (conn.sessionId !== null) unindex(this.sessions, conn.sessionId, conn);
    if (conn.roomId === null || !unindex(this.rooms, conn.roomId, conn)) return;
    const counts = this.members.get(conn.roomId);
    const n = (counts?.get(conn.memberKey) ?? 1) - 1;
    if (n > 0) {
      counts!.set(conn.memberKey, n);
      return;
    }
    counts?.delete(conn.memberKey);
    if (counts?.size === 0) this.members.delete(conn.roomId);
    await this.presence.leave(conn.roomId, conn.memberKey);
    await this.toRoom(conn.roomId, { code: 12, data: { userId: conn.member.userId, roomId: conn.roomId } });
  }

  /**
   * Send with the bounded queue: drop when behind, close when far behind. A fan-out passes the
   * payload encoded once as a Buffer (sent as a text frame) instead of a string per socket.
   */
  send(conn: Conn, payload: string | Buffer): void {
    const { ws } = conn;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > CLOSE_ABOVE_BYTES) {
      this.slowClosed += 1;
      ws.close(CLOSE_SLOW, 'slow consumer');
      ws.terminate();
      return;
    }
    if (ws.bufferedAmount > DROP_ABOVE_BYTES) {
      this.dropped += 1;
      return;
    }
    if (typeof payload === 'string') ws.send(payload);
    else ws.send(payload, { binary: false });
  }

  // Publishing: every event leaves through the bus.
  toRoom(roomId: number, event: SocketEvent, managerEvent?: SocketEvent): Promise<void> {
    return this.publish({
      t: 'room',
      roomId,
      payload: encode(event),
      ...(managerEvent ? { managerPayload: encode(managerEvent) } : {}),
    });
  }
  toUser(userId: number, event: SocketEvent): Promise<void> {
    return this.publish({ t: 'user', userId, payload: encode(event) });
  }
  /** Forced logout (event 14) to a session's sockets, which are then closed. */
  kickSession(sessionId: number, msg: string): Promise<void> {
    return this.publish({ t: 'session', sessionId, payload: encode({ code: 14, msg }), close: true });
  }
  /** Send then close a room's sockets (all, or one user's). */
  closeRoom(roomId: number, event: SocketEvent, userId?: number): Promise<void> {
    return this.publish({ t: 'roomClose', roomId, payload: encode(event), ...(userId ? { userId } : {}) });
  }
  refreshManager(roomId: number, userId: number, isManager: boolean): Promise<void> {
    return this.publish({ t: 'refresh', roomId, userId, isManager });
  }

  private async publish(message: BusMessage): Promise<void> {
    try {
      await this.bus.publish(message);
    } catch (error) {
      this.log.error({ err: error }, 'bus publish failed');
    }
  }

  deliver(message: BusMessage): void {
    switch (message.t) {
      case 'room': {
        const room = this.rooms.get(message.roomId);
        if (!room) return;
        const payload = Buffer.from(message.payload);
        const managerPayload = message.managerPayload ? Buffer.from(message.managerPayload) : payload;
        for (const c of room) this.send(c, c.isManager ? managerPayload : payload);
        return;
      }
      case 'user':
        for (const c of this.users.get(message.userId) ?? []) this.send(c, message.payload);
        return;
      case 'session':
        for (const c of [...(this.sessions.get(message.sessionId) ?? [])]) {
          this.send(c, message.payload);
          if (message.close) c.ws.close(4014, 'logout');
        }
        return;
      case 'roomClose':
        for (const c of [...(this.rooms.get(message.roomId) ?? [])]) {
          if (message.userId !== undefined && c.userId !== message.userId) continue;
          this.send(c, message.payload);
          c.ws.close(4013, 'room');
        }
        return;
      case 'refresh':
        for (const c of this.rooms.get(message.roomId) ?? []) {
          if (c.userId === message.userId) c.isManager = message.isManager;
        }
    }
  }

  /** Users with an account-mode socket (type 7) on this process, for the new-message notifier. */
  accountUserIds(): number[] {
    const ids: number[] = [];
    for (const [userId, set] of this.users) {
      for (const c of set) {
        if (c.roomId === null) {
          ids.push(userId);
          break;
        }
      }
    }
    return ids;
  }

  /**
   * Send to this user's account-mode sockets on this process only, not through the bus: each
   * process notifies its own sockets, so several processes never deliver one event twice.
   */
  toLocalAccount(userId: number, event: SocketEvent): void {
    const set = this.users.get(userId);
    if (!set) return;
    const payload = encode(event);
    for (const c of set) if (c.roomId === null) this.send(c, payload);
  }

  /** Local sessions, for the revocation sweep. */
  sessionIds(): number[] {
    return [...this.sessions.keys()];
  }

  /**
   * Ping every socket (event 6); one that has not answered since the previous ping is dead.
   * `sweep` runs on the same timer (session revocation checks).
   */
  startTimers(sweep: () => Promise<void>, intervalMs = PING_INTERVAL_MS): void {
    const ping = encode({ code: 6, data: 'ping' });
    const tick = () => {
      for (const c of this.all()) {
        try {
          if (!c.alive) {
            c.ws.terminate();
            continue;
          }
          c.alive = false;
          this.send(c, ping);
        } catch (error) {
          // One broken socket must not stop the heartbeat of the others (or the process).
          this.log.error({ err: error }, 'socket ping failed');
        }
      }
      sweep().catch((error) => this.log.error({ err: error }, 'socket sweep failed'));
    };
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  /** Close every socket (server shutdown): clients reconnect to another process. */
  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    for (const c of this.all()) c.ws.close(1001, 'server shutting down');
    await this.presence.close();
    await this.bus.close();
  }
}

function index<K>(map: Map<K, Set<Conn>>, key: K, conn: Conn): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(conn);
}

function unindex<K>(map: Map<K, Set<Conn>>, key: K, conn: Conn): boolean {
  const set = map.get(key);
  if (!set?.delete(conn)) return false;
  if (set.size === 0) map.delete(key);
  return true;
}
