import { Codes, Messages } from '@lottery/contract/codes';
import { encodeEnpath } from '@lottery/contract/enpath';
import { FieldMessages } from '@lottery/contract/fields';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/account';
import { DEMO_INVITE_CODE, DEMO_PASSWORD } from '../../db/seed';
import { form, json, passwordDigest, sessionCookie, testApp, uniqueName } from '../../test/app';
import { DEFAULT_AVATARS } from './avatars';

describe('accounts', async () => {
  const { app, database } = await testApp();

  async function register(userName: string, password = 'Secret@123', extra: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: `/v1/enpath/${encodeEnpath('users/register')}`,
      ...form({ userName, password: passwordDigest(userName, password), ...extra }),
    });
  }
  async function login(userName: string, password: string) {
    return app.inject({
      method: 'POST',
      url: '/v1/users/login',
      ...form({ userName, password: passwordDigest(userName, password), random: 'r1' }),
    });
  }
  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, body: Record<string, string | number>, cookie?: string) => {
    const f = form(body);
    return app.inject({
      method: 'POST',
      url,
      payload: f.payload,
      headers: { ...f.headers, ...(cookie ? { cookie } : {}) },
    });
  };

  it('logs the demo player in with the public password and sets an HttpOnly sid cookie', async () => {
    const res = await login('player01', DEMO_PASSWORD);
    const body = json(res);
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({
      userName: 'player01',
      nickName: '演示玩家一号',
      gender: 2,
      grade: 1,
      gradeName: '青铜',
      isAgent: false,
      rebate: '7.5',
      userHasSafetyPassword: false,
    });
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect(json(await get('/v1/users/isLogin', sessionCookie(res))).data).toBe(true);
  });

  it('shows the agent its invite code', async () => {
    const body = json<{ isAgent: boolean; inviteCode: string }>(await login('AGENT01', DEMO_PASSWORD));
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ isAgent: true, inviteCode: DEMO_INVITE_CODE });
  });

  it('refuses a wrong password with code -1 and an unknown account the same way', async () => {
    expect(json(await login('player01', 'Wrong@2026'))).toEqual({ code: -1, msg: Messages.loginFailed });
    expect(json(await login('nobody999', DEMO_PASSWORD))).toEqual({ code: -1, msg: Messages.loginFailed });
  });

  it('validates the wire format with the spec messages', async () => {
    const short = await post('/v1/users/login', { userName: 'abc', password: 'a'.repeat(64) });
    expect(json(short)).toEqual({ code: Codes.INVALID_PARAM.code, msg: FieldMessages.userName });
    const symbol = await post('/v1/users/register', { userName: 'bad-name', password: 'a'.repeat(64) });
    expect(json(symbol).msg).toBe(FieldMessages.userName);
    const long = await post('/v1/users/register', { userName: 'a'.repeat(21), password: 'a'.repeat(64) });
    expect(json(long).msg).toBe(FieldMessages.userName);
    const plain = await post('/v1/users/login', { userName: 'player01', password: DEMO_PASSWORD });
    expect(json(plain)).toEqual({ code: Codes.INVALID_PARAM.code, msg: Messages.passwordDigestRule });
    const missing = await post('/v1/users/login', { userName: 'player01' });
    expect(json(missing).msg).toBe(Messages.passwordDigestRule);
  });

  it('registers, logs in at once, and stores argon2id of the digest, never the digest', async () => {
    const name = uniqueName('reg');
    const res = await register(name);
    const body = json<{ userName: string; avatar: string; rebate: string }>(res);
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({
      userName: name.toLowerCase(),
      avatar: DEFAULT_AVATARS[0],
      rebate: '0',
    });
    expect(json(await get('/v1/users/info', sessionCookie(res))).code).toBe(1);
    const [row] = await database.db.select().from(users).where(eq(users.userName, name.toLowerCase()));
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordHash).not.toContain(passwordDigest(name, 'Secret@123'));
    // Registration is the user's first login (the agent centre's member list shows it).
    expect(row.lastLoginAt).toBe(row.createdAt);
  });

  it('refuses a taken account name, case-insensitively', async () => {
    const name = uniqueName('dup');
    expect(json(await register(name)).code).toBe(1);
    expect(json(await register(name.toUpperCase()))).toEqual({ code: -2, msg: Messages.userNameTaken });
  });

  it('places a player under the agent of a valid invite code and refuses a bad one', async () => {
    const name = uniqueName('inv');
    const ok = json<{ rebate: string }>(await register(name, 'Secret@123', { inviteCode: DEMO_INVITE_CODE }));
    expect(ok.data?.rebate).toBe('7.5');
    const bad = await register(uniqueName('inv'), 'Secret@123', { inviteCode: 'NOPE' });
    expect(json(bad)).toEqual({ code: -2, msg: Messages.inviteCodeInvalid });
  });

  it('checkUser and checkInviteCode answer existence', async () => {
    expect(json(await get('/v1/users/checkUser?userName=player01')).data).toEqual({ exists: true });
    expect(json(await get('/v1/users/checkUser?userName=ghost0001')).data).toEqual({ exists: false });
    expect(json(await get('/v1/users/checkUser?userName=x')).msg).toBe(FieldMessages.userName);
    expect(json(await get(`/v1/users/checkInviteCode?inviteCode=${DEMO_INVITE_CODE}`)).data).toEqual({
      valid: true,
    });
    expect(json(await get('/v1/users/checkInviteCode?inviteCode=zzz')).data).toEqual({ valid: false });
    expect(json(await get('/v1/users/checkInviteCode')).code).toBe(-2);
  });

  it('says what registration needs: the demo tenant needs no captcha', async () => {
    expect(json(await get('/v1/users/getRegisterVerifyFront'))).toEqual({
      code: 1,
      msg: Codes.OK.msg,
      data: { imageCode: false, inviteCode: 'optional' },
    });
  });

  it('draws a real PNG captcha', async () => {
    const body = json<{ key: string; image: string }>(await get('/v1/users/imageCode'));
    expect(body.code).toBe(1);
    expect(body.data?.key).toMatch(/^[0-9a-f-]{36}$/);
    const png = Buffer.from(body.data!.image.replace(/^data:image\/png;base64,/, ''), 'base64');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([120, 40]);
    // Not blank: the digits and noise give many distinct colours.
    const stats = await sharp(png).stats();
    expect(stats.channels[0].stdev).toBeGreaterThan(5);
  });

  it('lists the default avatars, which are served as images', async () => {
    const list = json<string[]>(await get('/v1/users/defaultAvatar')).data!;
    expect(list).toEqual(DEFAULT_AVATARS);
    const img = await get(list[3]);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect(img.body).toContain('<svg');
  });

  it('updates nickname, gender and avatar with validation', async () => {
    const name = uniqueName('nick');
    const cookie = sessionCookie(await register(name));
    const ok = await post(
      '/v1/users/infoUpdate',
      { nickName: '幸运玩家_01', gender: 1, avatar: DEFAULT_AVATARS[4] },
      cookie,
    );
    expect(json(ok).data).toMatchObject({ nickName: '幸运玩家_01', gender: 1, avatar: DEFAULT_AVATARS[4] });
    expect(json(await get('/v1/users/info', cookie)).data).toMatchObject({ nickName: '幸运玩家_01' });
    const short = await post('/v1/users/infoUpdate', { nickName: 'abcd' }, cookie);
    expect(json(short)).toEqual({ code: -2, msg: FieldMessages.nickName });
    const symbols = await post('/v1/users/infoUpdate', { nickName: 'abc de!' }, cookie);
    expect(json(symbols).msg).toBe(FieldMessages.nickName);
    const gender = await post('/v1/users/infoUpdate', { gender: 5 }, cookie);
    expect(json(gender)).toEqual({ code: -2, msg: Messages.genderRule });
    const avatar = await post('/v1/users/infoUpdate', { avatar: 'https://evil.example/x.png' }, cookie);
    expect(json(avatar)).toEqual({ code: -2, msg: Messages.avatarRule });
  });

  it('needs a session for info, infoUpdate, resetPassword and verifyPassword (code 0)', async () => {
    expect(json(await get('/v1/users/info'))).toEqual({ code: 0, msg: Codes.SESSION_EXPIRED.msg });
    expect(json(await post('/v1/users/infoUpdate', { gender: 1 })).code).toBe(0);
    expect(
      json(
        await post('/v1/users/resetPassword', { oldPassword: 'a'.repeat(64), newPassword: 'b'.repeat(64) }),
      ).code,
    ).toBe(0);
    expect(json(await post('/v1/users/verifyPassword', { password: 'a'.repeat(64) })).code).toBe(0);
    expect(json(await get('/v1/users/info', 'sid=forged-token')).code).toBe(0);
  });

  it('logout revokes the session', async () => {
    const cookie = sessionCookie(await register(uniqueName('out')));
    const res = await post('/v1/users/logout', {}, cookie);
    expect(json(res).code).toBe(1);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(json(await get('/v1/users/info', cookie)).code).toBe(0);
    expect(json(await get('/v1/users/isLogin', cookie)).data).toBe(false);
  });

  it('verifyPassword answers 1 for the right digest and -1 otherwise', async () => {
    const name = uniqueName('ver');
    const cookie = sessionCookie(await register(name, 'Right@123'));
    const right = await post(
      '/v1/users/verifyPassword',
      { password: passwordDigest(name, 'Right@123'), random: 'x' },
      cookie,
    );
    expect(json(right).code).toBe(1);
    const wrong = await post(
      '/v1/users/verifyPassword',
      { password: passwordDigest(name, 'Wrong@123'), random: 'x' },
      cookie,
    );
    expect(json(wrong).code).toBe(-1);
  });

  it('resetPassword checks the old password, refuses the same one, and revokes other sessions', async () => {
    const name = uniqueName('pwd');
    const here = sessionCookie(await register(name, 'First@123'));
    const elsewhere = sessionCookie(await login(name, 'First@123'));
    const digest = (p: string) => passwordDigest(name, p);

    const wrongOld = await post(
      '/v1/users/resetPassword',
      { oldPassword: digest('Nope@123'), newPassword: digest('Second@123') },
      here,
    );
    expect(json(wrongOld)).toEqual({ code: -1, msg: Messages.oldPasswordWrong });
    const same = await post(
      '/v1/users/resetPassword',
      { oldPassword: digest('First@123'), newPassword: digest('First@123') },
      here,
    );
    expect(json(same)).toEqual({ code: -2, msg: Messages.newPasswordSame });

    const ok = await post(
      '/v1/users/resetPassword',
      { oldPassword: digest('First@123'), newPassword: digest('Second@123') },
      here,
    );
    expect(json(ok).code).toBe(1);
    expect(json(await get('/v1/users/info', here)).code).toBe(1);
    expect(json(await get('/v1/users/info', elsewhere))).toEqual({
      code: -99,
      msg: Codes.PASSWORD_RESET.msg,
    });
    expect(json(await login(name, 'First@123')).code).toBe(-1);
    expect(json(await login(name, 'Second@123')).code).toBe(1);
  });

  it('reports the safety password set in the security area', async () => {
    const res = await register(uniqueName('safe'));
    const cookie = sessionCookie(res);
    const { userId } = json<{ userId: number }>(res).data!;
    expect(json(await get('/v1/users/info', cookie)).data).toMatchObject({ userHasSafetyPassword: false });
    await database.query(
      `INSERT INTO user_security (user_id, safety_password_hash) VALUES ($1, 'argon2-hash')
       ON CONFLICT (user_id) DO UPDATE SET safety_password_hash = 'argon2-hash'`,
      [userId],
    );
    expect(json(await get('/v1/users/info', cookie)).data).toMatchObject({
      userHasSafetyPassword: true,
      isChangeSaferyPassword: true,
      userHasDigitalPay: false,
    });
  });
});
