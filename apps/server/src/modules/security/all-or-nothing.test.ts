import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryOne } from '../../db/sql';
import { form, json, passwordDigest, sessionCookie, testApp, uniqueName } from '../../test/app';
import { whileFailing as refuseWrites } from '../../test/refuse-writes';
import { insertResetToken, resetTokenUser } from './repo';
import { encryptSafetyPassword } from './safety-password-cipher-client';

/**
 * Operations that write several rows run in one transaction: a later write that fails (a trigger
 * raising an exception, created here) leaves nothing of the earlier ones behind.
 */
describe('security writes are all or nothing', async () => {
  const { app, clock, database } = await testApp();
  const db = database.db;

  const whileFailing = <T>(table: string, event: string, work: () => Promise<T>) =>
    refuseWrites(db, table, event, work);

  async function post(path: string, body: Record<string, string | number>, cookie = '') {
    const payload = form(body);
    const res = await app.inject({
      method: 'POST',
      url: `/v1/${path}`,
      ...payload,
      headers: { ...payload.headers, ...(cookie ? { cookie } : {}) },
    });
    return json<Record<string, unknown>>(res);
  }

  async function register() {
    const userName = uniqueName('t');
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/register',
      ...form({ userName, password: passwordDigest(userName, 'Abc12345') }),
    });
    const reply = json<{ userId: number }>(res);
    expect(reply.code).toBe(1);
    return { userName, userId: reply.data!.userId, cookie: sessionCookie(res) };
  }

  const safety = (plain: string, userName: string) => encryptSafetyPassword(plain, userName, clock.now());
  const securityRows = async (userId: number) =>
    (await queryOne<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM user_security WHERE user_id = ${userId}`,
    ))!.n;
  const loginCode = async (userName: string, password: string) =>
    (await post('users/login', { userName, password: passwordDigest(userName, password) })).code;
  const infoCode = async (cookie: string) =>
    json(await app.inject({ url: '/v1/users/info', headers: { cookie } })).code;

  it('password reset: the token spent, the new password and the revoked sessions together', async () => {
    const u = await register();
    const token = `t${'x'.repeat(40)}${u.userId}`;
    await insertResetToken(db, token, u.userId, clock.now() + 60_000);
    const reset = { token, password: passwordDigest(u.userName, 'Xyz98765') };

    const failed = await whileFailing('sessions', 'UPDATE', () => post('users/forgetPasswordReset', reset));
    expect(failed.code).not.toBe(1);
    expect(await resetTokenUser(db, token, clock.now())).toBe(u.userId);
    expect(await infoCode(u.cookie)).toBe(1);
    expect(await loginCode(u.userName, 'Abc12345')).toBe(1);

    expect((await post('users/forgetPasswordReset', reset)).code).toBe(1);
    expect(await resetTokenUser(db, token, clock.now())).toBeUndefined();
    expect(await loginCode(u.userName, 'Abc12345')).not.toBe(1);
    expect(await loginCode(u.userName, 'Xyz98765')).toBe(1);
  });

  it('first safety password: the security row and the password together', async () => {
    const u = await register();
    const set = { safetyPassword: safety('482913', u.userName) };
    const failed = await whileFailing('user_security', 'UPDATE', () =>
      post('users/setSafetyPassword', set, u.cookie),
    );
    expect(failed.code).not.toBe(1);
    expect(await securityRows(u.userId)).toBe(0);
    expect((await post('users/setSafetyPassword', set, u.cookie)).code).toBe(1);
  });

  it('safety password reset by the login password: the security row and the password together', async () => {
    const u = await register();
    const reset = {
      password: passwordDigest(u.userName, 'Abc12345'),
      newSafetyPassword: safety('482913', u.userName),
    };
    const failed = await whileFailing('user_security', 'UPDATE', () =>
      post('users/resetSafetyPassword', reset, u.cookie),
    );
    expect(failed.code).not.toBe(1);
    expect(await securityRows(u.userId)).toBe(0);
    expect((await post('users/resetSafetyPassword', reset, u.cookie)).code).toBe(1);
  });

  it('safety password change: a failed store keeps the old password', async () => {
    const u = await register();
    expect(
      (await post('users/setSafetyPassword', { safetyPassword: safety('482913', u.userName) }, u.cookie))
        .code,
    ).toBe(1);
    const change = {
      oldSafetyPassword: safety('482913', u.userName),
      newSafetyPassword: safety('135790', u.userName),
    };
    const failed = await whileFailing('user_security', 'UPDATE OF safety_password_hash', () =>
      post('users/resetSafetyPassword', change, u.cookie),
    );
    expect(failed.code).not.toBe(1);
    const verify = (plain: string) =>
      post('users/verifySafetyPassword', { safetyPassword: safety(plain, u.userName) }, u.cookie);
    expect((await verify('482913')).code).toBe(1);
  });

  it('security question: a right answer clears the count and issues a token together', async () => {
    const u = await register();
    expect(
      (await post('users/setSafetyPassword', { safetyPassword: safety('482913', u.userName) }, u.cookie))
        .code,
    ).toBe(1);
    const question = { questionId: 1, answer: '张三', safetyPassword: safety('482913', u.userName) };
    expect((await post('users/setSafetyQuestion', question, u.cookie)).code).toBe(1);

    const answer = { userName: u.userName, questionId: 1, answer: '张三' };
    const failed = await whileFailing('password_reset_token', 'INSERT', () =>
      post('users/verifySafetyQuestion', answer),
    );
    expect(failed.code).not.toBe(1);
    const attempts = await queryOne<{ n: number }>(
      db,
      sql`SELECT question_failed_attempts AS n FROM user_security WHERE user_id = ${u.userId}`,
    );
    // the attempt stays counted (it is counted before the check), and nothing of the success stays
    expect(attempts?.n).toBe(1);
    const tokens = await queryOne<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM password_reset_token WHERE user_id = ${u.userId}`,
    );
    expect(tokens?.n).toBe(0);
    expect((await post('users/verifySafetyQuestion', answer)).data).toHaveProperty('token');
  });
});
