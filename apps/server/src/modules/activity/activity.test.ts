import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { queryOne, queryRows } from '../../db/sql';
import { form, passwordDigest, sessionCookie, testApp } from '../../test/app';
import { newPlayer } from '../betting/testing';
import { auditLedger, houseAccount, playerAccount, postTransfer } from '../wallet/index';
import { type Player, playerCalls } from './testing';

/**
 * activity/* through the app: sign-in once per Beijing day with streaks, the VIP ladder, upgrade
 * bonuses paid once per grade, every payment on the ledger (215, 219) with a turnover requirement.
 * Under `--project server-pg` the concurrent calls really run in parallel on PostgreSQL.
 */

let app: FastifyInstance;
let clock: ManualClock;
const DAY_MS = 86_400_000;

const { get, post, balance, ledgerCount: txnCount } = playerCalls(() => app);
/** A new session after the clock jumped past the idle expiry. */
async function relogin(p: Player) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/login',
    ...form({ userName: p.userName, password: passwordDigest(p.userName, 'Secret@2026'), random: 'r1' }),
  });
  p.cookie = sessionCookie(res);
}
let deposits = 0;
/** A completed deposit as the ledger books it (code 103, Alipay). */
async function deposit(p: Player, yuanAmount: number) {
  const amount = BigInt(yuanAmount) * 10_000n;
  await postTransfer(
    app.ctx.db,
    {
      idempotencyKey: `test-deposit:${p.userId}:${++deposits}`,
      typeCode: 103,
      lines: [
        { accountId: await houseAccount(app.ctx.db, p.tenantId, p.userId), amountMinor: -amount },
        { accountId: await playerAccount(app.ctx.db, p.tenantId, p.userId), amountMinor: amount },
      ],
    },
    clock.now(),
  );
}

beforeAll(async () => {
  const t = await testApp();
  app = t.app;
  clock = t.clock;
  // 2026-01-15 23:30 Beijing: half an hour before the day turns
  clock.set(Date.UTC(2026, 0, 15, 15, 30));
});

describe('daily sign-in', () => {
  it('pays the streak reward once per Beijing day, continues from yesterday and resets after a gap', async () => {
    const p = await newPlayer(app, 0);
    const before = await get(p, 'activity/getDailySignStatus');
    expect(before.code).toBe(1);
    expect(before.data).toMatchObject({ isSign: 0, continuousDays: 0, todayAmount: '1.00', todayDay: 1 });
    expect((before.data!.rewards as unknown[]).length).toBe(7);

    const first = await post(p, 'activity/signToday');
    expect(first).toMatchObject({
      code: 1,
      msg: '签到成功',
      data: { amount: '1.00', continuousDays: 1, balance: '1.00' },
    });
    const again = await post(p, 'activity/signToday');
    expect(again).toMatchObject({ code: -2, msg: '今日已签到，请明天再来' });
    expect(await balance(p)).toBe(10_000n);
    expect(await get(p, 'activity/getDailySignStatus')).toMatchObject({
      data: { isSign: 1, continuousDays: 1, todayAmount: '0.00', totalAmount: '1.00' },
    });

    // 00:10 Beijing next day: a new day, streak 2
    clock.advance(40 * 60_000);
    expect((await get(p, 'activity/getDailySignStatus')).data).toMatchObject({
      isSign: 0,
      continuousDays: 1,
      todayAmount: '2.00',
    });
    expect(await post(p, 'activity/signToday')).toMatchObject({
      code: 1,
      data: { amount: '2.00', continuousDays: 2 },
    });

    // skip a day: the streak starts again at 1
    clock.advance(DAY_MS);
    await relogin(p);
    expect((await get(p, 'activity/getDailySignStatus')).data).toMatchObject({
      isSign: 0,
      continuousDays: 2,
    });
    clock.advance(DAY_MS);
    await relogin(p);
    expect((await get(p, 'activity/getDailySignStatus')).data).toMatchObject({
      continuousDays: 0,
      todayAmount: '1.00',
    });
    expect(await post(p, 'activity/signToday')).toMatchObject({
      code: 1,
      data: { amount: '1.00', continuousDays: 1 },
    });

    expect(await balance(p)).toBe(40_000n);
    expect(await txnCount(p, 215)).toBe(3);
    const reqs = await queryRows<{ required_minor: string }>(
      app.ctx.db,
      sql`SELECT required_minor::text FROM withdraw_flow_requirement WHERE user_id = ${p.userId} AND source_kind = 'sign'`,
    );
    expect(reqs.map((r) => BigInt(r.required_minor)).sort()).toEqual([10_000n, 10_000n, 20_000n]);
  });

  it('pays one reward when the same player signs many times at once', async () => {
    const p = await newPlayer(app, 0);
    const replies = await Promise.all(Array.from({ length: 12 }, () => post(p, 'activity/signToday')));
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.code === -2).every((r) => r.msg === '今日已签到，请明天再来')).toBe(true);
    expect(await balance(p)).toBe(10_000n);
    expect(await txnCount(p, 215)).toBe(1);
    expect((await auditLedger(app.ctx.db)).ok).toBe(true);
  });

  it('refuses callers without a session', async () => {
    expect((await post(null, 'activity/signToday')).code).toBe(0);
    expect((await get(null, 'activity/getDailySignStatus')).code).toBe(0);
  });
});

describe('VIP growth and upgrade bonuses', () => {
  it('lists the ten grades with the spec names', async () => {
    const reply = await get(null, 'activity/getUpgradeConfig');
    const grades = (reply.data as { grades: { grade: number; gradeName: string }[] }).grades;
    expect(grades.map((g) => g.grade)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(grades[0]!.gradeName).toBe('青铜');
    expect(grades[9]!.gradeName).toBe('彩神');
  });

  it('grows with deposits and settled bets, pays each reached grade once and raises users.grade', async () => {
    const p = await newPlayer(app, 0);
    expect(await get(p, 'activity/getUserUpGradeBonus')).toMatchObject({
      data: {
        state: 0,
        isBan: 0,
        userGrade: 1,
        gradeName: '青铜',
        nextGrade: 2,
        nextGrowth: '1000.00',
        progress: 0,
      },
    });
    expect(await post(p, 'activity/receiveUpGradeBonus')).toMatchObject({
      code: -2,
      msg: '暂无可领取的晋级奖励',
    });

    await deposit(p, 600);
    // a settled (lost) bet of 400 yuan and a pending one that does not count yet
    for (const [state, key] of [
      [2, 'a'],
      [0, 'b'],
    ] as const) {
      await app.ctx.db.execute(sql`INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code, issue,
        amount_minor, user_rebate_tenths, point_tenths, state, created_at, settled_at)
        VALUES (${p.tenantId}, ${p.userId}, ${`vip${p.userId}${key}`}, ${key}, 'JSK3', '20260115001', 4000000, 0, 0,
          ${state}, ${clock.now()}, ${state === 0 ? null : clock.now()})`);
    }
    const standing = await get(p, 'activity/getUserUpGradeBonus');
    expect(standing.data).toMatchObject({
      state: 1,
      userGrade: 2,
      gradeName: '白银',
      growth: '1000.00',
      turnover: '400.00',
      deposit: '600.00',
      nextGrade: 3,
      claimable: [{ grade: 2, bonus: '8.00' }],
      claimableAmount: '8.00',
    });
    const stored = await queryOne<{ grade: number }>(
      app.ctx.db,
      sql`SELECT grade FROM users WHERE id = ${p.userId}`,
    );
    expect(stored!.grade).toBe(2);

    const before = await balance(p);
    expect(await post(p, 'activity/receiveUpGradeBonus')).toMatchObject({
      code: 1,
      data: { grades: [2], amount: '8.00' },
    });
    expect(await post(p, 'activity/receiveUpGradeBonus')).toMatchObject({
      code: -2,
      msg: '暂无可领取的晋级奖励',
    });
    expect(await balance(p)).toBe(before + 80_000n);
    expect(await txnCount(p, 219)).toBe(1);
    expect((await get(p, 'activity/getUserUpGradeBonus')).data).toMatchObject({
      state: 0,
      claimed: [{ grade: 2 }],
    });

    // jumping two grades at once pays both
    await deposit(p, 19_000);
    expect(await post(p, 'activity/receiveUpGradeBonus')).toMatchObject({
      code: 1,
      data: { grades: [3, 4], amount: '76.00' },
    });
    expect(await txnCount(p, 219)).toBe(3);
    const vipReqs = await queryOne<{ n: string }>(
      app.ctx.db,
      sql`SELECT count(*)::text AS n FROM withdraw_flow_requirement WHERE user_id = ${p.userId} AND source_kind = 'vip'`,
    );
    expect(Number(vipReqs!.n)).toBe(3);
  });

  it('pays a grade once under concurrent claims', async () => {
    const p = await newPlayer(app, 0);
    await deposit(p, 5_000);
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => post(p, 'activity/receiveUpGradeBonus')),
    );
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    expect(await balance(p)).toBe(50_000_000n + 260_000n);
    expect(await txnCount(p, 219)).toBe(2);
    expect((await auditLedger(app.ctx.db)).ok).toBe(true);
  });

  it('keeps test-group accounts out of the ladder', async () => {
    const p = await newPlayer(app, 0);
    await app.ctx.db.execute(sql`UPDATE users SET grade = -1 WHERE id = ${p.userId}`);
    await deposit(p, 5_000);
    expect(await get(p, 'activity/getUserUpGradeBonus')).toMatchObject({
      data: { isBan: 1, state: 0, userGrade: -1 },
    });
    expect(await post(p, 'activity/receiveUpGradeBonus')).toMatchObject({
      code: -2,
      msg: '您的账号暂不能领取晋级奖励',
    });
    expect(await txnCount(p, 219)).toBe(0);
  });
});
