import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../db/sql';
import { whileFailing } from '../../test/refuse-writes';
import { addUser, type ChatFixture, call, chatApp, chatFixture, type TestUser, userNamed } from './testing';

/** A private message and its room's latest id are written together, or neither is. */
let f: ChatFixture;
let app: FastifyInstance;
let player: TestUser;
let manager: TestUser;

beforeAll(async () => {
  f = await chatFixture();
  app = await chatApp(f);
  player = await addUser(f, { prefix: 'da' });
  manager = await userNamed(f, 'manager01');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

describe('chat writes are all or nothing', () => {
  it('a private message: no message when the room cannot be marked with it', async () => {
    const room = await call<{ roomId: number }>(
      app,
      'GET',
      'chat/getDirectRoomWeb',
      { targetUserId: manager.userId },
      player.cookie,
    );
    const send = (message: string) =>
      call(
        app,
        'POST',
        'chat/addDirectMessage',
        { roomId: room.data.roomId, messageTypeId: 1, message },
        player.cookie,
      );
    const stored = async () =>
      (await queryOne<{ n: number }>(
        f.database.db,
        sql`SELECT count(*)::int AS n FROM chat_message WHERE direct_room_id = ${room.data.roomId}`,
      ))!.n;

    f.clock.advance(10_000);
    const failed = await whileFailing(f.database.db, 'chat_direct_room', 'UPDATE', () => send('第一条'));
    expect(failed.code).not.toBe(1);
    expect(await stored()).toBe(0);

    f.clock.advance(10_000);
    expect((await send('第二条')).code).toBe(1);
    expect(await stored()).toBe(1);
  });
});
