import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  type ChatFixture,
  type Client,
  call,
  chatApp,
  chatFixture,
  connect,
  type TestUser,
} from '../modules/chat/testing';
import { sendMessage } from '../modules/content/index';

/**
 * Frame 18 (new personal message) over real sockets: the recipient's account sockets get it with
 * their unread count, whoever wrote the row (sendMessage, or SQL as the operator CLI's process or
 * a hand fix would); nobody else's socket and no room-mode socket does. Two app instances on one
 * database stand for two server processes with in-memory buses: each tells its own sockets, once.
 */
const POLL_MS = 100;
let f: ChatFixture;
let a: FastifyInstance;
let b: FastifyInstance;
let baseA: string;
let baseB: string;

beforeAll(async () => {
  f = await chatFixture();
  a = await chatApp(f, { pingIntervalMs: 60_000, messagePollIntervalMs: POLL_MS });
  b = await chatApp(f, { pingIntervalMs: 60_000, messagePollIntervalMs: POLL_MS });
  baseA = await a.listen({ host: '127.0.0.1', port: 0 });
  baseB = await b.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await f?.close();
});

const send = (to: TestUser[], title = '系统消息') =>
  sendMessage(f.database.db, {
    tenantId: f.tenantId,
    userIds: to.map((u) => u.userId),
    title,
    content: '<p>您好</p>',
    now: f.clock.now(),
  });

async function accountSocket(base: string, u: TestUser): Promise<Client> {
  const c = connect(base, { type: '7' }, { cookie: u.cookie });
  expect((await c.next((e) => e.code === 2)).success).toBe(true);
  return c;
}

/** A ping answered after the frame was due: anything sent to `c` in that tick has arrived by now. */
async function settled(c: Client): Promise<void> {
  const pongs = c.events.filter((e) => e.code === 6 && e.data === 'pong').length;
  c.ws.send(JSON.stringify({ code: 6, data: 'ping' }));
  await c.next(() => c.events.filter((e) => e.code === 6 && e.data === 'pong').length > pongs);
}

const newMessageFrames = (c: Client) => c.events.filter((e) => e.code === 18);

describe('new personal message frame (18)', () => {
  it("reaches the recipient's account sockets after sendMessage, and no one else's", async () => {
    const [me, other] = [await addUser(f), await addUser(f)];
    const mine = await accountSocket(baseA, me);
    const mySecond = await accountSocket(baseA, me);
    const theirs = await accountSocket(baseA, other);
    const myRoom = connect(baseA, { type: '1', roomId: 'lobby' }, { cookie: me.cookie });
    await myRoom.next((e) => e.code === 2);

    expect(await send([me])).toEqual([me.userId]);
    expect(await mine.next((e) => e.code === 18, 3000)).toEqual({ code: 18, data: { messageCount: 1 } });
    expect(await mySecond.next((e) => e.code === 18, 3000)).toEqual({ code: 18, data: { messageCount: 1 } });

    await Promise.all([settled(theirs), settled(myRoom), settled(mine)]);
    expect(newMessageFrames(theirs)).toEqual([]);
    expect(newMessageFrames(myRoom)).toEqual([]);
    expect(newMessageFrames(mine)).toHaveLength(1); // once, not once per tick

    // the count is the unread figure: a second message makes 2, matching users/unReadMessage
    await send([me], '第二条');
    await mine.next((e) => e.code === 18 && (e.data as { messageCount: number }).messageCount === 2, 3000);
    const unread = await call<{ messageCount: number }>(a, 'GET', 'users/unReadMessage', {}, me.cookie);
    expect(unread.data.messageCount).toBe(2);
    for (const c of [mine, mySecond, theirs, myRoom]) c.ws.close();
  });

  it('announces a row written by SQL (another process), and never an older message to a new socket', async () => {
    const me = await addUser(f);
    await send([me], '连接之前');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 4)); // the watermark passes it

    const mine = await accountSocket(baseA, me);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 4));
    await settled(mine);
    expect(newMessageFrames(mine)).toEqual([]);

    await f.database.db.execute(
      sql`INSERT INTO user_messages (tenant_id, user_id, title, content, is_read, created_at)
          VALUES (${f.tenantId}, ${me.userId}, '手工补发', '<p>x</p>', false, ${f.clock.now()})`,
    );
    expect(await mine.next((e) => e.code === 18, 3000)).toEqual({ code: 18, data: { messageCount: 2 } });
    mine.ws.close();
  });

  it('each process tells only its own sockets, once each, with no shared bus', async () => {
    const me = await addUser(f);
    const onA = await accountSocket(baseA, me);
    const onB = await accountSocket(baseB, me);

    await send([me]);
    await onA.next((e) => e.code === 18, 3000);
    await onB.next((e) => e.code === 18, 3000);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3)); // more ticks on both
    await Promise.all([settled(onA), settled(onB)]);
    expect(newMessageFrames(onA)).toHaveLength(1);
    expect(newMessageFrames(onB)).toHaveLength(1);
    onA.ws.close();
    onB.ws.close();
  });
});
