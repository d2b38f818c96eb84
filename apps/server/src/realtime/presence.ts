import type { OnlineMember } from '@lottery/contract/chat';
import { processId, type RedisClient } from './bus';

/** Who is online in each room, across processes. Keys: 'u:<userId>' or 'g:<guestCode>'. */
export interface Presence {
  join(roomId: number, memberKey: string, member: OnlineMember): Promise<void>;
  leave(roomId: number, memberKey: string): Promise<void>;
  list(roomId: number): Promise<OnlineMember[]>;
  /** Write this process's members again (after a Redis restart lost them). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryPresence implements Presence {
  private rooms = new Map<number, Map<string, OnlineMember>>();
  async join(roomId: number, memberKey: string, member: OnlineMember): Promise<void> {
    let room = this.rooms.get(roomId);
    if (!room) {
      room = new Map();
      this.rooms.set(roomId, room);
    }
    room.set(memberKey, member);
  }
  async leave(roomId: number, memberKey: string): Promise<void> {
    const room = this.rooms.get(roomId);
    room?.delete(memberKey);
    if (room?.size === 0) this.rooms.delete(roomId);
  }
  async list(roomId: number): Promise<OnlineMember[]> {
    return [...(this.rooms.get(roomId)?.values() ?? [])];
  }
  async restore(): Promise<void> {}
  async close(): Promise<void> {
    this.rooms.clear();
  }
}

const HEARTBEAT_MS = 20_000;
const DEAD_AFTER_MS = 60_000;

/**
 * One hash per room: field '<processId>|<memberKey>' -> member JSON. A process that dies leaves its
 * fields behind; readers drop fields whose process has not beaten its heartbeat within a minute.
 * This process's own members are also kept here: while Redis is down a room lists them only (never
 * an error), and `restore` writes them back when it returns.
 */
export class RedisPresence implements Presence {
  private own = new MemoryPresence();
  private ownFields = new Set<string>();
  private timer: NodeJS.Timeout;
  private constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  static async start(redis: RedisClient, prefix: string): Promise<RedisPresence> {
    const presence = new RedisPresence(redis, prefix);
    await presence.beat();
    return presence;
  }

  private procKey = () => `${this.prefix}:procs`;
  private roomKey = (roomId: number) => `${this.prefix}:presence:${roomId}`;

  private async beat(): Promise<void> {
    try {
      await this.redis.zAdd(this.procKey(), { score: Date.now(), value: processId });
    } catch {
      // the next beat retries; readers tolerate a missed one
    }
  }

  async join(roomId: number, memberKey: string, member: OnlineMember): Promise<void> {
    const field = `${processId}|${memberKey}`;
    this.ownFields.add(`${roomId}\n${field}`);
    await this.own.join(roomId, memberKey, member);
    await this.redis.hSet(this.roomKey(roomId), field, JSON.stringify(member)).catch(() => undefined);
  }

  async leave(roomId: number, memberKey: string): Promise<void> {
    const field = `${processId}|${memberKey}`;
    this.ownFields.delete(`${roomId}\n${field}`);
    await this.own.leave(roomId, memberKey);
    await this.redis.hDel(this.roomKey(roomId), field).catch(() => undefined);
  }

  async restore(): Promise<void> {
    await this.beat();
    for (const entry of this.ownFields) {
      const [roomId, field] = entry.split('\n') as [string, string];
      const member = (await this.own.list(Number(roomId))).find(
        (m) => field.endsWith(`|u:${m.userId}`) || field.endsWith(`|g:${m.userId}`),
      );
      if (member) await this.redis.hSet(this.roomKey(Number(roomId)), field, JSON.stringify(member));
    }
  }

  async list(roomId: number): Promise<OnlineMember[]> {
    try {
      return await this.listShared(roomId);
    } catch {
      return this.own.list(roomId);
    }
  }

  private async listShared(roomId: number): Promise<OnlineMember[]> {
    const all = await this.redis.hGetAll(this.roomKey(roomId));
    const alive = new Set(await this.redis.zRangeByScore(this.procKey(), Date.now() - DEAD_AFTER_MS, '+inf'));
    alive.add(processId);
    const byKey = new Map<string, OnlineMember>();
    for (const [field, json] of Object.entries(all)) {
      const bar = field.indexOf('|');
      if (!alive.has(field.slice(0, bar))) continue;
      byKey.set(field.slice(bar + 1), JSON.parse(json) as OnlineMember);
    }
    return [...byKey.values()];
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const byRoom = new Map<string, string[]>();
    for (const entry of this.ownFields) {
      const [roomId, field] = entry.split('\n') as [string, string];
      byRoom.set(roomId, [...(byRoom.get(roomId) ?? []), field]);
    }
    await Promise.allSettled([
      ...[...byRoom].map(([roomId, fields]) => this.redis.hDel(this.roomKey(Number(roomId)), fields)),
      this.redis.zRem(this.procKey(), processId),
    ]);
    this.ownFields.clear();
    await this.own.close();
  }
}
