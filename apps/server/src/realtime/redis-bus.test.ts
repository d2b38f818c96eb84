import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  type ChatFixture,
  call,
  chatApp,
  chatFixture,
  connect,
  type TestUser,
  userNamed,
} from '../modules/chat/testing';

/** Two server instances on one database and one Redis share a room (DESIGN.md §7). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let f: ChatFixture;
let a: FastifyInstance;
let b: FastifyInstance;
let baseA: string;
let baseB: string;
let player: TestUser;
let manager: TestUser;

beforeAll(async () => {
  f = await chatFixture();
  const channel = `chat:test:${randomBytes(6).toString('hex')}`;
  a = await chatApp(f, { redisUrl, channel, pingIntervalMs: 1000 });
  b = await chatApp(f, { redisUrl, channel, pingIntervalMs: 1000 });
  baseA = await a.listen({ host: '127.0.0.1', port: 0 });
  baseB = await b.listen({ host: '127.0.0.1', port: 0 });
  player = await addUser(f);
  manager = await userNamed(f, 'manager01');
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await f?.close();
});

describe('redis bus', () => {
  it('uses Redis when configured', () => {
    expect(a.chatModule.hub.bus.kind).toBe('redis');
  });

  it('delivers a message posted on one instance to a socket on the other, with shared presence', async () => {
    const onB = connect(baseB, { type: '1', roomId: 'lobby' }, { cookie: player.cookie });
    await onB.next((e) => e.code === 2 && e.success === true);
    const onA = connect(baseA, { type: '1', roomId: 'lobby' }, { cookie: manager.cookie });
    await onA.next((e) => e.code === 2 && e.success === true);
    // B's socket hears A's member come online
    await onB.next((e) => e.code === 11 && (e.data as { userId: string }).userId === String(manager.userId));
    expect((await call<number>(a, 'GET', 'broadCast/getOnlineCount', { roomCode: 'lobby' })).data).toBe(2);

    const sent = await call<{ id: number }>(
      a,
      'POST',
      'chat/addMessage',
      { roomCode: 'lobby', messageTypeId: 1, message: '跨进程' },
      manager.cookie,
    );
    expect(sent.code).toBe(1);
    const got = await onB.next((e) => e.code === 1);
    expect(got.data as { id: number; message: string }).toMatchObject({
      id: sent.data.id,
      message: '跨进程',
    });

    // moderation on B reaches the socket on A's side too
    expect(
      (
        await call(
          b,
          'POST',
          'chat/updateRoomBannedWeb',
          { roomCode: 'lobby', isMessageBanned: '1' },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    await onA.next((e) => e.code === 3 && e.type === 1);
    await onB.next((e) => e.code === 3 && e.type === 1);
    await call(
      b,
      'POST',
      'chat/updateRoomBannedWeb',
      { roomCode: 'lobby', isMessageBanned: '0' },
      manager.cookie,
    );

    onA.ws.close();
    await onB.next((e) => e.code === 12 && (e.data as { userId: string }).userId === String(manager.userId));
    onB.ws.close();
  });
});
