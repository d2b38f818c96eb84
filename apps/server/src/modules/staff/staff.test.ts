import { Codes } from '@lottery/contract/codes';
import { ConsoleCodes } from '@lottery/contract/console/codes';
import { ROLE_PERMISSIONS } from '@lottery/contract/console/roles';
import { describe, expect, it } from 'vitest';
import { form, passwordDigest, sessionCookie, testApp, testConfig } from '../../test/app';
import { listAudit } from '../audit/index';
import { MAX_FAILURES } from './sign-in';
import {
  consoleGet,
  consolePost,
  enrolStaff,
  OWN_ORIGIN,
  STAFF_PASSWORD,
  staffCookie,
  tokenOf,
  totpCode,
} from './testing';

/** Staff sign-in with two factors, sessions, CSRF and the separation from player sessions (issue 40 §2). */
const { app, clock } = await testApp();

describe('console staff sign-in', () => {
  const step30 = () => clock.advance(30_000);

  async function signInStep(account: string, password = STAFF_PASSWORD) {
    return (await consolePost(app, 'sign-in', { account, password })).json();
  }
  async function signInFully(account: string, secret: string) {
    const step = await signInStep(account);
    expect(step.data.step).toBe('totp');
    step30();
    const res = await consolePost(app, 'sign-in/verify', {
      ticket: step.data.ticket,
      code: await totpCode(secret, clock),
    });
    expect(res.json().code).toBe(1);
    return staffCookie(res);
  }
  const lastAudit = async (action: string) => (await listAudit(app.ctx.db, { action, limit: 1 })).items[0];

  it('enrols from the one-time link: password, TOTP, ten recovery codes shown once, signed in', async () => {
    const { createStaff } = await import('./manage');
    const { cliActor } = await import('../../operator/command');
    const { link } = await createStaff({ db: app.ctx.db, clock }, cliActor(), {
      account: 'enrolme',
      role: 'finance',
      reason: '',
    });
    expect(link.enrolPath).toMatch(/^\/console\/enrol\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link.enrolPath);
    expect((await consoleGet(app, 'enrol/check', { token })).json()).toMatchObject({
      code: 1,
      data: { account: 'enrolme', role: 'finance' },
    });
    // weaker than the staff rule: refused by the contract
    const weak = await consolePost(app, 'enrol/password', { token, password: 'short1' });
    expect(weak.json().code).toBe(Codes.INVALID_PARAM.code);
    const step = (await consolePost(app, 'enrol/password', { token, password: STAFF_PASSWORD })).json();
    expect(step.data).toMatchObject({ step: 'enrol' });
    expect(step.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    // the link is used up
    const again = await consolePost(app, 'enrol/password', { token, password: STAFF_PASSWORD });
    expect(again.json().code).toBe(ConsoleCodes.CONSOLE_LINK_INVALID.code);
    // a wrong first code does not enrol
    const wrong = await consolePost(app, 'enrol/confirm', { ticket: step.data.ticket, code: '000000' });
    expect(wrong.json().code).toBe(ConsoleCodes.CONSOLE_CODE_WRONG.code);
    const confirmed = await consolePost(app, 'enrol/confirm', {
      ticket: step.data.ticket,
      code: await totpCode(step.data.secret, clock),
    });
    const body = confirmed.json();
    expect(body.code).toBe(1);
    expect(body.data.recoveryCodes).toHaveLength(10);
    expect(body.data.me.idleExpiresAt).toBe(clock.now() + 30 * 60_000);
    for (const code of body.data.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const cookie = confirmed.cookies.find((c) => c.name === 'staff_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/console' });
    const me = (await consoleGet(app, 'me', {}, staffCookie(confirmed))).json();
    expect(me.data).toMatchObject({
      account: 'enrolme',
      role: 'finance',
      permissions: [...ROLE_PERMISSIONS.finance],
      idleTimeoutMs: 30 * 60_000,
    });
    expect((await lastAudit('staff.totp_enrol'))?.actor).toBe(`staff:${me.data.staffId}`);
  });

  it('signs in with a TOTP code, one step either side, and never accepts a code twice', async () => {
    const s = await enrolStaff(app, clock, 'risk');
    expect((await signInStep(s.account, 'WrongPass123')).code).toBe(ConsoleCodes.CONSOLE_SIGN_IN_FAILED.code);
    expect((await signInStep('nobody-here')).code).toBe(ConsoleCodes.CONSOLE_SIGN_IN_FAILED.code);

    // three steps after the enrolment's code
    clock.advance(90_000);
    const first = await signInStep(s.account);
    expect(first.data).toEqual({
      step: 'totp',
      ticket: expect.any(String),
      ticketExpiresAt: clock.now() + 300_000,
    });
    // the code of the previous step is still good (clock drift), two steps back is not
    clock.advance(-60_000);
    const stale = await totpCode(s.secret, clock);
    clock.advance(30_000);
    const previous = await totpCode(s.secret, clock);
    clock.advance(30_000);
    expect(
      (await consolePost(app, 'sign-in/verify', { ticket: first.data.ticket, code: stale })).json().code,
    ).toBe(ConsoleCodes.CONSOLE_CODE_WRONG.code);
    const ok = await consolePost(app, 'sign-in/verify', { ticket: first.data.ticket, code: previous });
    expect(ok.json().code).toBe(1);
    expect((await consoleGet(app, 'me', {}, staffCookie(ok))).json().data.role).toBe('risk');
    // the ticket is used up
    expect(
      (await consolePost(app, 'sign-in/verify', { ticket: first.data.ticket, code: previous })).json().code,
    ).toBe(ConsoleCodes.CONSOLE_TICKET_EXPIRED.code);
    // the same code (and the one of the current step, older than none) in a new sign-in: refused
    const second = await signInStep(s.account);
    expect(
      (await consolePost(app, 'sign-in/verify', { ticket: second.data.ticket, code: previous })).json().code,
    ).toBe(ConsoleCodes.CONSOLE_CODE_WRONG.code);
    step30();
    const fresh = await consolePost(app, 'sign-in/verify', {
      ticket: second.data.ticket,
      code: await totpCode(s.secret, clock),
    });
    expect(fresh.json().code).toBe(1);
    // a ticket lives five minutes
    const third = await signInStep(s.account);
    clock.advance(5 * 60_000);
    expect(
      (
        await consolePost(app, 'sign-in/verify', {
          ticket: third.data.ticket,
          code: await totpCode(s.secret, clock),
        })
      ).json().code,
    ).toBe(ConsoleCodes.CONSOLE_TICKET_EXPIRED.code);
  });

  it('lets one code open one session when two sign-ins race with it', async () => {
    const s = await enrolStaff(app, clock, 'finance');
    clock.advance(30_000);
    const [a, b] = [await signInStep(s.account), await signInStep(s.account)];
    const code = await totpCode(s.secret, clock);
    const results = await Promise.all(
      [a, b].map((step) => consolePost(app, 'sign-in/verify', { ticket: step.data.ticket, code })),
    );
    expect(results.map((r) => r.json().code).sort()).toEqual([ConsoleCodes.CONSOLE_CODE_WRONG.code, 1]);
  });

  it('accepts each recovery code once', async () => {
    const s = await enrolStaff(app, clock, 'support');
    const code = s.recoveryCodes[3]!;
    const first = await signInStep(s.account);
    const ok = await consolePost(app, 'sign-in/verify', {
      ticket: first.data.ticket,
      code: code.toUpperCase(),
    });
    expect(ok.json().code).toBe(1);
    expect((await lastAudit('staff.sign_in'))?.after).toEqual({ method: 'recovery_code' });
    const second = await signInStep(s.account);
    const reused = await consolePost(app, 'sign-in/verify', { ticket: second.data.ticket, code });
    expect(reused.json().code).toBe(ConsoleCodes.CONSOLE_CODE_WRONG.code);
    const other = await consolePost(app, 'sign-in/verify', {
      ticket: second.data.ticket,
      code: s.recoveryCodes[4]!.replace('-', ''),
    });
    expect(other.json().code).toBe(1);
  });

  it(`locks an account for 15 minutes after ${MAX_FAILURES} failed steps, passwords and codes alike`, async () => {
    const s = await enrolStaff(app, clock, 'auditor');
    for (let i = 0; i < MAX_FAILURES - 2; i++)
      expect((await signInStep(s.account, 'WrongPass123')).code).toBe(
        ConsoleCodes.CONSOLE_SIGN_IN_FAILED.code,
      );
    const step = await signInStep(s.account);
    expect(
      (await consolePost(app, 'sign-in/verify', { ticket: step.data.ticket, code: '123456' })).json().code,
    ).toBe(ConsoleCodes.CONSOLE_CODE_WRONG.code);
    // the fifth failure locks
    expect(
      (await consolePost(app, 'sign-in/verify', { ticket: step.data.ticket, code: 'aaaaa-bbbbb' })).json()
        .code,
    ).toBe(ConsoleCodes.CONSOLE_LOCKED.code);
    expect(await lastAudit('staff.locked')).toMatchObject({ target: `staff:${s.staffId}` });
    // the right password and a right code are refused while locked
    expect((await signInStep(s.account)).code).toBe(ConsoleCodes.CONSOLE_LOCKED.code);
    step30();
    expect(
      (
        await consolePost(app, 'sign-in/verify', {
          ticket: step.data.ticket,
          code: await totpCode(s.secret, clock),
        })
      ).json().code,
    ).toBe(ConsoleCodes.CONSOLE_LOCKED.code);
    clock.advance(15 * 60_000);
    await signInFully(s.account, s.secret);
  });

  it('ends a session after 30 idle minutes and 12 hours after sign-in', async () => {
    const s = await enrolStaff(app, clock, 'operations');
    clock.advance(29 * 60_000);
    expect((await consoleGet(app, 'me', {}, s.cookie)).statusCode).toBe(200);
    clock.advance(29 * 60_000);
    expect((await consoleGet(app, 'me', {}, s.cookie)).statusCode).toBe(200);
    clock.advance(30 * 60_000);
    const idle = await consoleGet(app, 'me', {}, s.cookie);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toEqual({
      code: ConsoleCodes.CONSOLE_SIGNED_OUT.code,
      msg: ConsoleCodes.CONSOLE_SIGNED_OUT.msg,
    });

    const cookie = await signInFully(s.account, s.secret);
    // busy all day: every 20 minutes, for 12 hours
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      clock.advance(20 * 60_000);
      expect((await consoleGet(app, 'me', {}, cookie)).statusCode).toBe(200);
    }
    clock.advance(20 * 60_000);
    expect((await consoleGet(app, 'me', {}, cookie)).statusCode).toBe(401);
  });

  it('answers me with the idle expiry, and each me call restarts it', async () => {
    const s = await enrolStaff(app, clock, 'support');
    const openedAt = clock.now();
    const first = (await consoleGet(app, 'me', {}, s.cookie)).json().data;
    expect(first.idleExpiresAt).toBe(openedAt + 30 * 60_000);
    expect(first.sessionExpiresAt).toBe(openedAt + 12 * 60 * 60_000);
    // ten seconds on: the gate would not record the use yet (every 30 s), me does
    clock.advance(10_000);
    const second = (await consoleGet(app, 'me', {}, s.cookie)).json().data;
    expect(second.idleExpiresAt).toBe(clock.now() + 30 * 60_000);
    expect(second.sessionExpiresAt).toBe(first.sessionExpiresAt);
    // past the first expiry, before the second: still signed in, until the second
    clock.advance(30 * 60_000 - 5_000);
    expect(clock.now()).toBeGreaterThan(first.idleExpiresAt);
    const third = await consoleGet(app, 'me', {}, s.cookie);
    expect(third.statusCode).toBe(200);
    clock.advance(third.json().data.idleExpiresAt - clock.now());
    expect((await consoleGet(app, 'me', {}, s.cookie)).statusCode).toBe(401);
  });

  it('honours CONSOLE_IDLE_MINUTES', async () => {
    const short = await testApp({ config: testConfig({ CONSOLE_IDLE_MINUTES: '5' }) });
    const s = await enrolStaff(short.app, short.clock, 'support');
    expect((await consoleGet(short.app, 'me', {}, s.cookie)).json().data.idleTimeoutMs).toBe(5 * 60_000);
    short.clock.advance(5 * 60_000);
    expect((await consoleGet(short.app, 'me', {}, s.cookie)).statusCode).toBe(401);
  });

  it('signs out: the cookie is cleared and the session ends', async () => {
    const s = await enrolStaff(app, clock, 'finance');
    const out = await consolePost(app, 'sign-out', {}, { cookie: s.cookie });
    expect(out.json().code).toBe(1);
    expect(out.cookies.find((c) => c.name === 'staff_session')?.value).toBe('');
    expect((await consoleGet(app, 'me', {}, s.cookie)).statusCode).toBe(401);
    expect(await lastAudit('staff.sign_out')).toMatchObject({ actor: `staff:${s.staffId}` });
  });

  it('keeps staff and player sessions apart', async () => {
    const s = await enrolStaff(app, clock, 'owner');
    // a staff session on a player call: no user
    const onPlayer = await app.inject({
      method: 'GET',
      url: '/v1/users/isLogin',
      headers: { cookie: s.cookie },
    });
    expect(onPlayer.json()).toMatchObject({ code: 1, data: false });
    const login = await app.inject({
      method: 'POST',
      url: '/v1/users/login',
      ...form({ userName: 'player01', password: passwordDigest('player01', 'Demo@2026'), random: 'r1' }),
    });
    const sid = sessionCookie(login);
    // a player session on a console call: signed out
    expect((await consoleGet(app, 'me', {}, sid)).statusCode).toBe(401);
    // a player's token under the staff cookie's name is no staff session either
    expect((await consoleGet(app, 'me', {}, sid.replace('sid=', 'staff_session='))).statusCode).toBe(401);
    // and both together: each side reads only its own
    const both = `${sid}; ${s.cookie}`;
    expect((await consoleGet(app, 'me', {}, both)).json().data.role).toBe('owner');
    expect(
      (await app.inject({ method: 'GET', url: '/v1/users/isLogin', headers: { cookie: both } })).json().data,
    ).toBe(true);
  });

  it('refuses state-changing console calls from another origin or with no origin at all', async () => {
    const owner = await enrolStaff(app, clock, 'owner');
    const create = (origin: string | null, extra: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/console/api/staff/create',
        payload: { account: `csrf${Math.random().toString(36).slice(2, 8)}`, role: 'support' },
        headers: {
          'content-type': 'application/json',
          cookie: owner.cookie,
          ...(origin ? { origin } : {}),
          ...extra,
        },
      });
    const foreign = await create('https://evil.example');
    expect(foreign.statusCode).toBe(403);
    const none = await create(null);
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe(ConsoleCodes.CONSOLE_ORIGIN_REFUSED.code);
    const badReferer = await create(null, { referer: 'https://evil.example/console/' });
    expect(badReferer.statusCode).toBe(403);
    const before = (await consoleGet(app, 'staff/list', {}, owner.cookie)).json().data.items.length;
    expect((await create(null, { referer: `${OWN_ORIGIN}/console/staff` })).json().code).toBe(1);
    expect((await create(OWN_ORIGIN)).json().code).toBe(1);
    expect((await consoleGet(app, 'staff/list', {}, owner.cookie)).json().data.items.length).toBe(before + 2);
  });

  it('refuses every console call from an address outside CONSOLE_ALLOWED_IPS', async () => {
    const fenced = await testApp({ config: testConfig({ CONSOLE_ALLOWED_IPS: '10.1.2.3, 10.1.2.4' }) });
    const outside = await fenced.app.inject({ method: 'GET', url: '/console/api/me' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe(ConsoleCodes.CONSOLE_IP_REFUSED.code);
    const inside = await fenced.app.inject({
      method: 'GET',
      url: '/console/api/me',
      remoteAddress: '10.1.2.4',
    });
    expect(inside.statusCode).toBe(401);
    // player calls are not fenced
    expect((await fenced.app.inject({ method: 'GET', url: '/v1/users/isLogin' })).json().code).toBe(1);
  });
});

describe('staff management', () => {
  it('creates, disables, enables, resets the second factor, with one audit row each', async () => {
    const owner = await enrolStaff(app, clock, 'owner');
    const created = await consolePost(
      app,
      'staff/create',
      { account: 'clerk01', role: 'finance', reason: '新入职' },
      { cookie: owner.cookie },
    );
    const body = created.json();
    expect(body.data.staff).toMatchObject({
      account: 'clerk01',
      role: 'finance',
      passwordSet: false,
      createdBy: `staff:${owner.staffId}`,
    });
    expect(body.data.link.enrolPath).toMatch(/^\/console\/enrol\?token=/);
    const dup = await consolePost(
      app,
      'staff/create',
      { account: 'Clerk01', role: 'risk' },
      { cookie: owner.cookie },
    );
    expect(dup.json().code).toBe(ConsoleCodes.CONSOLE_STAFF_EXISTS.code);

    const clerk = await enrolStaff(app, clock, 'finance', 'clerk02');
    const act = (path: string, staffId: number, reason = '测试') =>
      consolePost(app, path, { staffId, reason }, { cookie: owner.cookie });

    const disabled = (await act('staff/disable', clerk.staffId)).json();
    expect(disabled.data.status).toBe('disabled');
    expect((await consoleGet(app, 'me', {}, clerk.cookie)).statusCode).toBe(401);
    expect(
      (await consolePost(app, 'sign-in', { account: 'clerk02', password: STAFF_PASSWORD })).json().code,
    ).toBe(ConsoleCodes.CONSOLE_STAFF_DISABLED.code);
    const audit = (await listAudit(app.ctx.db, { target: `staff:${clerk.staffId}`, limit: 10 })).items;
    expect(audit[0]).toMatchObject({
      actor: `staff:${owner.staffId}`,
      role: 'owner',
      action: 'staff.disable',
      reason: '测试',
      before: { status: 'active' },
      after: { status: 'disabled', sessionsEnded: 1 },
      ip: '127.0.0.1',
    });

    expect((await act('staff/enable', clerk.staffId)).json().data.status).toBe('active');
    const reset = (await act('staff/reset-2fa', clerk.staffId)).json();
    expect(reset.data.totpEnrolled).toBe(false);
    const step = (await consolePost(app, 'sign-in', { account: 'clerk02', password: STAFF_PASSWORD })).json();
    expect(step.data.step).toBe('enrol');
    // the old recovery codes are gone with the old secret
    const actions = (await listAudit(app.ctx.db, { target: `staff:${clerk.staffId}`, limit: 50 })).items.map(
      (r) => r.action,
    );
    expect(actions.slice(0, 3)).toEqual(['staff.reset_2fa', 'staff.enable', 'staff.disable']);

    const newLink = (await act('staff/reset-password', clerk.staffId)).json();
    expect(newLink.data.staff.passwordSet).toBe(false);
    expect(
      (await consolePost(app, 'sign-in', { account: 'clerk02', password: STAFF_PASSWORD })).json().code,
    ).toBe(ConsoleCodes.CONSOLE_SIGN_IN_FAILED.code);
    const relink = await consolePost(app, 'enrol/password', {
      token: tokenOf(newLink.data.link.enrolPath),
      password: 'AnotherPass99',
    });
    expect(relink.json().data.step).toBe('enrol');
  });

  it('refuses to act on oneself, on an unknown id, without a reason', async () => {
    const owner = await enrolStaff(app, clock, 'owner');
    const self = await consolePost(
      app,
      'staff/disable',
      { staffId: owner.staffId, reason: 'x' },
      { cookie: owner.cookie },
    );
    expect(self.json().code).toBe(ConsoleCodes.CONSOLE_NOT_ON_SELF.code);
    const unknown = await consolePost(
      app,
      'staff/disable',
      { staffId: 999999, reason: 'x' },
      { cookie: owner.cookie },
    );
    expect(unknown.json().code).toBe(ConsoleCodes.CONSOLE_STAFF_MISSING.code);
    const noReason = await consolePost(app, 'staff/enable', { staffId: 1 }, { cookie: owner.cookie });
    expect(noReason.json().code).toBe(Codes.INVALID_PARAM.code);
    const badType = await consolePost(
      app,
      'staff/enable',
      { staffId: 'abc', reason: 'x' },
      { cookie: owner.cookie },
    );
    expect(badType.json().code).toBe(Codes.INVALID_PARAM.code);
    const badRole = await consolePost(
      app,
      'staff/create',
      { account: 'zz-role', role: 'god' },
      { cookie: owner.cookie },
    );
    expect(badRole.json().code).toBe(Codes.INVALID_PARAM.code);
  });
});
