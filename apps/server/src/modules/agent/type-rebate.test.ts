import type { AddBettingData } from '@lottery/contract/betting';
import type { FairnessIssue } from '@lottery/contract/draw';
import { parseMoney } from '@lottery/contract/money';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../db/sql';
import {
  form,
  getAs,
  json,
  passwordDigest,
  postAs,
  sessionCookie,
  testApp,
  uniqueName,
} from '../../test/app';
import { linePayout, settlementDraw } from '../betting/index';
import { addBetting, fund, line, newPlayer, seeded } from '../betting/testing';
import { AccountCodes, auditLedger, balanceOf } from '../wallet/index';
import { rebateTenthsForType } from './index';

/**
 * Per-lottery-type rebates (migration 0702): a chain A → B → P where each has a lower rebate for
 * 快三 (type 1) than for the other types. Codes and child opening carry the per-type figures,
 * registration copies them, refusals write nothing; a K3 bet is priced at the bettor's K3 rebate
 * and settlement pays each agent the difference of the K3 rebates, compared to the cent with
 * amounts computed here.
 */

const K3 = '1401';
const k3 = lotteryByCode(K3)!;
type Account = { cookie: string; userId: number; tenantId: number; userName: string };
type Row = { code: string; typeRebates: unknown };
type Body = {
  code: number;
  msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers of several calls, read field by field
  data?: Record<string, any>;
};

describe('per-type rebates', async () => {
  const { app, clock, database } = await testApp({
    limits: { registerPerIp: 10_000 },
    scheduler: { lotteries: [K3], maxDrawsPerLottery: 50, maxSettlesPerTick: 500 },
  });
  const db = database.db;
  const get = (a: Account, path: string) => getAs<NonNullable<Body['data']>>(app, a, path);
  const post = (a: Account, path: string, fields: Record<string, string | number>) =>
    postAs<NonNullable<Body['data']>>(app, a, path, fields);
  const register = async (inviteCode: string): Promise<Account> => {
    const userName = uniqueName('ptr');
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/register',
      ...form({ userName, password: passwordDigest(userName, 'Secret@2026'), inviteCode }),
    });
    const body = json(res) as Body;
    expect(body.code, body.msg).toBe(1);
    return {
      cookie: sessionCookie(res),
      userId: Number(body.data!.userId),
      tenantId: (await app.ctx.tenant.get())!.id,
      userName,
    };
  };
  const count = async (table: 'invite_codes' | 'users' | 'user_type_rebate' | 'invite_code_type_rebate') =>
    Number((await queryOne<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM ${sql.raw(table)}`))!.n);
  const balance = (a: Account) => balanceOf(db, a.tenantId, AccountCodes.player(a.userId));

  // A: 8.0 for every type, 7.0 for K3 (as an operator would set it).
  const agentA = await newPlayer(app, 0);
  await db.execute(
    sql`UPDATE users SET is_agent = true, role = 'agent', rebate = 8.0 WHERE id = ${agentA.userId}`,
  );
  await db.execute(
    sql`INSERT INTO user_type_rebate (user_id, lottery_type, rebate) VALUES (${agentA.userId}, 1, 7.0)`,
  );

  let agentB: Account;
  let player: Account;

  it('gives a code per-type rebates, copied to the accounts registered with it', async () => {
    const own = await get(agentA, 'users/rebate?lotteryType=1');
    expect(own.data!.rebate).toBe('8.0');
    expect(own.data!.types[0]).toMatchObject({ lotteryType: 1, rebate: '7.0' });
    expect(own.data!.types[1]).toMatchObject({ lotteryType: 2, rebate: '8.0' });
    expect(own.data!.levels[0]).toEqual({ rebate: '7.0', group: 1840 });
    expect(own.data!.table.rebate).toBe('7.0');
    expect((await get(agentA, 'users/rebate?lotteryType=1&rebate=7.5')).msg).toBe('返点不能高于您自己的返点');

    const code = await post(agentA, 'users/createInviteCode', {
      codeType: 1,
      rebate: '7.0',
      typeRebates: '1:6.0',
    });
    expect(code.code, code.msg).toBe(1);
    expect(code.data).toMatchObject({ rebate: '7.0', typeRebates: [{ lotteryType: 1, rebate: '6.0' }] });
    // one figure only: K3 takes A's own 7.0 where 8.0 is asked for every type
    const plain = await post(agentA, 'users/createInviteCode', { codeType: 0, rebate: '8.0' });
    expect(plain.data).toMatchObject({ rebate: '8.0', typeRebates: [{ lotteryType: 1, rebate: '7.0' }] });
    const list = await get(agentA, 'users/inviteCode');
    expect(list.data!.rows.map((r: Row) => [r.code, r.typeRebates])).toEqual([
      [plain.data!.code, [{ lotteryType: 1, rebate: '7.0' }]],
      [code.data!.code, [{ lotteryType: 1, rebate: '6.0' }]],
    ]);

    agentB = await register(code.data!.code);
    expect(await rebateTenthsForType(db, agentB.userId, 1)).toBe(60);
    expect(await rebateTenthsForType(db, agentB.userId, 8)).toBe(70);
    const bCode = await post(agentB, 'users/createInviteCode', {
      codeType: 0,
      rebate: '6.0',
      typeRebates: '1:5.0',
    });
    expect(bCode.code, bCode.msg).toBe(1);
    player = await register(bCode.data!.code);
    expect(await rebateTenthsForType(db, player.userId, 1)).toBe(50);
    expect(await rebateTenthsForType(db, player.userId, 2)).toBe(60);
    const members = await get(agentB, 'users/userManageList');
    expect(members.data!.rows[0]).toMatchObject({
      userId: player.userId,
      rebate: '6.0',
      typeRebates: [{ lotteryType: 1, rebate: '5.0' }],
    });
  });

  it('refuses a type above the own, an unknown type and malformed figures, writing nothing', async () => {
    const before = await Promise.all([
      count('invite_codes'),
      count('invite_code_type_rebate'),
      count('users'),
      count('user_type_rebate'),
    ]);
    const cases: [Record<string, string | number>, string][] = [
      [{ rebate: '6.0', typeRebates: '1:6.5' }, '快三返点不能高于您自己的返点'],
      [{ rebate: '6.0', typeRebates: '8:7.5' }, '六合彩返点不能高于您自己的返点'],
      [{ rebate: '6.0', typeRebates: '17:1.0' }, '彩种类型不正确'],
      [{ rebate: '6.0', typeRebates: '0:1.0' }, '彩种类型不正确'],
      [{ rebate: '6.0', typeRebates: '1:5.0,1:4.0' }, '彩种类型不正确'],
      [{ rebate: '6.0', typeRebates: '1:abc' }, '返点格式不正确，请输入0-99之间最多一位小数的数字'],
      [{ rebate: '6.0', typeRebates: '1:5.55' }, '返点格式不正确，请输入0-99之间最多一位小数的数字'],
      [{ rebate: '6.0', typeRebates: '1=5.0' }, '彩种类型不正确'],
      [{ rebate: '7.5', typeRebates: '1:5.0' }, '返点不能高于您自己的返点'],
    ];
    for (const [fields, msg] of cases) {
      expect((await post(agentB, 'users/createInviteCode', { codeType: 0, ...fields })).msg).toBe(msg);
      const name = uniqueName('kid');
      const opened = await post(agentB, 'users/childOpening', {
        userName: name,
        password: passwordDigest(name, 'Secret@2026'),
        type: 0,
        ...fields,
      });
      expect(opened.msg).toBe(msg);
    }
    expect(
      await Promise.all([
        count('invite_codes'),
        count('invite_code_type_rebate'),
        count('users'),
        count('user_type_rebate'),
      ]),
    ).toEqual(before);
  });

  it('opens a child with per-type rebates', async () => {
    const name = uniqueName('kid');
    const opened = await post(agentB, 'users/childOpening', {
      userName: name,
      password: passwordDigest(name, 'Secret@2026'),
      type: 1,
      rebate: '5.5',
      typeRebates: '1:4.5,8:3.0',
    });
    expect(opened.code, opened.msg).toBe(1);
    expect(opened.data).toMatchObject({
      rebate: '5.5',
      typeRebates: [
        { lotteryType: 1, rebate: '4.5' },
        { lotteryType: 8, rebate: '3.0' },
      ],
    });
    const id = Number(opened.data!.userId);
    expect(await rebateTenthsForType(db, id, 1)).toBe(45);
    expect(await rebateTenthsForType(db, id, 8)).toBe(30);
    expect(await rebateTenthsForType(db, id, 16)).toBe(55);
  });

  it('prices a K3 bet at the K3 rebate and pays 204 by the K3 rebates up the chain', async () => {
    const times = currentIssue(k3, clock.now());
    clock.set(issueAfter(k3, times).startMs + 10_000);
    await app.scheduler.tick();
    await fund(db, player.tenantId, player.userId, 1000);
    const now = clock.now();
    // 5.5 is within P's single figure (6.0) but above its K3 rebate (5.0): refused
    const above = json(await addBetting(app, player.cookie, [line(K3, 'A10', now, { point: '5.5' })]));
    expect(above.code).not.toBe(1);
    const lines = [
      ...Array.from({ length: 4 }, (_, i) =>
        line(K3, 'A10', now, { random: seeded(40 + i), point: '2.0', multiplier: 3 }),
      ),
      line(K3, 'H10', now, { bettingNumber: '1,2,3,4,5,6', point: '2.0' }),
    ];
    const placed = json<AddBettingData>(await addBetting(app, player.cookie, lines));
    expect(placed.code, placed.msg).toBe(1);
    const stake = parseMoney(placed.data!.betMoney);
    const bet = await queryOne<{ u: number; p: number }>(
      db,
      sql`SELECT user_rebate_tenths AS u, point_tenths AS p FROM bet WHERE user_id = ${player.userId}`,
    );
    expect(bet).toEqual({ u: 50, p: 20 });
    const [pBefore, bBefore, aBefore] = await Promise.all([
      balance(player),
      balance(agentB),
      balance(agentA),
    ]);

    clock.set(issueTimes(k3, placed.data!.issue)!.drawMs + 1000);
    await app.scheduler.tick();

    const fair = json<FairnessIssue>(
      await app.inject({
        method: 'GET',
        url: `/v1/fairness/issue?lotteryCode=${K3}&issue=${placed.data!.issue}`,
      }),
    ).data!;
    const draw = settlementDraw(k3, fair.numbers, fair.drawTime);
    const group = 1700 + 2 * (50 - 20);
    const bonus = lines.reduce(
      (s, l) =>
        s +
        linePayout(
          k3,
          { ...l, amountMinor: parseMoney(l.bettingAmount), prizeGroup: group, bettingCount: l.bettingCount },
          draw,
        ),
      0n,
    );
    expect(await balance(player)).toBe(pBefore + bonus + (stake * 20n) / 1000n);
    // B: K3 6.0 over P's 5.0; A: K3 7.0 over B's 6.0 (their single figures, 7.0 and 8.0, not used)
    expect((await balance(agentB)) - bBefore).toBe((stake * 10n) / 1000n);
    expect((await balance(agentA)) - aBefore).toBe((stake * 10n) / 1000n);
    const paid = await queryRows<{ code: string; amount: string }>(
      db,
      sql`SELECT a.code, sum(e.amount_minor)::text AS amount FROM ledger_entry e
          JOIN ledger_txn t ON t.id = e.txn_id JOIN wallet_account a ON a.id = e.account_id
          WHERE t.type_code = 204 AND a.code IN (${AccountCodes.player(agentA.userId)}, ${AccountCodes.player(agentB.userId)})
          GROUP BY a.code ORDER BY a.code`,
    );
    expect(paid.map((r) => BigInt(r.amount))).toEqual([(stake * 10n) / 1000n, (stake * 10n) / 1000n]);
    expect((await auditLedger(db)).ok).toBe(true);
  });
});
