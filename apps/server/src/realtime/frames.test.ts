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
  userNamed,
} from '../modules/chat/testing';

/**
 * Frame fuzzing over real sockets: whatever a client sends, the server closes that one socket
 * (4000, or 1009 for an oversized frame) and keeps serving everyone else. Before the frame
 * schema, the text frame `null` from a guest stopped the whole process.
 */
let f: ChatFixture;
let app: FastifyInstance;
let base: string;
let player: TestUser;
let manager: TestUser;

beforeAll(async () => {
  f = await chatFixture();
  app = await chatApp(f, { pingIntervalMs: 60_000, authTimeoutMs: 1000 });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  player = await addUser(f, { prefix: 'fz' });
  manager = await userNamed(f, 'manager01');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

let deep = '0';
for (let i = 0; i < 10_000; i++) deep = `[${deep}]`;
let deepObject = '1';
for (let i = 0; i < 10_000; i++) deepObject = `{"code":${deepObject}}`;

const BAD_FRAMES: [string, string | Buffer][] = [
  ['not JSON', 'hello'],
  ['truncated JSON', '{"code":6,'],
  ['null', 'null'],
  ['a number', '1'],
  ['a string', '"x"'],
  ['true', 'true'],
  ['an empty array', '[]'],
  ['an array of frames', '[{"code":6,"data":"ping"}]'],
  ['an empty object', '{}'],
  ['code as a string', '{"code":"6","data":"ping"}'],
  ['code null', '{"code":null}'],
  ['data of the wrong type', '{"code":6,"data":{"x":1}}'],
  ['a huge number', '{"code":1e308,"data":"ping"}'],
  ['a number past the safe range', '{"code":123456789012345678901234567890}'],
  ['an unknown event code', '{"code":99,"data":"x"}'],
  ['a server-only code', '{"code":14,"msg":"x"}'],
  ['a key of the wrong type', '{"code":0,"key":12345}'],
  ['extra fields', '{"code":6,"data":"ping","__proto__":{"x":1}}'],
  ['deep array nesting', deep],
  ['deep object nesting', deepObject],
  ['a binary frame', Buffer.from([0, 1, 2, 255])],
];

type Who = { name: string; query: () => Record<string, string>; headers: () => Record<string, string> };
const WHO: Who[] = [
  {
    name: 'a guest',
    query: () => ({ type: '1', roomId: 'lobby', guestCode: 'guestFuzz1234' }),
    headers: () => ({}),
  },
  {
    name: 'a member',
    query: () => ({ type: '1', roomId: 'lobby' }),
    headers: () => ({ cookie: player.cookie }),
  },
  {
    name: 'a manager',
    query: () => ({ type: '1', roomId: 'lobby' }),
    headers: () => ({ cookie: manager.cookie }),
  },
  { name: 'an account socket', query: () => ({ type: '7' }), headers: () => ({ cookie: player.cookie }) },
];

/** The close code, or 'open' when the server has not closed the socket within 3 s. */
function closeCode(c: Client): Promise<number | 'open'> {
  return Promise.race([
    c.closed.then((x) => x.code),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 3000)),
  ]);
}

async function stillServing(who: Who): Promise<void> {
  const fresh = connect(base, who.query(), who.headers());
  expect((await fresh.next((e) => e.code === 2)).success).toBe(true);
  fresh.ws.send(JSON.stringify({ code: 6, data: 'ping' }));
  await fresh.next((e) => e.code === 6 && e.data === 'pong');
  fresh.ws.close();
  expect((await call(app, 'GET', 'betting/getServerTimeMillisecond', {})).code).toBe(1);
}

describe.each(WHO)('bad frames from $name', (who) => {
  it.each(BAD_FRAMES)('%s closes that socket only', async (_label, frame) => {
    const c: Client = connect(base, who.query(), who.headers());
    expect((await c.next((e) => e.code === 2)).success).toBe(true);
    c.ws.send(frame);
    expect([4000, 1009]).toContain(await closeCode(c));
    await stillServing(who);
  });
});

describe('bad frames before authentication', () => {
  it.each(BAD_FRAMES)('%s on an unauthenticated socket closes it', async (_label, frame) => {
    const c = connect(base, { type: '7' });
    c.ws.on('open', () => c.ws.send(frame));
    expect([4000, 4001, 1009]).toContain(await closeCode(c));
    await stillServing(WHO[3]!);
  });

  it('an oversized frame closes the socket', async () => {
    const c = connect(base, { type: '1', roomId: 'lobby', guestCode: 'guestFuzz1234' });
    await c.next((e) => e.code === 2);
    c.ws.send(JSON.stringify({ code: 6, data: 'x'.repeat(100_000) }));
    expect([4000, 1009]).toContain(await closeCode(c));
    await stillServing(WHO[0]!);
  });
});
