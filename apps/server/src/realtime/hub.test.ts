import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { MemoryBus } from './bus';
import { CLOSE_ABOVE_BYTES, CLOSE_SLOW, type Conn, DROP_ABOVE_BYTES, Hub } from './hub';
import { MemoryPresence } from './presence';

/** A socket whose send buffer the test controls. */
function fakeSocket(bufferedAmount: number) {
  const sent: string[] = [];
  const closes: number[] = [];
  let terminated = false;
  const ws = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    send: (payload: string | Buffer) => sent.push(payload.toString()),
    close: (code: number) => closes.push(code),
    terminate: () => {
      terminated = true;
    },
  };
  return { ws: ws as unknown as WebSocket, sent, closes, isTerminated: () => terminated };
}

const log = { error: () => {} } as unknown as FastifyBaseLogger;

function conn(ws: WebSocket, userId: number): Conn {
  return {
    ws,
    userId,
    sessionId: userId,
    guestCode: null,
    memberKey: `u:${userId}`,
    member: {
      userId: String(userId),
      userName: `user${userId}`,
      roleUserName: 'us***1',
      avatar: '',
      isManager: false,
    },
    roomId: 1,
    isManager: false,
    alive: true,
  };
}

describe('hub send queue', () => {
  it('delivers to a socket that keeps up, drops for one behind, closes one far behind', async () => {
    const hub = new Hub(new MemoryBus(), new MemoryPresence(), log);
    const fast = fakeSocket(0);
    const behind = fakeSocket(DROP_ABOVE_BYTES + 1);
    const gone = fakeSocket(CLOSE_ABOVE_BYTES + 1);
    for (const [i, s] of [fast, behind, gone].entries()) await hub.add(conn(s.ws, i + 1));
    const before = fast.sent.length;
    await hub.toRoom(1, { code: 3, type: 1, data: { roomId: 1 } });
    expect(fast.sent.length).toBe(before + 1);
    expect(behind.sent.filter((p) => p.includes('"type":1,')).length).toBe(0);
    expect(hub.dropped).toBeGreaterThan(0);
    expect(gone.closes).toContain(CLOSE_SLOW);
    expect(gone.isTerminated()).toBe(true);
    expect(hub.slowClosed).toBeGreaterThan(0);
  });

  it('announces a member once however many sockets they open, and leaves when the last closes', async () => {
    const hub = new Hub(new MemoryBus(), new MemoryPresence(), log);
    const watcher = fakeSocket(0);
    await hub.add(conn(watcher.ws, 9));
    const a = conn(fakeSocket(0).ws, 5);
    const b = conn(fakeSocket(0).ws, 5);
    await hub.add(a);
    await hub.add(b);
    const online = watcher.sent.filter((p) => p.startsWith('{"code":11') && p.includes('"userId":"5"'));
    expect(online).toHaveLength(1);
    expect(await hub.presence.list(1)).toHaveLength(2);
    await hub.remove(a);
    expect(watcher.sent.some((p) => p.startsWith('{"code":12'))).toBe(false);
    await hub.remove(b);
    expect(watcher.sent.filter((p) => p.startsWith('{"code":12'))).toHaveLength(1);
    expect(await hub.presence.list(1)).toHaveLength(1);
  });
});
