import { yuan } from '@lottery/contract/money';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { queryOne } from '../../db/sql';
import { testApp } from '../../test/app';
import { newPlayer } from '../betting/testing';
import { auditLedger } from '../wallet/index';
import { bonusFor, tierFor } from './centre';
import { createActivity, createEnvelope } from './index';
import { type Player, playerCalls } from './testing';

/**
 * The activity centre and activity red envelopes through the app: the list and content (HTML
 * sanitised), the daily bonus on yesterday's settled turnover by tier (206), the turnover reward
 * (207), activity red envelopes (214): each paid once, with a turnover requirement, refused out of
 * time, below the grade, twice or to a visitor. Under `--project server-pg` the concurrent claims
 * really run in parallel on PostgreSQL.
 */

let app: FastifyInstance;
let clock: ManualClock;
const DAY_MS = 86_400_000;

const { get, post, balance, ledgerCount } = playerCalls(() => app);
let bets = 0;
/** A bet settled (lost) at `settledAt`, as settlement leaves it. */
async function settledBet(p: Player, yuanAmount: number, settledAt: number) {
  const key = `centre${++bets}`;
  await app.ctx.db.execute(sql`INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code,
    issue, amount_minor, user_rebate_tenths, point_tenths, state, created_at, settled_at)
    VALUES (${p.tenantId}, ${p.userId}, ${`${key}u${p.userId}`}, ${key}, 'JSK3', '20260301001',
      ${yuan(yuanAmount)}, 0, 0, 2, ${settledAt - 60_000}, ${settledAt})`);
}

let tenantId: number;
let dailyId: number;
let rewardId: number;
let articleId: number;
let futureId: number;
let vipOnlyId: number;

beforeAll(async () => {
  const t = await testApp();
  app = t.app;
  clock = t.clock;
  // 2026-03-10 12:00 Beijing
  clock.set(Date.UTC(2026, 2, 10, 4, 0));
  const now = clock.now();
  tenantId = (await app.ctx.tenant.get())!.id;
  const db = app.ctx.db;
  const common = {
    summary: '',
    imageUrl: '/static/banners/daily-bonus.svg',
    startAt: now - 5 * DAY_MS,
    endAt: now + 30 * DAY_MS,
  };
  dailyId = await createActivity(
    db,
    tenantId,
    {
      ...common,
      title: '测试加奖',
      html: '<p>加奖</p>',
      kind: 'daily_bonus',
      sortOrder: -3,
      rates: [
        { minTurnoverMinor: yuan(100), rateBp: 30 },
        { minTurnoverMinor: yuan(1_000), rateBp: 50 },
      ],
    },
    now,
  );
  rewardId = await createActivity(
    db,
    tenantId,
    {
      ...common,
      title: '测试闯关',
      html: '<p>闯关</p>',
      kind: 'turnover_reward',
      thresholdMinor: yuan(500),
      rewardMinor: yuan(18),
      sortOrder: -2,
    },
    now,
  );
  articleId = await createActivity(
    db,
    tenantId,
    {
      ...common,
      title: '测试说明',
      html: '<p onclick="steal()">说明<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
      kind: 'article',
      sortOrder: -1,
    },
    now,
  );
  futureId = await createActivity(
    db,
    tenantId,
    {
      ...common,
      title: '未来闯关',
      html: '<p>x</p>',
      kind: 'turnover_reward',
      thresholdMinor: 1n,
      rewardMinor: yuan(1),
      startAt: now + DAY_MS,
    },
    now,
  );
  vipOnlyId = await createActivity(
    db,
    tenantId,
    {
      ...common,
      title: 'VIP3闯关',
      html: '<p>x</p>',
      kind: 'turnover_reward',
      thresholdMinor: 1n,
      rewardMinor: yuan(1),
      minGrade: 3,
    },
    now,
  );
});

describe('tiers', () => {
  it('picks the highest tier reached and rounds the bonus down to a cent', () => {
    const rates = [
      { minTurnoverMinor: yuan(100), rateBp: 30 },
      { minTurnoverMinor: yuan(1_000), rateBp: 50 },
    ];
    expect(tierFor(yuan(99), rates)).toBeUndefined();
    expect(tierFor(yuan(100), rates)?.rateBp).toBe(30);
    expect(tierFor(yuan(5_000), rates)?.rateBp).toBe(50);
    // 333.33 yuan × 0.3% = 0.99999 -> 0.99
    expect(bonusFor(3_333_300n, 30)).toBe(9_900n);
  });
});

describe('activity list and content', () => {
  it('lists enabled activities in the operator order with their state, for visitors too', async () => {
    const list = await get(null, 'activity/getActivityList');
    expect(list.code).toBe(1);
    const rows = (list.data as { rows: { id: number; state: number; kind: string }[] }).rows;
    const ours = rows.filter((r) => [dailyId, rewardId, articleId, futureId, vipOnlyId].includes(r.id));
    expect(ours.map((r) => r.id).slice(0, 3)).toEqual([dailyId, rewardId, articleId]);
    expect(ours.find((r) => r.id === futureId)?.state).toBe(2);
    expect(ours.find((r) => r.id === dailyId)).toMatchObject({ state: 1, kind: 'daily_bonus' });
  });

  it('serves the HTML sanitised, no claim for a visitor, and 活动不存在 for an unknown id', async () => {
    const content = await get(null, `activity/getActivityContent?activityId=${articleId}`);
    const html = (content.data as { content: string }).content;
    expect(html).toContain('说明');
    expect(html).not.toMatch(/onclick|<script|javascript:/i);
    expect((content.data as { claim: unknown }).claim).toBeNull();
    expect(await get(null, 'activity/getActivityContent?activityId=999999')).toMatchObject({
      code: -2,
      msg: '活动不存在',
    });
    expect(await get(null, 'activity/getActivityContent?activityId=abc')).toMatchObject({ code: -2 });
  });

  it('refuses visitors, articles, activities out of time and below the grade, paying nothing', async () => {
    const p = await newPlayer(app, 0);
    expect((await post(null, 'activity/receiveActivity', { activityId: rewardId })).code).toBe(0);
    expect(await post(p, 'activity/receiveActivity', { activityId: articleId })).toMatchObject({
      msg: '该活动无需领取',
    });
    expect(await post(p, 'activity/receiveActivity', { activityId: futureId })).toMatchObject({
      msg: '活动未开始',
    });
    expect(await post(p, 'activity/receiveActivity', { activityId: vipOnlyId })).toMatchObject({
      msg: 'VIP3及以上等级才能参加该活动',
    });
    expect(await balance(p)).toBe(0n);
  });
});

describe('daily bonus (每日加奖, 206)', () => {
  it("pays yesterday's settled turnover at its tier once per day, and a new day pays the next", async () => {
    const p = await newPlayer(app, 0);
    const todayStart = Date.UTC(2026, 2, 9, 16, 0); // 2026-03-10 00:00 Beijing
    expect((await get(p, 'activity/getEveryDayBonus')).data).toMatchObject({
      state: 0,
      reason: '昨日投注未达到加奖标准',
      day: '2026-03-09',
    });
    await settledBet(p, 1_200, todayStart - 3_600_000); // yesterday
    await settledBet(p, 50, todayStart + 3_600_000); // today: counts tomorrow
    expect((await get(p, `activity/getEveryDayBonus?activityId=${dailyId}`)).data).toMatchObject({
      activityId: dailyId,
      state: 1,
      base: '1200.00',
      target: '1000.00',
      rate: '0.50',
      amount: '6.00',
    });
    expect((await get(null, `activity/getRewardRate?activityId=${dailyId}`)).data).toEqual({
      activityId: dailyId,
      rows: [
        { turnover: '100.00', rate: '0.30' },
        { turnover: '1000.00', rate: '0.50' },
      ],
    });
    expect(await post(p, 'activity/receiveActivity', { activityId: dailyId })).toMatchObject({
      code: 1,
      msg: '领取成功',
      data: { amount: '6.00', balance: '6.00' },
    });
    expect(await post(p, 'activity/receiveActivity', { activityId: dailyId })).toMatchObject({
      code: -2,
      msg: '您已领取过该奖励',
    });
    expect(await balance(p)).toBe(yuan(6));
    expect(await ledgerCount(p, 206)).toBe(1);
    const requirement = await queryOne<{ required_minor: string }>(
      app.ctx.db,
      sql`SELECT required_minor::text FROM withdraw_flow_requirement WHERE user_id = ${p.userId} AND source_kind = 'activity'`,
    );
    expect(requirement?.required_minor).toBe(String(yuan(6)));
  });

  it('pays once under concurrent claims', async () => {
    const p = await newPlayer(app, 0);
    await settledBet(p, 100, Date.UTC(2026, 2, 9, 15, 0));
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => post(p, 'activity/receiveActivity', { activityId: dailyId })),
    );
    expect(replies.filter((r) => r.code !== 1).map((r) => r.msg)).toEqual(Array(9).fill('您已领取过该奖励'));
    expect(await balance(p)).toBe(3_000n); // 100 × 0.3%
    expect(await ledgerCount(p, 206)).toBe(1);
    expect((await auditLedger(app.ctx.db)).ok).toBe(true);
  });
});

describe('turnover reward (207)', () => {
  it('pays the reward once the turnover settled during the activity reaches the threshold', async () => {
    const p = await newPlayer(app, 0);
    await settledBet(p, 300, clock.now() - 3_600_000);
    const before = await get(p, `activity/getActivityContent?activityId=${rewardId}`);
    expect((before.data as { claim: unknown }).claim).toMatchObject({
      state: 0,
      base: '300.00',
      target: '500.00',
      amount: '18.00',
      reason: '活动期间投注未达到领取要求',
    });
    expect(await post(p, 'activity/receiveActivity', { activityId: rewardId })).toMatchObject({
      msg: '活动期间投注未达到领取要求',
    });
    await settledBet(p, 200, clock.now() - 60_000);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => post(p, 'activity/receiveActivity', { activityId: rewardId })),
    );
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    expect(await balance(p)).toBe(yuan(18));
    expect(await ledgerCount(p, 207)).toBe(1);
    expect(
      ((await get(p, `activity/getActivityContent?activityId=${rewardId}`)).data as { claim: unknown }).claim,
    ).toMatchObject({
      state: 2,
    });
    // once the activity has ended, the player still sees his claim, not 活动已结束
    await app.ctx.db.execute(sql`UPDATE activity SET end_at = ${clock.now() - 1} WHERE id = ${rewardId}`);
    try {
      const ended = await get(p, `activity/getActivityContent?activityId=${rewardId}`);
      expect((ended.data as { claim: unknown }).claim).toMatchObject({
        state: 2,
        amount: '18.00',
        base: '500.00',
      });
      const q = await newPlayer(app, 0);
      const late = await get(q, `activity/getActivityContent?activityId=${rewardId}`);
      expect((late.data as { claim: unknown }).claim).toMatchObject({
        state: 0,
        reason: '活动已结束',
        target: '500.00',
        amount: '18.00',
      });
    } finally {
      await app.ctx.db.execute(
        sql`UPDATE activity SET end_at = ${clock.now() + 30 * DAY_MS} WHERE id = ${rewardId}`,
      );
    }
  });
});

describe('activity red envelopes (214)', () => {
  it('counts what a player can grab, pays each player one share, and the shares sum to the total', async () => {
    const now = clock.now();
    const poolId = await createEnvelope(
      app.ctx.db,
      tenantId,
      {
        title: '测试红包',
        remark: '',
        totalMinor: yuan(10),
        count: 5,
        startAt: now - DAY_MS,
        endAt: now + DAY_MS,
      },
      now,
    );
    const players = await Promise.all(Array.from({ length: 7 }, () => newPlayer(app, 0)));
    expect(await get(null, 'activity/getActivityRedEnvelopeNumber')).toMatchObject({ code: 1, data: 0 });
    const countBefore = (await get(players[0]!, 'activity/getActivityRedEnvelopeNumber'))
      .data as unknown as number;
    expect(countBefore).toBeGreaterThanOrEqual(1);

    // 7 players grab 5 shares at once, player 0 three times over
    const grabs = await Promise.all(
      [...players, players[0]!, players[0]!].map((p) =>
        post(p, 'activity/receiveRedEnvelope', { activityId: poolId }),
      ),
    );
    const paid = grabs.filter((g) => g.code === 1);
    expect(paid).toHaveLength(5);
    expect(
      grabs
        .filter((g) => g.code !== 1)
        .every((g) => ['红包已抢光', '您已领取过该红包'].includes(g.msg as string)),
    ).toBe(true);
    const balances = await Promise.all(players.map(balance));
    expect(balances.reduce((a, b) => a + b, 0n)).toBe(yuan(10));
    expect(balances.every((b) => b === 0n || b >= 100n)).toBe(true);
    expect((await auditLedger(app.ctx.db)).ok).toBe(true);

    const detail = await get(players[0]!, `activity/getActivityRedEnvelopeFrontList?activityId=${poolId}`);
    const data = detail.data as {
      rows: { state: number; leftCount: number; receivedAmount: string }[];
      grabs: { userName: string }[];
    };
    expect(data.rows[0]!.leftCount).toBe(0);
    // 已领取5/5个，共10.00/10.00元: every share taken, summed on the server
    expect(data.rows[0]!.receivedAmount).toBe('10.00');
    expect(data.grabs).toHaveLength(5);
    expect(data.grabs.every((g) => g.userName.includes('***'))).toBe(true);
    expect((await get(players[0]!, 'activity/getActivityRedEnvelopeNumber')).data).toBe(countBefore - 1);
  });

  it('refuses envelopes not started, ended, below the grade, and visitors', async () => {
    const now = clock.now();
    const make = (over: Partial<Parameters<typeof createEnvelope>[2]>) =>
      createEnvelope(
        app.ctx.db,
        tenantId,
        {
          title: '测试',
          remark: '',
          totalMinor: yuan(1),
          count: 1,
          startAt: now - DAY_MS,
          endAt: now + DAY_MS,
          ...over,
        },
        now,
      );
    const later = await make({ startAt: now + DAY_MS, endAt: now + 2 * DAY_MS });
    const ended = await make({ startAt: now - 2 * DAY_MS, endAt: now - DAY_MS });
    const vip = await make({ minGrade: 4 });
    const p = await newPlayer(app, 0);
    expect(await post(p, 'activity/receiveRedEnvelope', { activityId: later })).toMatchObject({
      msg: '红包活动未开始',
    });
    expect(await post(p, 'activity/receiveRedEnvelope', { activityId: ended })).toMatchObject({
      msg: '红包活动已结束',
    });
    expect(await post(p, 'activity/receiveRedEnvelope', { activityId: vip })).toMatchObject({
      msg: 'VIP4及以上等级才能参加该活动',
    });
    expect((await post(null, 'activity/receiveRedEnvelope', { activityId: vip })).code).toBe(0);
    expect(await post(p, 'activity/receiveRedEnvelope', { activityId: 999_999 })).toMatchObject({
      msg: '红包不存在',
    });
    expect(await balance(p)).toBe(0n);
    const list = await get(p, 'activity/getActivityRedEnvelopeFrontList');
    const states = new Map(
      (list.data as { rows: { id: number; state: number }[] }).rows.map((r) => [r.id, r.state]),
    );
    expect([states.get(later), states.get(ended), states.get(vip)]).toEqual([4, 5, 6]);
  });
});
