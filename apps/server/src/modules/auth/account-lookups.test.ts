import { Codes, Messages } from '@lottery/contract/codes';
import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../errors';
import { form, json, passwordDigest, sessionCookie, testApp, uniqueName } from '../../test/app';
import { LOOKUPS_PER_IP_PER_MINUTE } from './routes';
import { resetPassword } from './service';

/** Issue 9 restore items: name and invite-code lookups are limited per IP; resetPassword same-password rule. */
describe('account lookups and password change', async () => {
  const { app } = await testApp();

  const lookup = (path: string, query: string, ip: string) =>
    app.inject({ method: 'GET', url: `/v1/users/${path}?${query}`, remoteAddress: ip });

  for (const [path, query, net] of [
    ['checkUser', 'userName=nobody01', '10.6.1'],
    ['checkInviteCode', 'inviteCode=ZZ9999', '10.6.2'],
  ] as const) {
    it(`users/${path} is limited per IP per minute (code -98), other IPs unaffected`, async () => {
      for (let i = 0; i < LOOKUPS_PER_IP_PER_MINUTE; i++) {
        expect(json(await lookup(path, query, `${net}.1`)).code).toBe(1);
      }
      expect(json(await lookup(path, query, `${net}.1`)).code).toBe(Codes.TOO_FREQUENT.code);
      expect(json(await lookup(path, query, `${net}.2`)).code).toBe(1);
    });
  }

  async function registered() {
    const userName = uniqueName('rp');
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/register',
      ...form({ userName, password: passwordDigest(userName, 'Good@123') }),
    });
    const body = json<{ userId: number }>(res);
    return { userName, cookie: sessionCookie(res), userId: body.data!.userId };
  }

  it('resetPassword refuses a new password equal to the old one whatever the case of its digest', async () => {
    const u = await registered();
    const digest = passwordDigest(u.userName, 'Good@123');
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/resetPassword',
      headers: { ...form({}).headers, cookie: u.cookie },
      payload: form({ oldPassword: digest, newPassword: digest.toUpperCase() }).payload,
    });
    expect(json(res)).toEqual({ code: Codes.INVALID_PARAM.code, msg: Messages.newPasswordSame });
  });

  it('the service itself compares old and new digests case-insensitively', async () => {
    const u = await registered();
    const digest = passwordDigest(u.userName, 'Good@123');
    const refused = await resetPassword(
      app.ctx,
      { userId: u.userId, sessionId: 0 },
      digest,
      digest.toUpperCase(),
    ).then(
      () => undefined,
      (e: DomainError) => e.message,
    );
    expect(refused).toBe(Messages.newPasswordSame);
  });
});
