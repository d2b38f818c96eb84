import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { queryOne, queryRows } from '../../db/sql';
import { testApp } from '../../test/app';
import { AccountCodes, auditLedger, balanceOf } from '../wallet/index';
import { beijingDay, runYuebaoDaily, YuebaoAccountCodes } from './index';
import {
  relogin,
  requestKey,
  saver,
  transferIn,
  transferOut,
  wire,
  type YuebaoPlayer,
  yGet,
  yPost,
} from './testing';

/**
 * Yuebao through the app (docs/yuebao.md): transfers with the safety password, exact and
 * idempotent; the daily accrual over a simulated month against a table computed by hand (outside
 * this code); catch-up after downtime, a second run and a crash mid-accrual paying each day once;
 * pledges created, capped, cancelled with the penalty, matured and renewed; the ledger audit holds
 * throughout. Under `--project server-pg` the concurrent calls really race on PostgreSQL.
 */

let app: FastifyInstance;
let clock: ManualClock;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-01-15 00:00 Beijing (the seed's clock is 12:00 that day: yuebao start_day). */
const D0 = Date.UTC(2026, 0, 14, 16, 0);
const at = (day: number, hour: number, minute = 0) => D0 + day * DAY + hour * HOUR + minute * 60_000;

const savings = (p: YuebaoPlayer) => balanceOf(app.ctx.db, p.tenantId, YuebaoAccountCodes.savings(p.userId));
const wallet = (p: YuebaoPlayer) => balanceOf(app.ctx.db, p.tenantId, AccountCodes.player(p.userId));
const pledged = (p: YuebaoPlayer) => balanceOf(app.ctx.db, p.tenantId, YuebaoAccountCodes.pledge(p.userId));
const audit = async () => expect((await auditLedger(app.ctx.db)).ok).toBe(true);
const daily = () => runYuebaoDaily(app.ctx.db, clock.now());
async function moveTo(ms: number, players: YuebaoPlayer[]) {
  clock.set(ms);
  for (const p of players) await relogin(app, p);
}

beforeAll(async () => {
  const t = await testApp();
  app = t.app;
  clock = t.clock;
  clock.set(at(0, 12));
});

/**
 * [day, principal held all day, interest] in minor units (1 yuan = 10000) at 3.65 %: interest =
 * floor(principal × 36500 / 365,000,000) = floor(principal / 10000). Computed independently of the
 * implementation. Moves: d0 12:00 in 10000; d3 out 5000; d4 out 2000 then in 7000; d15 out 1000
 * (while days 11-14 are still unpaid: the job is down d11-d20); d22 in 12.34.
 */
const MONTH: [number, bigint, bigint][] = [
  [1, 100000000n, 10000n],
  [2, 100010000n, 10001n],
  [3, 50020001n, 5002n],
  [4, 30025003n, 3002n],
  [5, 100028005n, 10002n],
  [6, 100038007n, 10003n],
  [7, 100048010n, 10004n],
  [8, 100058014n, 10005n],
  [9, 100068019n, 10006n],
  [10, 100078025n, 10007n],
  [11, 100088032n, 10008n],
  [12, 100098040n, 10009n],
  [13, 100108049n, 10010n],
  [14, 100118059n, 10011n],
  [15, 90128070n, 9012n],
  [16, 90137082n, 9013n],
  [17, 90146095n, 9014n],
  [18, 90155109n, 9015n],
  [19, 90164124n, 9016n],
  [20, 90173140n, 9017n],
  [21, 90182157n, 9018n],
  [22, 90191175n, 9019n],
  [23, 90323594n, 9032n],
  [24, 90332626n, 9033n],
  [25, 90341659n, 9034n],
  [26, 90350693n, 9035n],
  [27, 90359728n, 9035n],
  [28, 90368763n, 9036n],
  [29, 90377799n, 9037n],
];
const MONTH_FINAL_MINOR = 90386836n;

describe('savings over a month', () => {
  it('accrues daily on money held a full day, catches up after downtime, and matches the table', async () => {
    const p = await saver(app, 20_000);
    expect((await transferIn(app, p, '10000')).code).toBe(1);
    for (let d = 1; d <= 29; d++) {
      // the job is down from day 11 to day 20; at day 21 00:05 one run pays days 10..20 in order
      if (d <= 11 || d >= 21) {
        await moveTo(at(d, 0, 5), [p]);
        await daily();
      }
      await moveTo(at(d, 12), [p]);
      if (d === 3) expect((await transferOut(app, p, '5000')).code).toBe(1);
      if (d === 4) {
        expect((await transferOut(app, p, '2000')).code).toBe(1);
        expect((await transferIn(app, p, '7000')).code).toBe(1);
      }
      if (d === 15) expect((await transferOut(app, p, '1000')).code).toBe(1);
      if (d === 22) expect((await transferIn(app, p, '12.34')).code).toBe(1);
    }
    await moveTo(at(30, 0, 5), [p]);
    await daily();
    const rows = await queryRows<{ day: number; principal_minor: string; interest_minor: string }>(
      app.ctx.db,
      sql`SELECT day, principal_minor::text, interest_minor::text FROM yuebao_accrual WHERE user_id = ${p.userId} ORDER BY day`,
    );
    const d0 = beijingDay(at(0, 12));
    expect(rows.map((r) => [r.day - d0, BigInt(r.principal_minor), BigInt(r.interest_minor)])).toEqual(MONTH);
    expect(await savings(p)).toBe(MONTH_FINAL_MINOR);
    // wallet: 20000 - 10000 + 5000 + 2000 - 7000 + 1000 - 12.34
    expect(await wallet(p)).toBe(109_876_600n);

    const info = await yGet(app, p, 'balance/getMyYuebaoInfo');
    expect(info.data).toMatchObject({
      yuebaoBalance: '9038.6836',
      yesterdayInterest: '0.9037',
      annualRate: '3.65',
      per10kDaily: '1.0000',
    });
    const logs = await yGet(app, p, 'virtualWallet/getMyYuebaoBalanceLogs', { period: 'sevenDays' });
    expect(logs.data).toMatchObject({ total: 6, periodInterest: '5.4210' });
    const tran = await yGet(app, p, 'balance/getMyYuebaoTranLogs', { period: 'thirtyDays', pageSize: 100 });
    const codes = (tran.data!.rows as { typeCode: number }[]).map((r) => r.typeCode);
    expect(codes.filter((c) => c === 216)).toHaveLength(29);
    // the first transfer in (day 0) is older than thirty days
    expect(codes.filter((c) => c === 306)).toHaveLength(2);
    expect(codes.filter((c) => c === 110)).toHaveLength(3);
    await audit();
  });

  it('pays a day once when the job runs twice or concurrently, and resumes after a crash mid-accrual', async () => {
    const p = await saver(app, 1_000);
    expect((await transferIn(app, p, '1000')).code).toBe(1);
    // the day p transferred in pays nothing; the next one pays 0.1000
    await moveTo(at(31, 0, 5), [p]); // day 30 pays, but not p: p moved its money in on day 30
    const day30 = await Promise.all([daily(), daily(), daily()]);
    expect(day30.flatMap((r) => r.days)).toHaveLength(1);
    await moveTo(at(32, 0, 5), [p]);
    // crash: the day's final bookkeeping statement fails once, after the interest was posted
    await app.ctx.db.execute(sql`CREATE FUNCTION yuebao_test_crash() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated crash'; END; $$`);
    await app.ctx.db.execute(sql`CREATE TRIGGER yuebao_test_crash BEFORE UPDATE ON yuebao_accrual_day
      FOR EACH ROW EXECUTE FUNCTION yuebao_test_crash()`);
    await expect(daily()).rejects.toThrow();
    expect(await savings(p)).toBe(10_000_000n);
    const none = await queryOne<{ n: string }>(
      app.ctx.db,
      sql`SELECT count(*)::text AS n FROM yuebao_accrual_day WHERE day = ${beijingDay(at(31, 12))}`,
    );
    expect(none!.n).toBe('0');
    await app.ctx.db.execute(sql`DROP TRIGGER yuebao_test_crash ON yuebao_accrual_day`);
    await app.ctx.db.execute(sql`DROP FUNCTION yuebao_test_crash()`);
    expect((await daily()).days).toHaveLength(1);
    expect((await daily()).days).toHaveLength(0);
    expect(await savings(p)).toBe(10_001_000n);
    await audit();
  });
});

describe('transfers', () => {
  it('refuses bad amounts with clear errors and needs the safety password', async () => {
    const p = await saver(app, 100);
    const send = (amount: string, path = 'balance/transferInYuebao') =>
      yPost(app, p, path, { amount, safetyPassword: wire(app, p), requestId: requestKey() });
    expect(await send('0')).toMatchObject({ code: -110002, msg: '提交金额不符，金额须大于0' });
    expect(await send('1.234')).toMatchObject({ code: -2, msg: '金额格式不正确' });
    expect(await send('-5')).toMatchObject({ code: -2, msg: '金额格式不正确' });
    expect(await send('abc')).toMatchObject({ code: -2 });
    expect(await send('0.50')).toMatchObject({ code: -110002, msg: '提交金额不符，单笔最低转入1.00元' });
    expect(await send('2000000')).toMatchObject({
      code: -110002,
      msg: '提交金额不符，单笔最高转入1000000.00元',
    });
    expect(await send('101')).toMatchObject({ code: -2001, msg: '余额不足' });
    expect(
      await yPost(app, p, 'balance/transferInYuebao', {
        amount: '10',
        safetyPassword: wire(app, p, '111222'),
      }),
    ).toMatchObject({ code: -1 });
    expect(await yPost(app, p, 'balance/transferInYuebao', { amount: '10' })).toMatchObject({ code: -2 });
    expect(await send('60.5')).toMatchObject({
      code: 1,
      msg: '转入成功',
      data: { yuebaoBalance: '60.5000', balance: '39.50' },
    });
    expect(await send('60.51', 'balance/transferOutYuebao')).toMatchObject({
      code: -110002,
      msg: '提交金额不符，余额宝可转出余额为60.50元',
    });
    expect(await send('0.01', 'balance/transferOutYuebao')).toMatchObject({ code: 1, msg: '转出成功' });
    expect(await savings(p)).toBe(604_900n);
    expect(await wallet(p)).toBe(395_100n);
    await audit();
  });

  it('applies a request id once, and refuses it with another amount', async () => {
    const p = await saver(app, 100);
    const key = requestKey();
    const first = await transferIn(app, p, '10', key);
    const again = await transferIn(app, p, '10', key);
    expect(first.data).toMatchObject({ replayed: false });
    expect(again).toMatchObject({ code: 1, data: { replayed: true, yuebaoBalance: '10.0000' } });
    expect(await transferIn(app, p, '11', key)).toMatchObject({
      code: -110002,
      msg: '提交金额不符，请勿重复提交',
    });
    expect(await savings(p)).toBe(100_000n);
  });

  it('never creates or loses money under concurrent transfers of one saver', async () => {
    const p = await saver(app, 1_000);
    expect((await transferIn(app, p, '500')).code).toBe(1);
    // 30 outs of 50 race 10 ins of 20 and 10 copies of one key; at most 500 + 200 can leave
    const key = requestKey();
    const replies = await Promise.all([
      ...Array.from({ length: 30 }, () => transferOut(app, p, '50')),
      ...Array.from({ length: 10 }, () => transferIn(app, p, '20')),
      ...Array.from({ length: 10 }, () => transferIn(app, p, '7', key)),
    ]);
    const outs = replies.slice(0, 30).filter((r) => r.code === 1).length;
    const ins = replies.slice(30, 40).filter((r) => r.code === 1).length;
    const keyed = replies.slice(40).filter((r) => r.code === 1);
    expect(ins).toBe(10);
    expect(keyed.filter((r) => r.data!.replayed === false)).toHaveLength(1);
    expect(replies.slice(0, 30).every((r) => r.code === 1 || r.code === -110002)).toBe(true);
    const expectedSavings = (500n + 200n + 7n - 50n * BigInt(outs)) * 10_000n;
    expect(await savings(p)).toBe(expectedSavings);
    expect(await wallet(p)).toBe(10_000_000n - expectedSavings);
    expect(outs).toBeGreaterThanOrEqual(10); // 500 was there before any out
    await audit();
  });
});

describe('pledges', () => {
  const products = async (p: YuebaoPlayer) =>
    (await yGet(app, p, 'virtualWallet/getPledgeProducts')).data as unknown as {
      id: number;
      name: string;
      termDays: number;
      maxOrders: number;
    }[];
  const create = (
    p: YuebaoPlayer,
    productId: number,
    amount: string,
    autoRenew = 0,
    requestId = requestKey(),
  ) =>
    yPost(app, p, 'virtualWallet/createYuebaoPledgeOrder', {
      productId,
      amount,
      autoRenew,
      safetyPassword: wire(app, p),
      requestId,
    });

  it('creates within limits and the cap, cancels with the penalty, matures and renews', async () => {
    const p = await saver(app, 10_000);
    const list = await products(p);
    expect(list.map((x) => x.name)).toEqual(['7天质押', '30天质押', '90天质押']);
    const week = list[0]!.id;
    expect(await create(p, week, '99.99')).toMatchObject({
      code: -110002,
      msg: '提交金额不符，该产品最低质押100.00元',
    });
    expect(await create(p, week, '100001')).toMatchObject({ code: -110002 });
    expect(await create(p, 999_999, '100')).toMatchObject({ code: -3, msg: '该质押产品暂不可用' });
    const a = await create(p, week, '1000', 0);
    expect(a).toMatchObject({
      code: 1,
      msg: '质押成功',
      data: { balance: '9000.00', order: { state: 1, profit: '0.9589' } },
    });
    const b = await create(p, week, '2000', 1);
    const c = await create(p, week, '100', 0);
    expect([b.code, c.code]).toEqual([1, 1]);
    expect(await create(p, week, '100')).toMatchObject({ code: -110003, msg: '当前质押仓单已达上限' });
    expect(await pledged(p)).toBe(31_000_000n);

    // cancel c early: 1 % penalty (1.00) kept, 99.00 back; a second cancel is refused
    const cId = (c.data!.order as { id: number }).id;
    const cancelled = await yPost(app, p, 'virtualWallet/cancelYuebaoPledgeOrderWeb', { orderId: cId });
    expect(cancelled).toMatchObject({
      code: 1,
      data: { refund: '99.0000', penalty: '1.0000', order: { state: 3 } },
    });
    expect(await yPost(app, p, 'virtualWallet/cancelYuebaoPledgeOrderWeb', { orderId: cId })).toMatchObject({
      code: -110005,
    });
    expect(await wallet(p)).toBe(69_990_000n);

    // a: auto-renew off; switch it on and off again
    const aId = (a.data!.order as { id: number }).id;
    expect(
      await yPost(app, p, 'virtualWallet/setYuebaoPledgeOrderAutoRenewWeb', { orderId: aId, autoRenew: 1 }),
    ).toMatchObject({ code: 1, data: { autoRenew: 1 } });
    await yPost(app, p, 'virtualWallet/setYuebaoPledgeOrderAutoRenewWeb', { orderId: aId, autoRenew: 0 });

    // 15 days later (job down the whole time): a matured (1000 + 0.9589 back); b renewed twice
    // (profit 1.9178 each week), its third term holding
    await moveTo(clock.now() + 15 * DAY, [p]);
    const done = await daily();
    expect(done).toMatchObject({ matured: 1, renewed: 2 });
    expect(await wallet(p)).toBe(69_990_000n + 10_009_589n + 2n * 19_178n);
    expect(await pledged(p)).toBe(20_000_000n);
    const orders = await yGet(app, p, 'virtualWallet/getMyYuebaoPledgeOrderList', { pageSize: 20 });
    expect((orders.data!.rows as { state: number }[]).map((o) => o.state)).toEqual([1, 4, 3, 4, 2]);
    const profits = await yGet(app, p, 'virtualWallet/getMyYuebaoPledgeOrderProfitLogs');
    expect(profits.data).toMatchObject({ total: 3, totalProfit: '4.7945' });
    expect((await daily()).renewed).toBe(0);
    await audit();
  });

  it('keeps the cap and pays once under concurrent creates and cancels', async () => {
    const p = await saver(app, 10_000);
    const month = (await products(p))[1]!; // 30 days, cap 3
    const key = requestKey();
    const made = await Promise.all([
      ...Array.from({ length: 8 }, () => create(p, month.id, '500')),
      ...Array.from({ length: 4 }, () => create(p, month.id, '600', 0, key)),
    ]);
    const holding = await yGet(app, p, 'virtualWallet/getMyYuebaoPledgeOrderList', { state: 1 });
    expect(holding.data!.total).toBe(month.maxOrders);
    expect(made.filter((r) => r.code === 1 && r.data!.replayed === false)).toHaveLength(month.maxOrders);
    expect(made.every((r) => r.code === 1 || r.code === -110003)).toBe(true);
    const ids = (holding.data!.rows as { id: number; amount: string }[]).map((o) => o.id);
    const sum = (holding.data!.rows as { amount: string }[]).reduce(
      (s, o) => s + BigInt(o.amount.replace('.', '')) * 100n,
      0n,
    );
    expect(await pledged(p)).toBe(sum);
    const cancels = await Promise.all(
      ids.flatMap((orderId) =>
        Array.from({ length: 4 }, () =>
          yPost(app, p, 'virtualWallet/cancelYuebaoPledgeOrderWeb', { orderId }),
        ),
      ),
    );
    expect(cancels.filter((r) => r.code === 1)).toHaveLength(ids.length);
    expect(await pledged(p)).toBe(0n);
    // 2 % penalty of everything pledged
    expect(await wallet(p)).toBe(100_000_000n - (sum * 2n) / 100n);
    await audit();
  });
});

describe('site switch', () => {
  it('answers -110004 while yuebaoEnable is off', async () => {
    const p = await saver(app, 10);
    const setFlag = async (on: boolean) => {
      await app.ctx.db.execute(
        sql`UPDATE tenants SET config = jsonb_set(config, '{yuebaoEnable}', ${on ? 'true' : 'false'}::jsonb) WHERE id = ${p.tenantId}`,
      );
      app.ctx.tenant.invalidate();
    };
    await setFlag(false);
    expect(await yGet(app, p, 'balance/getMyYuebaoInfo')).toMatchObject({ code: -110004, msg: '操作失败' });
    expect(await transferIn(app, p, '1')).toMatchObject({ code: -110004 });
    await setFlag(true);
    expect((await yGet(app, p, 'balance/getMyYuebaoInfo')).code).toBe(1);
  });
});
