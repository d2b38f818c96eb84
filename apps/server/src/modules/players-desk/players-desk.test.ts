import { Codes } from '@lottery/contract/codes';
import { ConsoleCodes } from '@lottery/contract/console/codes';
import { PLAYER_CSV_COLUMNS, PLAYER_RECORD_CSV_COLUMNS } from '@lottery/contract/console/players';
import { beijingDateTime } from '@lottery/rules/beijing';
import { describe, expect, it } from 'vitest';
import { form, json, passwordDigest, sessionCookie, testApp } from '../../test/app';
import { listAudit } from '../audit/index';
import { consoleGet, consolePost, enrolStaff } from '../staff/testing';
import { houseAccount, playerAccount, postTransfer } from '../wallet/index';
import { DESK_PASSWORD, deskPlayer } from './testing';

/**
 * Issue 40 §6, the players desk through the console API: search by every key with keyset pages
 * that neither skip nor repeat, CSV, the player page, status changes that take effect (login
 * refused, sessions ended) each with one audit row, notes, and the risk signals; bad input answers
 * a code, never a 5xx.
 */
const { app, clock, database } = await testApp();
const risk = await enrolStaff(app, clock, 'risk');
const get = (path: string, query: Record<string, string | number>) =>
  consoleGet(app, `players/${path}`, query, risk.cookie);
const post = (path: string, body: Record<string, unknown>) =>
  consolePost(app, `players/${path}`, body, { cookie: risk.cookie });

/** Sign in (or register) as the web app does, with its X-Device-Id when given. */
function signIn(path: 'login' | 'register', userName: string, ip: string, deviceId?: string) {
  const body = form({ userName, password: passwordDigest(userName, DESK_PASSWORD), random: 'r1' });
  return app.inject({
    method: 'POST',
    url: `/v1/users/${path}`,
    remoteAddress: ip,
    payload: body.payload,
    headers: { ...body.headers, ...(deviceId === undefined ? {} : { 'x-device-id': deviceId }) },
  });
}
const login = (userName: string, ip = '198.51.100.9', deviceId?: string) =>
  signIn('login', userName, ip, deviceId);
const info = (cookie: string) => app.inject({ method: 'GET', url: '/v1/users/info', headers: { cookie } });

/** Every row of one kind of a player's records, `limit` at a time, following the cursor. */
async function allPages<Row>(kind: string, userId: number, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null | undefined;
  for (let guard = 0; guard < 20 && cursor !== null; guard++) {
    const body = (await get(kind, { userId, limit, ...(cursor ? { cursor } : {}) })).json();
    expect(body.code, kind).toBe(1);
    expect(body.data.items.length).toBeLessThanOrEqual(limit);
    rows.push(...body.data.items);
    cursor = body.data.nextCursor;
  }
  return rows;
}

/** One kind of a player's records as CSV: the header line and the cells of each row. */
async function recordsCsv(userId: number, kind: string) {
  const csv = await get('records/export', { userId, kind });
  expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
  const [header, ...rows] = csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  return { header, rows: rows.map((line) => line.split(',')) };
}

describe('players desk', () => {
  it('finds players by account, id, phone, e-mail and IP', async () => {
    const agent = await deskPlayer(app, { prefix: 'findag' });
    const p = await deskPlayer(app, { prefix: 'find', registerIp: '203.0.113.7', parentId: agent.userId });
    await database.query(`INSERT INTO user_security (user_id, phone, email) VALUES ($1, $2, $3)`, [
      p.userId,
      '13800138000',
      'Find.Me@example.com',
    ]);
    const ids = async (by: string, q: string) =>
      ((await get('search', { by, q })).json().data.items as { userId: number }[]).map((r) => r.userId);
    expect(await ids('account', p.userName)).toEqual([p.userId]);
    expect(await ids('account', 'find*')).toContain(p.userId);
    expect(await ids('id', String(p.userId))).toEqual([p.userId]);
    expect(await ids('phone', '13800138000')).toEqual([p.userId]);
    expect(await ids('email', 'find.me@EXAMPLE.com')).toEqual([p.userId]);
    expect(await ids('ip', '203.0.113.7')).toEqual([p.userId]);
    expect(await ids('account', 'nobody-here')).toEqual([]);

    const page = (await get('detail', { userId: p.userId })).json();
    expect(page.code).toBe(1);
    expect(page.data).toMatchObject({
      profile: { userId: p.userId, status: 'active', phone: '13800138000', registerIp: '203.0.113.7' },
      balance: '0.00',
      yuebao: '0.00',
      upline: [{ userId: agent.userId, userName: agent.userName }],
      downlineCount: 0,
      logins: [],
    });
    expect((await get('detail', { userId: agent.userId })).json().data.downlineCount).toBe(1);
  });

  it('pages with a keyset that neither skips nor repeats, and exports every match as CSV', async () => {
    const made = [];
    for (let i = 0; i < 7; i++)
      made.push((await deskPlayer(app, { prefix: 'pg', registerIp: '192.0.2.55' })).userId);
    const seen: number[] = [];
    let cursor: number | null | undefined;
    for (let guard = 0; guard < 10 && cursor !== null; guard++) {
      const body = (
        await get('search', { by: 'ip', q: '192.0.2.55', limit: 3, ...(cursor ? { cursor } : {}) })
      ).json();
      expect(body.data.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.data.items.map((r: { userId: number }) => r.userId));
      cursor = body.data.nextCursor;
    }
    expect(seen).toEqual([...made].reverse());

    const csv = await get('export', { by: 'ip', q: '192.0.2.55' });
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(PLAYER_CSV_COLUMNS.join(','));
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([...made].reverse());
  });

  it("pages a player's ledger entries across rows of one millisecond, and exports them as CSV", async () => {
    const p = await deskPlayer(app, { prefix: 'led' });
    const tenant = (await app.ctx.tenant.get())!.id;
    const player = await playerAccount(app.ctx.db, tenant, p.userId);
    const house = await houseAccount(app.ctx.db, tenant, p.userId);
    const now = clock.now();
    // five credits in the same millisecond: the cursor's id must break the tie
    for (let i = 1; i <= 5; i++)
      await postTransfer(
        app.ctx.db,
        {
          idempotencyKey: `desk-ledger-${p.userId}-${i}`,
          typeCode: 401,
          lines: [
            { accountId: house, amountMinor: -BigInt(i) * 10_000n },
            { accountId: player, amountMinor: BigInt(i) * 10_000n },
          ],
        },
        now,
      );
    const amounts: string[] = [];
    let cursor: string | null | undefined;
    for (let guard = 0; guard < 10 && cursor !== null; guard++) {
      const body = (
        await get('ledger', { userId: p.userId, limit: 2, ...(cursor ? { cursor } : {}) })
      ).json();
      expect(body.code).toBe(1);
      amounts.push(...body.data.items.map((r: { amount: string }) => r.amount));
      cursor = body.data.nextCursor;
    }
    expect(amounts).toEqual(['5.00', '4.00', '3.00', '2.00', '1.00']);
    expect((await get('detail', { userId: p.userId })).json().data.balance).toBe('15.00');
    for (const kind of ['deposits', 'withdrawals', 'bets', 'chases', 'pledges', 'games'])
      expect((await get(kind, { userId: p.userId })).json(), kind).toEqual({
        code: 1,
        msg: expect.any(String),
        data: { items: [], nextCursor: null },
      });

    const csv = await get('records/export', { userId: p.userId, kind: 'ledger' });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,at,typeCode,amount,balanceAfter,txnId');
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['5.00', '4.00', '3.00', '2.00', '1.00']);
    expect(lines[1]!.split(',')[1]).toBe(beijingDateTime(now));
    expect((await get('records/export', { userId: 99_999_999, kind: 'ledger' })).json().code).toBe(
      ConsoleCodes.CONSOLE_PLAYER_MISSING.code,
    );
  });

  it("pages a player's yuebao pledge orders newest first, exports them as CSV, and shows no one else's", async () => {
    const p = await deskPlayer(app, { prefix: 'plg' });
    const other = await deskPlayer(app, { prefix: 'plgo' });
    const tenant = (await app.ctx.tenant.get())!.id;
    const now = clock.now();
    const [product] = await database.query<{ id: number }>(
      `INSERT INTO yuebao_pledge_product (tenant_id, name, term_days, rate_ppm, min_minor, max_minor, max_orders,
         penalty_ppm, created_at)
       VALUES ($1, $2, 30, 36500, 10000, 100000000, 10, 10000, $3) RETURNING id`,
      [tenant, `七天定期${p.userId}`, now],
    );
    const day = 86_400_000;
    // [user, no, principal (minor), state, created_at]: three of p's in one millisecond (the id breaks the tie)
    const orders = [
      [p.userId, 1, 1_000_000, 2, now - day],
      [p.userId, 2, 2_000_000, 3, now],
      [other.userId, 3, 9_000_000, 1, now],
      [p.userId, 3, 3_000_000, 1, now],
      [p.userId, 4, 4_000_000, 4, now],
    ] as const;
    for (const [userId, no, principal, state, at] of orders)
      await database.query(
        `INSERT INTO yuebao_pledge_order (tenant_id, user_id, product_id, order_no, request_id, principal_minor,
           rate_ppm, term_days, penalty_ppm, profit_minor, auto_renew, state, started_at, matures_at, settled_at,
           penalty_minor, created_at)
         VALUES ($1, $2, $3, $4, $4, $5::bigint, 36500, 30, 10000, $5::bigint / 100, $6, $7::smallint, $8::bigint,
           $8::bigint + ${30 * day}, CASE WHEN $7::smallint = 1 THEN NULL ELSE $8::bigint + 1000 END,
           CASE WHEN $7::smallint = 3 THEN $5::bigint / 100 END, $8::bigint)`,
        [tenant, userId, product!.id, `PL${userId}-${no}`, principal, no === 4, state, at],
      );

    type Pledge = { orderNo: string; amount: string; state: number; penalty: string | null };
    const pages = await allPages<Pledge>('pledges', p.userId, 2);
    expect(pages.map((r) => r.orderNo)).toEqual([4, 3, 2, 1].map((no) => `PL${p.userId}-${no}`));
    expect(pages[0]).toMatchObject({
      at: now,
      productName: `七天定期${p.userId}`,
      amount: '400.00',
      annualRate: '3.65',
      termDays: 30,
      startedAt: now,
      maturesAt: now + 30 * day,
      profit: '4.00',
      penalty: null,
      autoRenew: true,
      state: 4,
      settledAt: now + 1000,
      renewedFrom: null,
    });
    expect(pages.map((r) => [r.state, r.penalty])).toEqual([
      [4, null],
      [1, null],
      [3, '2.00'],
      [2, null],
    ]);
    expect((await allPages<Pledge>('pledges', other.userId, 2)).map((r) => r.orderNo)).toEqual([
      `PL${other.userId}-3`,
    ]);

    const csv = await recordsCsv(p.userId, 'pledges');
    expect(csv.header).toBe(PLAYER_RECORD_CSV_COLUMNS.pledges.join(','));
    const col = (name: string) => PLAYER_RECORD_CSV_COLUMNS.pledges.indexOf(name);
    expect(csv.rows.map((r) => r[col('orderNo')])).toEqual([4, 3, 2, 1].map((no) => `PL${p.userId}-${no}`));
    expect(csv.rows[0]![col('maturesAt')]).toBe(beijingDateTime(now + 30 * day));
    expect(csv.rows.map((r) => [r[col('amount')], r[col('autoRenew')], r[col('settledAt')]])).toEqual([
      ['400.00', 'true', beijingDateTime(now + 1000)],
      ['300.00', 'false', ''],
      ['200.00', 'false', beijingDateTime(now + 1000)],
      ['100.00', 'false', beijingDateTime(now - day + 1000)],
    ]);
  });

  it("pages a player's table-game bets newest first, exports them as CSV, and shows no one else's", async () => {
    const p = await deskPlayer(app, { prefix: 'gmb' });
    const other = await deskPlayer(app, { prefix: 'gmbo' });
    const tenant = (await app.ctx.tenant.get())!.id;
    const now = clock.now();
    const [chain] = await database.query<{ id: string }>(
      `INSERT INTO game_chain (tenant_id, game_code, business_date, length, seed_secret, head, published_at)
       VALUES ($1, 'dragonTigerWar', $2, 10, 's', 'h', $3) RETURNING id::text AS id`,
      [tenant, `desk-rec-${p.userId}`, now],
    );
    const [round] = await database.query<{ id: string }>(
      `INSERT INTO game_round (tenant_id, game_code, round_id, chain_id, seq, open_ms, close_ms, deal_ms, settle_ms)
       VALUES ($1, 'dragonTigerWar', $2, $3, 1, $4, $4, $4, $4) RETURNING id::text AS id`,
      [tenant, `R-${p.userId}`, chain!.id, now],
    );
    // [user, area, stake (minor), return, outcome, state, created_at]: p's last three in one millisecond
    const bets = [
      [p.userId, 'dragon', 100_000, 200_000, 'win', 1, now - 5000],
      [p.userId, 'tiger', 200_000, 0, 'lose', 1, now],
      [other.userId, 'tie', 700_000, null, null, 0, now],
      [p.userId, 'tie', 300_000, 300_000, 'refund', 3, now],
      [p.userId, 'dragon', 400_000, null, null, 0, now],
    ] as const;
    for (const [userId, area, stake, payout, outcome, state, at] of bets)
      await database.query(
        `INSERT INTO game_bet (tenant_id, user_id, round_pk, game_code, round_id, area, stake_minor, debit_minor,
           return_minor, outcome, state, player_account, house_account, idempotency_key, request_digest,
           created_at, settled_at)
         VALUES ($1, $2, $3, 'dragonTigerWar', $4, $5, $6::bigint, $6::bigint, $7, $8, $9::smallint, 0, 0, $10, 'd',
           $11::bigint, CASE WHEN $9::smallint = 0 THEN NULL ELSE $11::bigint + 25000 END)`,
        [tenant, userId, round!.id, `R-${p.userId}`, area, stake, payout, outcome, state, `k${stake}`, at],
      );

    type Game = { stake: string; payout: string | null; state: number; outcome: string | null };
    const pages = await allPages<Game>('games', p.userId, 2);
    expect(pages.map((r) => [r.stake, r.payout, r.outcome, r.state])).toEqual([
      ['40.00', null, null, 0],
      ['30.00', '30.00', 'refund', 3],
      ['20.00', '0.00', 'lose', 1],
      ['10.00', '20.00', 'win', 1],
    ]);
    expect(pages[0]).toMatchObject({
      at: now,
      gameCode: 'dragonTigerWar',
      gameName: expect.any(String),
      roundId: `R-${p.userId}`,
      area: 'dragon',
      areaName: expect.any(String),
      debit: '40.00',
      settledAt: null,
    });
    expect(pages[3]).toMatchObject({ at: now - 5000, settledAt: now - 5000 + 25000 });
    expect((await allPages<Game>('games', other.userId, 2)).map((r) => r.stake)).toEqual(['70.00']);

    const csv = await recordsCsv(p.userId, 'games');
    expect(csv.header).toBe(PLAYER_RECORD_CSV_COLUMNS.games.join(','));
    const col = (name: string) => PLAYER_RECORD_CSV_COLUMNS.games.indexOf(name);
    expect(csv.rows.map((r) => [r[col('area')], r[col('stake')], r[col('payout')], r[col('state')]])).toEqual(
      [
        ['dragon', '40.00', '', '0'],
        ['tie', '30.00', '30.00', '3'],
        ['tiger', '20.00', '0.00', '1'],
        ['dragon', '10.00', '20.00', '1'],
      ],
    );
    expect(csv.rows[3]![col('at')]).toBe(beijingDateTime(now - 5000));
  });

  it("lists each lottery bet's plays", async () => {
    const p = await deskPlayer(app, { prefix: 'bpl' });
    const tenant = (await app.ctx.tenant.get())!.id;
    const now = clock.now();
    const [bet] = await database.query<{ id: string }>(
      `INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code, issue, amount_minor,
         user_rebate_tenths, point_tenths, created_at)
       VALUES ($1, $2, $3, $3, 'desk5', '20261130-001', 60000, 0, 0, $4) RETURNING id::text AS id`,
      [tenant, p.userId, `desk-${p.userId}-plays`, now],
    );
    for (const [line, play] of [
      [1, 'zxfs'],
      [2, 'lmdxds'],
      [3, 'zxfs'],
    ] as const)
      await database.query(
        `INSERT INTO bet_line (bet_id, line_no, play_detail_code, betting_number, betting_count, betting_unit,
           multiplier, amount_minor, prize_group)
         VALUES ($1, $2, $3, '1', 1, '1', 1, 20000, 1900)`,
        [bet!.id, line, play],
      );
    const [row] = (await get('bets', { userId: p.userId })).json().data.items;
    expect(row).toMatchObject({ recordCode: `desk-${p.userId}-plays`, playDetailCodes: ['zxfs', 'lmdxds'] });
    const csv = await recordsCsv(p.userId, 'bets');
    expect(csv.rows[0]![PLAYER_RECORD_CSV_COLUMNS.bets.indexOf('playDetailCodes')]).toBe('zxfs lmdxds');
  });

  it('answers bad input with a code, never a 5xx', async () => {
    for (const [path, query] of [
      ['search', { by: 'shoe', q: 'x' }],
      ['search', { by: 'id', q: 'abc' }],
      ['search', { by: 'account', q: '' }],
      ['search', { by: 'account', q: 'x', limit: 0 }],
      ['detail', { userId: 'abc' }],
      ['export', { by: 'id', q: '1.5' }],
      ['ledger', { userId: 1, cursor: 'x' }],
      ['records/export', { userId: 1, kind: 'coins' }],
    ] as const) {
      const res = await get(path, query);
      expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(200);
      expect(res.json().code, `${path} ${JSON.stringify(query)}`).toBe(Codes.INVALID_PARAM.code);
    }
    const missing = { code: ConsoleCodes.CONSOLE_PLAYER_MISSING.code, msg: '玩家不存在' };
    expect((await get('detail', { userId: 99_999_999 })).json()).toEqual(missing);
    expect((await get('risk', { userId: 99_999_999 })).json()).toEqual(missing);
    const before = (await listAudit(app.ctx.db, { limit: 200 })).items.length;
    expect((await post('status', { userId: 99_999_999, status: 'disabled', reason: 'x' })).json()).toEqual(
      missing,
    );
    expect((await post('status', { userId: 'x', status: 'disabled', reason: 'x' })).json().code).toBe(-2);
    expect((await post('status', { userId: 1, status: 'gone', reason: 'x' })).json().code).toBe(-2);
    expect((await post('unlock', { userId: 1, reason: '' })).json().code).toBe(-2);
    expect((await post('notes/add', { userId: 1, body: 'x'.repeat(1001) })).json().code).toBe(-2);
    expect((await listAudit(app.ctx.db, { limit: 200 })).items.length).toBe(before);
  });

  it('disables (login refused, sessions ended), freezes, re-activates, unlocks and ends sessions, each audited', async () => {
    const p = await deskPlayer(app, { prefix: 'st', login: true });
    const first = await login(p.userName);
    expect(json(first).code).toBe(1);
    const cookie = sessionCookie(first);
    expect(json(await info(cookie)).code).toBe(1);
    const detail = (await get('detail', { userId: p.userId })).json().data;
    expect(detail.logins).toMatchObject([{ ip: '198.51.100.9', open: true }]);

    const disabled = await post('status', { userId: p.userId, status: 'disabled', reason: '盗号嫌疑' });
    expect(disabled.json()).toMatchObject({ code: 1, data: { status: 'disabled', sessionsEnded: 1 } });
    expect(json(await info(cookie)).code).toBe(Codes.SESSION_EXPIRED.code);
    expect(json(await login(p.userName)).code).toBe(Codes.ACCOUNT_DISABLED.code);
    const [row] = (
      await listAudit(app.ctx.db, { action: 'player.status', target: `user:${p.userId}`, limit: 5 })
    ).items;
    expect(row).toMatchObject({
      actor: `staff:${risk.staffId}`,
      role: 'risk',
      reason: '盗号嫌疑',
      before: { status: 'active' },
      after: { status: 'disabled', sessionsEnded: 1 },
    });
    expect(
      (await post('status', { userId: p.userId, status: 'disabled', reason: 'again' })).json().code,
    ).toBe(ConsoleCodes.CONSOLE_PLAYER_STATUS_SAME.code);

    expect((await post('status', { userId: p.userId, status: 'frozen', reason: '冻结' })).json().code).toBe(
      1,
    );
    expect(json(await login(p.userName)).code).toBe(Codes.ACCOUNT_FROZEN.code);
    expect((await post('status', { userId: p.userId, status: 'active', reason: '解除' })).json().code).toBe(
      1,
    );
    const again = await login(p.userName);
    expect(json(again).code).toBe(1);

    // end every session: the open one stops working, the account stays active
    const ended = await post('end-sessions', { userId: p.userId, reason: '强制下线' });
    expect(ended.json()).toMatchObject({ code: 1, data: { status: 'active', sessionsEnded: 1 } });
    expect(json(await info(sessionCookie(again))).code).toBe(Codes.SESSION_EXPIRED.code);

    // unlock clears a lockout after wrong passwords
    await database.query('UPDATE users SET locked_until = $1, failed_logins = 5 WHERE id = $2', [
      app.ctx.clock.now() + 3_600_000,
      p.userId,
    ]);
    expect(json(await login(p.userName)).code).toBe(Codes.ACCOUNT_LOCKED.code);
    expect((await post('unlock', { userId: p.userId, reason: '本人来电' })).json().code).toBe(1);
    expect(json(await login(p.userName)).code).toBe(1);

    const actions = (await listAudit(app.ctx.db, { target: `user:${p.userId}`, limit: 20 })).items.map(
      (r) => r.action,
    );
    expect(actions).toEqual([
      'player.unlock',
      'player.end_sessions',
      'player.status',
      'player.status',
      'player.status',
    ]);
  });

  it('keeps staff notes, newest first, append-only', async () => {
    const p = await deskPlayer(app, { prefix: 'note' });
    expect((await post('notes/add', { userId: p.userId, body: '第一条' })).json()).toMatchObject({
      code: 1,
      data: { body: '第一条', staffId: risk.staffId, staffAccount: risk.account },
    });
    await post('notes/add', { userId: p.userId, body: '第二条' });
    const notes = (await get('notes', { userId: p.userId })).json().data.items;
    expect(notes.map((n: { body: string }) => n.body)).toEqual(['第二条', '第一条']);
    await expect(database.query(`UPDATE player_note SET body = 'x'`)).rejects.toThrow(/append-only/);
    expect(
      (await listAudit(app.ctx.db, { action: 'player.note', target: `user:${p.userId}`, limit: 5 })).items,
    ).toHaveLength(2);
  });

  it('signals accounts sharing an IP, a hedged table-game round and a hedged lottery issue', async () => {
    const a = await deskPlayer(app, { prefix: 'ipa', registerIp: '198.18.0.1' });
    const b = await deskPlayer(app, { prefix: 'ipb', registerIp: '198.18.0.1' });
    const c = await deskPlayer(app, { prefix: 'ipc', registerIp: '198.18.0.2' });
    const tenant = (await app.ctx.tenant.get())!.id;
    const now = app.ctx.clock.now();
    const [chain] = await database.query<{ id: string }>(
      `INSERT INTO game_chain (tenant_id, game_code, business_date, length, seed_secret, head, published_at)
       VALUES ($1, 'baccarat', 'desk-test', 10, 's', 'h', $2) RETURNING id::text AS id`,
      [tenant, now],
    );
    const [round] = await database.query<{ id: string }>(
      `INSERT INTO game_round (tenant_id, game_code, round_id, chain_id, seq, open_ms, close_ms, deal_ms, settle_ms)
       VALUES ($1, 'baccarat', 'R-desk-1', $2, 1, $3, $3, $3, $3) RETURNING id::text AS id`,
      [tenant, chain!.id, now],
    );
    for (const [area, stake] of [
      ['banker', 500_000],
      ['player', 300_000],
      ['tie', 10_000],
    ] as const) {
      await database.query(
        `INSERT INTO game_bet (tenant_id, user_id, round_pk, game_code, round_id, area, stake_minor, debit_minor,
           player_account, house_account, idempotency_key, request_digest, created_at)
         VALUES ($1, $2, $3, 'baccarat', 'R-desk-1', $4, $5, $5, 0, 0, $4, 'd', $6)`,
        [tenant, a.userId, round!.id, area, stake, now],
      );
    }
    // lottery: 大 and 小 on the first position of one play in one issue; 单 alone and 小 in another issue are not
    for (const [key, issue, numbers] of [
      ['h1', '20261129-001', '大||||'],
      ['h2', '20261129-001', '小||||'],
      ['h3', '20261129-001', '单||||'],
      ['h4', '20261129-002', '小||||'],
    ] as const) {
      const [bet] = await database.query<{ id: string }>(
        `INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code, issue, amount_minor,
           user_rebate_tenths, point_tenths, created_at)
         VALUES ($1, $2, $3, $3, 'desk5', $4, 20000, 0, 0, $5) RETURNING id::text AS id`,
        [tenant, a.userId, `desk-${a.userId}-${key}`, issue, now],
      );
      await database.query(
        `INSERT INTO bet_line (bet_id, line_no, play_detail_code, betting_number, betting_count, betting_unit,
           multiplier, amount_minor, prize_group)
         VALUES ($1, 1, 'lmdxds', $2, 1, '1', 1, 20000, 1900)`,
        [bet!.id, numbers],
      );
    }
    const signals = (await get('risk', { userId: a.userId })).json();
    expect(signals.code).toBe(1);
    expect(signals.data.sharedIp).toEqual([
      { ip: '198.18.0.1', userId: b.userId, userName: b.userName, via: 'register' },
    ]);
    expect(signals.data.sharedIp.map((s: { userId: number }) => s.userId)).not.toContain(c.userId);
    expect(signals.data.hedgedRounds).toEqual([
      {
        gameCode: 'baccarat',
        roundId: 'R-desk-1',
        areas: ['banker', 'player'],
        hedgedStake: '30.00',
        at: now,
      },
    ]);
    expect(signals.data.hedgedIssues).toEqual([
      {
        lotteryCode: 'desk5',
        issue: '20261129-001',
        playDetailCode: 'lmdxds',
        numbers: ['大||||', '小||||'],
        at: now,
      },
    ]);
    expect((await get('risk', { userId: c.userId })).json().data).toEqual({
      sharedIp: [],
      sharedDevice: [],
      hedgedRounds: [],
      hedgedIssues: [],
    });
  });
  it('signals accounts signed in or registered with one device id, and ignores a malformed one', async () => {
    const device = `desk-device-${Date.now().toString(36)}`;
    const a = await deskPlayer(app, { prefix: 'dva', login: true });
    expect(json(await login(a.userName, '198.18.1.1', device)).code).toBe(1);
    const bName = `dvb${Date.now().toString(36).slice(-6)}`;
    const registered = json<{ userId: number }>(await signIn('register', bName, '198.18.1.2', device));
    expect(registered.code).toBe(1);
    const b = { userId: registered.data!.userId, userName: bName };

    // c and d send the same values of the wrong shape: none is kept, so they share no device
    const c = await deskPlayer(app, { prefix: 'dvc', login: true });
    const d = await deskPlayer(app, { prefix: 'dvd', login: true });
    for (const bad of ['short', 'x'.repeat(65), 'desk device 0001', `${device};`]) {
      expect(json(await login(c.userName, '198.18.1.3', bad)).code).toBe(1);
      expect(json(await login(d.userName, '198.18.1.4', bad)).code).toBe(1);
    }

    const sharedDevice = async (userId: number) =>
      (await get('risk', { userId })).json().data.sharedDevice as unknown[];
    expect(await sharedDevice(a.userId)).toEqual([
      { deviceId: device, userId: b.userId, userName: b.userName },
    ]);
    expect(await sharedDevice(b.userId)).toEqual([
      { deviceId: device, userId: a.userId, userName: a.userName },
    ]);
    expect(await sharedDevice(c.userId)).toEqual([]);
    expect(await sharedDevice(d.userId)).toEqual([]);
    const kept = await database.query<{ user_id: string; device_id: string | null }>(
      'SELECT user_id::text AS user_id, device_id FROM sessions WHERE user_id IN ($1, $2, $3, $4) ORDER BY id',
      [a.userId, b.userId, c.userId, d.userId],
    );
    expect(kept.map((r) => [Number(r.user_id), r.device_id])).toEqual([
      [a.userId, device],
      [b.userId, device],
      ...[1, 2, 3, 4].flatMap(() => [
        [c.userId, null],
        [d.userId, null],
      ]),
    ]);
  });
});
