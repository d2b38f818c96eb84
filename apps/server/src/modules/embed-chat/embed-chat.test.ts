import { EMBED_CHAT_KEY_TTL_MS } from '@lottery/contract/embed-chat';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/admin';
import type { ManualClock } from '../../clock';
import { form, json, passwordDigest, sessionCookie, testApp, uniqueName } from '../../test/app';
import { tenantOf } from '../site/index';
import { createUnboundAccount } from './index';

/**
 * 吉聊 account calls (docs/embed-chat.md) through build() + inject, on PGlite and on PostgreSQL
 * (server-pg project): one-time keys expire after 60 s of the test clock, work once even when two
 * requests race with one key, and never for another player; register, bind, info and avatar.
 */
let app: FastifyInstance;
let clock: ManualClock;
let database: Awaited<ReturnType<typeof testApp>>['database'];

type Reply<T = Record<string, unknown>> = { code: number; msg: string; data?: T };
type Account = { uid: string; nickname: string; avatar: string; boundAt: number };

let ipCounter = 0;
async function call<T>(cookie: string, path: string, body?: Record<string, string>): Promise<Reply<T>> {
  const remoteAddress = `10.8.0.${++ipCounter % 250}`;
  const res = body
    ? await app.inject({
        method: 'POST',
        url: `/v1/users/${path}`,
        remoteAddress,
        headers: { cookie, ...form(body).headers },
        payload: form(body).payload,
      })
    : await app.inject({ method: 'GET', url: `/v1/users/${path}`, remoteAddress, headers: { cookie } });
  return json(res) as Reply<T>;
}
const post = <T>(cookie: string, path: string, body: Record<string, string> = {}) =>
  call<T>(cookie, path, body);

async function player(): Promise<string> {
  const userName = uniqueName('ec');
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/register',
    remoteAddress: `10.7.0.${++ipCounter % 250}`,
    ...form({ userName, password: passwordDigest(userName, 'Abc12345') }),
  });
  expect(json(res).code).toBe(1);
  return sessionCookie(res);
}

const newKey = async (cookie: string) => {
  const reply = await post<{ oneTimeKey: string; expiresAt: number; bound: boolean }>(
    cookie,
    'embedChatGenerateLoginOneTimeKey',
  );
  expect(reply.code).toBe(1);
  return reply.data!;
};

async function siteConfig(...args: string[]) {
  clock.advance(1000);
  await COMMANDS['site-config']!.run(args, { config: app.ctx.config, database, clock });
  app.ctx.tenant.invalidate();
}

beforeAll(async () => {
  ({ app, clock, database } = await testApp());
  await siteConfig('embedChatEnabled=true', 'embedChatUrl=/embedChatApp');
});

describe('embedded chat keys', () => {
  it('asks for a session, and answers 吉聊暂未开放 while the site has it off', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/v1/users/embedChatBindInfo' });
    expect(json(visitor).code).toBe(0);
    const cookie = await player();
    await siteConfig('embedChatEnabled=false');
    expect(await post(cookie, 'embedChatGenerateLoginOneTimeKey')).toMatchObject({
      code: -2,
      msg: '吉聊暂未开放',
    });
    await siteConfig('embedChatEnabled=true');
    expect((await newKey(cookie)).bound).toBe(false);
  });

  it('stores only the hash of a key, valid for 60 s of the clock', async () => {
    const cookie = await player();
    const { oneTimeKey, expiresAt } = await newKey(cookie);
    expect(expiresAt).toBe(clock.now() + EMBED_CHAT_KEY_TTL_MS);
    const stored = await database.query<{ key_hash: string }>('SELECT key_hash FROM embed_chat_key');
    expect(stored.some((row) => row.key_hash.includes(oneTimeKey))).toBe(false);
    expect(stored.length).toBeGreaterThan(0);

    clock.advance(EMBED_CHAT_KEY_TTL_MS);
    const late = await post(cookie, 'embedChatAccountRegister', {
      oneTimeKey,
      nickname: '晚到',
      password: 'chat1234',
    });
    expect(late).toMatchObject({ code: -2, msg: '登录凭证已失效，请重新进入吉聊' });

    const fresh = await newKey(cookie);
    clock.advance(EMBED_CHAT_KEY_TTL_MS - 1);
    const justInTime = await post<Account>(cookie, 'embedChatAccountRegister', {
      oneTimeKey: fresh.oneTimeKey,
      nickname: '准时',
      password: 'chat1234',
    });
    expect(justInTime).toMatchObject({ code: 1, msg: '注册成功', data: { nickname: '准时' } });
  });

  it('works once: of two requests racing with one key, one succeeds', async () => {
    const cookie = await player();
    const { oneTimeKey } = await newKey(cookie);
    await post(cookie, 'embedChatAccountRegister', {
      oneTimeKey: (await newKey(cookie)).oneTimeKey,
      nickname: '抢先',
      password: 'chat1234',
    });
    const replies = await Promise.all([
      post(cookie, 'embedChatRefreshAccount', { oneTimeKey }),
      post(cookie, 'embedChatRefreshAccount', { oneTimeKey }),
    ]);
    expect(replies.map((r) => r.code).sort()).toEqual([-2, 1]);
    expect(await post(cookie, 'embedChatRefreshAccount', { oneTimeKey })).toMatchObject({ code: -2 });
  });

  it('two registers racing with one key make one account', async () => {
    const cookie = await player();
    const { oneTimeKey } = await newKey(cookie);
    const replies = await Promise.all(
      ['甲', '乙'].map((name) =>
        post(cookie, 'embedChatAccountRegister', {
          oneTimeKey,
          nickname: `玩家${name}`,
          password: 'chat1234',
        }),
      ),
    );
    expect(replies.map((r) => r.code).sort()).toEqual([-2, 1]);
    const info = await call<{ bound: boolean; account: Account }>(cookie, 'embedChatBindInfo');
    const winner = replies.find((r) => r.code === 1)!.data as Account;
    expect(info.data).toEqual({ bound: true, account: winner });
  });

  it("refuses another player's key, and leaves it working for its owner", async () => {
    const owner = await player();
    const thief = await player();
    const { oneTimeKey } = await newKey(owner);
    const stolen = await post(thief, 'embedChatAccountRegister', {
      oneTimeKey,
      nickname: '小偷',
      password: 'chat1234',
    });
    expect(stolen).toMatchObject({ code: -2, msg: '登录凭证已失效，请重新进入吉聊' });
    expect((await call<{ bound: boolean }>(thief, 'embedChatBindInfo')).data!.bound).toBe(false);
    const own = await post<Account>(owner, 'embedChatAccountRegister', {
      oneTimeKey,
      nickname: '主人',
      password: 'chat1234',
    });
    expect(own.code).toBe(1);
  });
});

describe('embedded chat accounts', () => {
  it('registers, reports the binding, signs the frame in, and refuses a second account', async () => {
    const cookie = await player();
    expect(await call(cookie, 'embedChatBindInfo')).toMatchObject({
      code: 1,
      data: { bound: false, account: null },
    });
    const registered = await post<Account>(cookie, 'embedChatAccountRegister', {
      oneTimeKey: (await newKey(cookie)).oneTimeKey,
      nickname: '吉聊新人',
      password: 'chat1234',
    });
    expect(registered).toMatchObject({ code: 1, data: { nickname: '吉聊新人', boundAt: clock.now() } });
    expect(registered.data!.uid).toMatch(/^[1-9]\d{7}$/);
    expect(registered.data!.avatar).not.toBe('');

    const info = await call<{ bound: boolean; account: Account }>(cookie, 'embedChatBindInfo');
    expect(info.data).toEqual({ bound: true, account: registered.data });
    const key = await newKey(cookie);
    expect(key.bound).toBe(true);
    expect(await post(cookie, 'embedChatRefreshAccount', { oneTimeKey: key.oneTimeKey })).toMatchObject({
      code: 1,
      data: registered.data,
    });
    const again = await post(cookie, 'embedChatAccountRegister', {
      oneTimeKey: (await newKey(cookie)).oneTimeKey,
      nickname: '第二个',
      password: 'chat1234',
    });
    expect(again).toMatchObject({ code: -2, msg: '您已绑定吉聊账号' });
  });

  it('checks the fields with the contract messages', async () => {
    const cookie = await player();
    const { oneTimeKey } = await newKey(cookie);
    expect(
      await post(cookie, 'embedChatAccountRegister', { oneTimeKey, nickname: '甲', password: 'chat1234' }),
    ).toMatchObject({
      code: -2,
      msg: '昵称为2-12个字',
    });
    expect(
      await post(cookie, 'embedChatAccountBind', { oneTimeKey, uid: '123', password: 'chat1234' }),
    ).toMatchObject({
      code: -2,
      msg: '请输入8位吉聊账号',
    });
    expect(await post(cookie, 'embedChatRefreshAccount', { oneTimeKey: 'short' })).toMatchObject({
      code: -2,
    });
  });

  it("binds an unbound account with its password, never another player's", async () => {
    const tenantId = (await tenantOf(app.ctx)).id;
    const uid = String(20_000_000 + Math.floor(Math.random() * 70_000_000));
    expect(
      await createUnboundAccount(app.ctx, { tenantId, uid, nickname: '老用户', password: 'old12345' }),
    ).toBeDefined();

    const first = await player();
    const wrong = await post(first, 'embedChatAccountBind', {
      oneTimeKey: (await newKey(first)).oneTimeKey,
      uid,
      password: 'nope1234',
    });
    expect(wrong).toMatchObject({ code: -2, msg: '吉聊账号或密码错误' });
    const bound = await post<Account>(first, 'embedChatAccountBind', {
      oneTimeKey: (await newKey(first)).oneTimeKey,
      uid,
      password: 'old12345',
    });
    expect(bound).toMatchObject({ code: 1, msg: '绑定成功', data: { uid, nickname: '老用户' } });

    const second = await player();
    const taken = await post(second, 'embedChatAccountBind', {
      oneTimeKey: (await newKey(second)).oneTimeKey,
      uid,
      password: 'old12345',
    });
    expect(taken).toMatchObject({ code: -2, msg: '该吉聊账号已绑定其他用户' });
    expect((await call<{ bound: boolean }>(second, 'embedChatBindInfo')).data!.bound).toBe(false);
  });

  it("copies the player's new avatar to the chat account", async () => {
    const cookie = await player();
    expect(await post(cookie, 'embedChatRefreshAvatar')).toMatchObject({
      code: -2,
      msg: '您尚未绑定吉聊账号',
    });
    await post(cookie, 'embedChatAccountRegister', {
      oneTimeKey: (await newKey(cookie)).oneTimeKey,
      nickname: '换头像',
      password: 'chat1234',
    });
    const avatar = '/static/avatars/changed.png';
    const [session] = await database.query<{ user_id: string }>(
      "SELECT a.user_id::text FROM embed_chat_account a WHERE a.nickname = '换头像'",
    );
    await database.query('UPDATE users SET avatar = $1 WHERE id = $2', [avatar, Number(session!.user_id)]);
    expect(await post(cookie, 'embedChatRefreshAvatar')).toMatchObject({ code: 1, data: { avatar } });
    expect((await call<{ account: Account }>(cookie, 'embedChatBindInfo')).data!.account.avatar).toBe(avatar);
  });
});
