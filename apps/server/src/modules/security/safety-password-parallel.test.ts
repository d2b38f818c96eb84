import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  type ChatFixture,
  chatApp,
  chatFixture,
  fund,
  giveSafetyPassword,
  safetyWire,
  type TestUser,
} from '../chat/testing';
import { SAFETY_LOCK_MS, SAFETY_MAX_ATTEMPTS } from './safety-password';

/**
 * Issue 9 item 4: a safety password counts only failures, and the count and the lock check are
 * one atomic step. Through build()+inject on PGlite, and on PostgreSQL (server-pg project), where
 * the calls really run on separate connections at once.
 */
let f: ChatFixture;
let app: FastifyInstance;

beforeAll(async () => {
  f = await chatFixture({ poolSize: 16 });
  app = await chatApp(f);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

type Reply = { code: number; msg: string; data?: unknown };

/** A form POST from its own IP, so the per-IP route limits do not mix into what is tested. */
async function post(u: TestUser, path: string, body: Record<string, string | number>, ip: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/${path}`,
    remoteAddress: ip,
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: u.cookie },
  });
  return res.json() as Reply;
}

const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

async function readyUser(): Promise<TestUser> {
  const u = await addUser(f, { prefix: 'sp' });
  await giveSafetyPassword(f, u);
  return u;
}

describe('safety password under parallel calls', () => {
  it('12 parallel right passwords all pass, and nothing is locked afterwards', async () => {
    const u = await readyUser();
    const replies = await times(12, (i) =>
      post(u, 'users/verifySafetyPassword', { safetyPassword: safetyWire(f, u) }, `10.9.0.${i + 1}`),
    );
    expect(replies.map((r) => r.msg).filter((m) => m.includes('锁定'))).toEqual([]);
    expect(replies.map((r) => r.code)).toEqual(Array(12).fill(1));
    const wrong = await post(
      u,
      'users/verifySafetyPassword',
      { safetyPassword: safetyWire(f, u, '246802') },
      '10.9.1.1',
    );
    expect(wrong.msg).toBe(`安全密码错误，您还有${SAFETY_MAX_ATTEMPTS - 1}次机会`);
  });

  it('10 parallel wrong passwords: exactly 5 failures are counted, the fifth locks, the rest are refused', async () => {
    const u = await readyUser();
    const replies = await times(10, (i) =>
      post(
        u,
        'users/verifySafetyPassword',
        { safetyPassword: safetyWire(f, u, '246802') },
        `10.9.2.${i + 1}`,
      ),
    );
    const chances = replies.filter((r) => r.msg.includes('次机会')).map((r) => r.msg);
    expect(chances.sort()).toEqual([1, 2, 3, 4].map((n) => `安全密码错误，您还有${n}次机会`));
    const locked = replies.filter((r) => r.msg === '安全密码错误次数过多，已被锁定，请30分钟后再试');
    expect(locked.map((r) => [r.code, r.data])).toEqual(Array(6).fill([-1, 10]));
    // the right password is refused while locked
    const right = await post(
      u,
      'users/verifySafetyPassword',
      { safetyPassword: safetyWire(f, u) },
      '10.9.3.1',
    );
    expect(right).toMatchObject({ code: -1, data: 10 });
  });

  it('a lock set by a parallel call stamped a little later still reads 30 minutes, not 31', async () => {
    const u = await readyUser();
    // as if the locking call ran 20 s after this one read the clock
    await f.database.query(`UPDATE user_security SET safety_locked_until = $1 WHERE user_id = $2`, [
      f.clock.now() + SAFETY_LOCK_MS + 20_000,
      u.userId,
    ]);
    const reply = await post(
      u,
      'users/verifySafetyPassword',
      { safetyPassword: safetyWire(f, u) },
      '10.9.4.1',
    );
    expect(reply.msg).toBe('安全密码错误次数过多，已被锁定，请30分钟后再试');
  });

  it('wrong and right passwords mixed: a right one never passes once five failures have locked it', async () => {
    const u = await readyUser();
    const replies = await times(16, (i) =>
      post(
        u,
        'users/verifySafetyPassword',
        { safetyPassword: safetyWire(f, u, i % 4 === 0 ? undefined : '246802') },
        `10.9.4.${i + 1}`,
      ),
    );
    const counted = replies.filter((r) => r.msg.includes('次机会')).length;
    const passed = replies.filter((r) => r.code === 1).length;
    // at most 4 failures are answered as such between two successes, so never more than 4 * (passed + 1)
    expect(counted).toBeLessThanOrEqual((SAFETY_MAX_ATTEMPTS - 1) * (passed + 1));
    expect(passed + counted + replies.filter((r) => r.msg.includes('锁定')).length).toBe(16);
  });

  it('withdrawals with the right password in parallel are never refused as locked', async () => {
    const u = await readyUser();
    await fund(f, u, 10_000_000n); // 1000 yuan
    const card = await post(
      u,
      'users/addBankCard',
      { cardNo: '6222021234567890123', realName: '张三', safetyPassword: safetyWire(f, u) },
      '10.9.5.1',
    );
    expect(card.code).toBe(1);
    const accountId = (card.data as { id: number }).id;
    const replies = await times(12, (i) =>
      post(
        u,
        'transaction/saveFrontWithdrawRecord',
        { accountId, amount: '100', safetyPassword: safetyWire(f, u) },
        `10.9.6.${i + 1}`,
      ),
    );
    expect(replies.map((r) => r.msg).filter((m) => m.includes('安全密码'))).toEqual([]);
    expect(replies.some((r) => r.code === 1)).toBe(true);
  });

  it('red envelopes sent in parallel with the right password all pass the check', async () => {
    const u = await readyUser();
    await fund(f, u, 1_000_000n); // 100 yuan
    const replies = await times(12, (i) =>
      post(
        u,
        'chat/sendRedEnvelope',
        { roomCode: 'lobby', num: 1, type: 2, amount: '1', safetyPassword: safetyWire(f, u) },
        `10.9.7.${i + 1}`,
      ),
    );
    expect(replies.map((r) => r.msg).filter((m) => m.includes('安全密码'))).toEqual([]);
    expect(replies.map((r) => r.code)).toEqual(Array(12).fill(1));
  });
});
