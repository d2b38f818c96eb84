import type { AddBettingData } from '@lottery/contract/betting';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import type { ReportPeriod } from '@lottery/contract/records';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { settleIssue } from '../betting/index';
import { addBetting, line, newPlayer } from '../betting/testing';
import { drawChainIssue } from '../draw/index';
import { reportRange } from '../records/index';
import {
  clearingAccount,
  houseAccount,
  playerAccount,
  postTransfer,
  withdrawEscrowAccount,
} from '../wallet/index';
import { runAgentReportDaily } from './index';
import { REPORT_GRACE_MS } from './report-daily';
import { beijingDay } from './report-period';

/**
 * The agent reports through the app, checked against the ledger. A four-level tree
 * (A → B → C → P, and A → Q; a stranger agent X → Y) deposits, bets for real (placed through
 * betting/addBetting, one cancelled, drawn and settled by the settler, which pays prizes, bet
 * rebates and the 204 agent rebates up the chain), withdraws (one withdrawal returned) and gets
 * activity rewards over three Beijing days. Every figure of every report is compared with sums the
 * test computes itself from the raw ledger rows (its own list of codes per figure, plain JS), for
 * every period; the same answers come back live, after the daily job, and for a closed day the
 * job has not reached. Also: IDOR across two agents on every call with a userId, refusals of a
 * player and of bad periods, the rebate raise rules and a race of raises (real parallelism under
 * `--project server-pg`), and the member list's online flag.
 */

const { app, clock, database } = await testApp({
  limits: { registerPerIp: 10_000, loginPerIp: 10_000, perAccount: 10_000 },
  scheduler: { lotteries: [] },
});
const db = database.db;
const K3 = '1401';
const k3 = lotteryByCode(K3)!;
const PASSWORD = 'Secret@2026';

type Account = { cookie: string; userId: number; userName: string; tenantId: number };
type Figures = Record<'deposit' | 'withdraw' | 'bet' | 'win' | 'rebate' | 'activity' | 'profit', string>;
// biome-ignore lint/suspicious/noExplicitAny: report bodies are read field by field
type AnyData = any;

const get = (a: Account, path: string) => getAs<AnyData>(app, a, path);
const post = (a: Account, path: string, fields: Record<string, string | number>) =>
  postAs<AnyData>(app, a, path, fields);

async function login(a: Account, password = PASSWORD): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/login',
    ...form({ userName: a.userName, password: passwordDigest(a.userName, password) }),
  });
  expect(json(res).code).toBe(1);
  a.cookie = sessionCookie(res);
}

/** Opens a downline through users/childOpening and signs it in. */
async function open(parent: Account, type: 0 | 1, rebate: string): Promise<Account> {
  const userName = uniqueName('rp');
  const res = await post(parent, 'users/childOpening', {
    userName,
    password: passwordDigest(userName, PASSWORD),
    type,
    rebate,
  });
  expect(res.code, res.msg).toBe(1);
  const a = { cookie: '', userId: Number(res.data.userId), userName, tenantId: parent.tenantId };
  await login(a);
  return a;
}

async function makeAgent(rebate: string): Promise<Account> {
  const a = await newPlayer(app, 0);
  await db.execute(sql`UPDATE users SET is_agent = true, role = 'agent', rebate = ${rebate}::numeric
    WHERE id = ${a.userId}`);
  return a;
}

// ---- money as the payment, activity and betting modules post it --------------------------------

let key = 0;
async function move(code: number, from: number, to: number, yuan: number) {
  const amount = BigInt(Math.round(yuan * 100)) * 100n;
  await postTransfer(
    db,
    {
      idempotencyKey: `report-test:${code}:${++key}`,
      typeCode: code,
      lines: [
        { accountId: from, amountMinor: -amount },
        { accountId: to, amountMinor: amount },
      ],
    },
    clock.now(),
  );
}
const deposit = async (a: Account, yuan: number, code = 103) =>
  move(
    code,
    await clearingAccount(db, a.tenantId, 'test'),
    await playerAccount(db, a.tenantId, a.userId),
    yuan,
  );
const withdraw = async (a: Account, yuan: number) =>
  move(
    301,
    await playerAccount(db, a.tenantId, a.userId),
    await withdrawEscrowAccount(db, a.tenantId, a.userId),
    yuan,
  );
const returnWithdrawal = async (a: Account, yuan: number) =>
  move(
    201,
    await withdrawEscrowAccount(db, a.tenantId, a.userId),
    await playerAccount(db, a.tenantId, a.userId),
    yuan,
  );
const activityReward = async (a: Account, yuan: number) =>
  move(
    207,
    await houseAccount(db, a.tenantId, a.userId),
    await playerAccount(db, a.tenantId, a.userId),
    yuan,
  );

/** Every sum of K3: one line of these always wins. */
const ALL_SUMS = Array.from({ length: 16 }, (_, i) => String(i + 3)).join(',');

/** Places bets on a fresh K3 issue for each bettor, cancels one if asked, then draws and settles. */
async function betRound(bettors: { a: Account; point?: string; cancelOne?: boolean }[]): Promise<void> {
  const times = currentIssue(k3, clock.now());
  clock.set(issueAfter(k3, times).startMs + 10_000);
  const now = clock.now();
  let issue = '';
  for (const b of bettors) {
    const point = b.point ?? '0';
    const placed = json<AddBettingData>(
      await addBetting(app, b.a.cookie, [
        line(K3, 'A10', now, { bettingNumber: ALL_SUMS, point }),
        line(K3, 'A10', now, { bettingNumber: '10', multiplier: 2, point }),
      ]),
    );
    expect(placed.code, placed.msg).toBe(1);
    issue = placed.data!.issue;
    if (b.cancelOne) {
      const other = json<AddBettingData>(
        await addBetting(app, b.a.cookie, [line(K3, 'A10', now, { bettingNumber: '11', point })]),
      ).data!;
      const cancelled = await post(b.a, 'betting/cancelBetting', { orderId: other.orderId });
      expect(cancelled.code, cancelled.msg).toBe(1);
    }
  }
  const t = issueTimes(k3, issue)!;
  clock.set(t.drawMs + 1000);
  await drawChainIssue(db, k3, t, clock.now());
  expect((await settleIssue(db, K3, issue, clock.now())).outcome).toBe('settled');
}

// ---- the independent expectation: raw ledger rows, summed in JS --------------------------------

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const CODES = {
  deposit: range(101, 115).filter((c) => c !== 110),
  withdraw: [301, 201],
  bet: [302, 307, 308, 202, 203, 210, 213, 221],
  win: [205, 209, 220],
  rebate: [204, 501, 502],
  activity: [206, 207, 208, 214, 215, 219],
};
type Entry = { userId: number; code: number; amount: bigint; at: number };

async function ledgerRows(): Promise<Entry[]> {
  const rows = await queryRows<{
    user_id: string;
    type_code: number;
    amount_minor: string;
    created_at: string;
  }>(
    db,
    sql`SELECT a.user_id::text, e.type_code, e.amount_minor::text, e.created_at::text
        FROM ledger_entry e JOIN wallet_account a ON a.id = e.account_id
        WHERE a.kind = 'player' AND a.user_id IS NOT NULL`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    code: Number(r.type_code),
    amount: BigInt(r.amount_minor),
    at: Number(r.created_at),
  }));
}

function expected(entries: Entry[], users: number[], fromMs: number, toMs: number): Figures {
  const mine = entries.filter((e) => users.includes(e.userId) && e.at >= fromMs && e.at < toMs);
  const sum = (codes: number[]) =>
    mine.filter((e) => codes.includes(e.code)).reduce((s, e) => s + e.amount, 0n);
  const f = {
    deposit: sum(CODES.deposit),
    withdraw: -sum(CODES.withdraw),
    bet: -sum(CODES.bet),
    win: sum(CODES.win),
    rebate: sum(CODES.rebate),
    activity: sum(CODES.activity),
  };
  return {
    deposit: formatMoney(f.deposit),
    withdraw: formatMoney(f.withdraw),
    bet: formatMoney(f.bet),
    win: formatMoney(f.win),
    rebate: formatMoney(f.rebate),
    activity: formatMoney(f.activity),
    profit: formatMoney(f.win + f.rebate + f.activity - f.bet),
  };
}

/** Column-wise sum of figures as displayed (what a reader adding up the rows gets). */
function sumShown(rows: Figures[]): Figures {
  const keys = ['deposit', 'withdraw', 'bet', 'win', 'rebate', 'activity', 'profit'] as const;
  const out = {} as Figures;
  for (const k of keys) out[k] = formatMoney(rows.reduce((t, r) => t + parseMoney(r[k]), 0n));
  return out;
}

// ---- the scenario ------------------------------------------------------------------------------

/** Beijing midnight of an ISO date, as epoch ms. */
const bj = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+08:00`);
const D1 = '2026-02-28'; // Saturday
const D2 = '2026-03-01'; // Sunday
const D3 = '2026-03-02'; // Monday: "today" of the main checks
const D4 = '2026-03-03';
const dayOf = (date: string) => beijingDay(bj(date));

/** Periods as seen on D3, written out by hand (weeks start on Monday, Beijing time). */
const PERIODS_ON_D3: Record<string, [string, string]> = {
  today: [D3, D3],
  yesterday: [D2, D2],
  sevenDays: ['2026-02-24', D3],
  lastWeek: ['2026-02-23', D2],
  thisMonth: [D2, D3],
  lastMonth: ['2026-02-01', D1],
};
const msOf = ([from, to]: [string, string]) => ({ fromMs: bj(from), toMs: bj(to) + 86_400_000 });

let A: Account;
let B: Account;
let C: Account;
let P: Account;
let Q: Account;
let X: Account;
let Y: Account;
const all = () => [A, B, C, P, Q, X, Y] as Account[];
const reloginAll = async () => {
  for (const a of all()) await login(a);
};

beforeAll(async () => {
  clock.set(at(D1, '09:00'));
  A = await makeAgent('8.0');
  X = await makeAgent('8.0');
  B = await open(A, 1, '7.0');
  C = await open(B, 1, '6.0');
  P = await open(C, 0, '5.0');
  Q = await open(A, 0, '4.0');
  Y = await open(X, 0, '3.0');

  // D1: first deposits, bets with wins and rebates, one cancelled bet
  await deposit(P, 1000);
  await deposit(Q, 500, 104);
  await deposit(C, 200);
  await deposit(Y, 300);
  await betRound([{ a: P, point: '1.0', cancelOne: true }, { a: Q }, { a: Y }]);

  // D2: a withdrawal, a returned withdrawal, activity, a second deposit, more bets
  clock.set(at(D2, '10:00'));
  await reloginAll();
  await withdraw(P, 100);
  await withdraw(P, 50);
  await returnWithdrawal(P, 50);
  await activityReward(P, 8.8);
  await activityReward(C, 1.5);
  await deposit(P, 20);
  await deposit(B, 60); // B's first deposit falls on D2
  await betRound([{ a: Q }, { a: C }]);

  // D3 (today): more bets and a deposit, read live
  clock.set(at(D3, '11:00'));
  await reloginAll();
  await deposit(Q, 30);
  await betRound([{ a: P, point: '0.5' }, { a: B }]);
  clock.set(at(D3, '15:00'));
  await reloginAll();
}, 60_000);

/** Every report of A's tree for one period, as the API answers it. */
async function snapshot(period: string) {
  return {
    profitA: await get(A, `users/userReport/userProfit?period=${period}`),
    profitP: await get(A, `users/userReport/userProfit?period=${period}&userId=${P.userId}`),
    profitOwnP: await get(P, `users/userReport/userProfit?period=${period}`),
    agentReport: await get(A, `users/agentReport/userAgentReport?period=${period}`),
    agentReportB: await get(A, `users/agentReport/userAgentReport?period=${period}&userId=${B.userId}`),
    detailB: await get(A, `users/agentReport/userAgentReport/detail?period=${period}&userId=${B.userId}`),
    child: period === 'sevenDays' ? undefined : await get(A, `users/childReport?period=${period}`),
    team: await get(A, `report/agentReport/agentReportTeamData?period=${period}`),
    teamB: await get(A, `report/agentReport/agentReportTeamData?period=${period}&userId=${B.userId}`),
  };
}

async function checkAgainstLedger(period: string, bounds: [string, string]) {
  const entries = await ledgerRows();
  const { fromMs, toMs } = msOf(bounds);
  const exp = (users: Account[]) =>
    expected(
      entries,
      users.map((u) => u.userId),
      fromMs,
      toMs,
    );
  const s = await snapshot(period);
  const label = `${period} ${bounds.join('..')}`;

  expect(s.profitA.data, label).toMatchObject({
    period,
    fromDay: bounds[0],
    toDay: bounds[1],
    userId: A.userId,
    userName: A.userName,
    figures: exp([A]),
  });
  expect(s.profitP.data.figures, label).toEqual(exp([P]));
  expect(s.profitOwnP.data.figures, label).toEqual(exp([P]));

  const r = s.agentReport.data;
  expect(r.self, label).toEqual(exp([A]));
  expect(r.team, label).toEqual(exp([A, B, C, P, Q]));
  expect(r.total).toBe(2);
  expect(r.rows.map((x: AnyData) => [x.userId, x.teamCount, x.isAgent])).toEqual([
    [Q.userId, 0, false],
    [B.userId, 2, true],
  ]);
  expect(r.rows[0].figures, label).toEqual(exp([Q]));
  expect(r.rows[1].figures, label).toEqual(exp([B, C, P]));
  const rb = s.agentReportB.data;
  expect(rb.self, label).toEqual(exp([B]));
  expect(rb.team, label).toEqual(exp([B, C, P]));
  expect(rb.rows.map((x: AnyData) => x.userId)).toEqual([C.userId]);
  expect(rb.rows[0].figures, label).toEqual(exp([C, P]));

  const d = s.detailB.data;
  expect(d.days[0].day).toBe(bounds[1]);
  expect(d.days.at(-1).day).toBe(bounds[0]);
  const daysExpected: Figures[] = [];
  for (const day of d.days) {
    const one = msOf([day.day, day.day]);
    daysExpected.push(
      expected(
        entries,
        [B, C, P].map((u) => u.userId),
        one.fromMs,
        one.toMs,
      ),
    );
    expect(day.figures, `${label} ${day.day}`).toEqual(daysExpected.at(-1));
  }
  // the total is the sum of the days as shown (each truncated to cents), not the exact sum truncated
  expect(d.total, label).toEqual(sumShown(daysExpected));

  if (s.child) {
    const c = s.child.data;
    expect(c.rows.map((x: AnyData) => x.userId)).toEqual([Q.userId, B.userId]);
    expect(c.rows[0].figures, label).toEqual(exp([Q]));
    expect(c.rows[1].figures, label).toEqual(exp([B]));
    expect(c.sum, label).toEqual(sumShown([exp([Q]), exp([B])]));
  }

  const below = [B, C, P, Q];
  const inRange = (e: Entry) => e.at >= fromMs && e.at < toMs;
  const betters = new Set(
    entries.filter((e) => inRange(e) && [302, 307, 308].includes(e.code)).map((e) => e.userId),
  );
  const firstDeposit = new Map<number, number>();
  for (const e of entries.filter((x) => CODES.deposit.includes(x.code))) {
    firstDeposit.set(e.userId, Math.min(firstDeposit.get(e.userId) ?? Number.POSITIVE_INFINITY, e.at));
  }
  const created = await queryRows<{ id: string; created_at: string }>(
    db,
    sql`SELECT id::text, created_at::text FROM users WHERE id = ANY(${`{${below.map((u) => u.userId).join(',')}}`}::bigint[])`,
  );
  const wallets = await queryOne<{ b: string }>(
    db,
    sql`SELECT coalesce(sum(balance_minor), 0)::text AS b FROM wallet_account
        WHERE kind = 'player' AND user_id = ANY(${`{${below.map((u) => u.userId).join(',')}}`}::bigint[])`,
  );
  expect(s.team.data, label).toEqual({
    period,
    fromDay: bounds[0],
    toDay: bounds[1],
    figures: exp(below),
    teamCount: 4,
    directCount: 2,
    newMembers: created.filter((u) => Number(u.created_at) >= fromMs && Number(u.created_at) < toMs).length,
    betMembers: below.filter((u) => betters.has(u.userId)).length,
    firstDepositMembers: below.filter((u) => {
      const first = firstDeposit.get(u.userId);
      return first !== undefined && first >= fromMs && first < toMs;
    }).length,
    teamBalance: formatMoney(BigInt(wallets!.b)),
  });
  expect(s.teamB.data.figures, label).toEqual(exp([C, P]));
  return s;
}

describe('agent reports against the ledger', () => {
  it('the scenario produced every kind of figure', async () => {
    const entries = await ledgerRows();
    const codesOf = (a: Account) => new Set(entries.filter((e) => e.userId === a.userId).map((e) => e.code));
    for (const code of [103, 302, 202, 205, 501, 301, 201, 207]) expect(codesOf(P)).toContain(code);
    // 204 up the chain: C, B and A earn on P's stakes, A also on Q's
    for (const agent of [A, B, C]) expect(codesOf(agent)).toContain(204);
    // the bet figure is the valid stake: placed less cancelled (the cancel fell on the same day)
    const validStake = await queryOne<{ s: string }>(
      db,
      sql`SELECT sum(amount_minor)::text AS s FROM bet WHERE user_id = ${P.userId} AND state <> 3`,
    );
    const week = msOf(PERIODS_ON_D3.sevenDays!);
    expect(expected(entries, [P.userId], week.fromMs, week.toMs).bet).toBe(
      formatMoney(BigInt(validStake!.s)),
    );
  });

  it('answers every period live (before the daily job) as the ledger sums', async () => {
    expect(await queryRows(db, sql`SELECT day FROM agent_report_day`)).toEqual([]);
    for (const [period, bounds] of Object.entries(PERIODS_ON_D3)) await checkAgainstLedger(period, bounds);
  });

  it('answers the same from the daily aggregates after the job, idempotently', async () => {
    const before: Record<string, unknown> = {};
    for (const period of Object.keys(PERIODS_ON_D3)) before[period] = await snapshot(period);
    const days = await runAgentReportDaily(db, clock.now());
    // closed days up to yesterday (D2), oldest first, from the ledger's first day
    expect(days.at(-1)).toBe(Math.floor((bj(D2) + 8 * 3_600_000) / 86_400_000));
    expect(await runAgentReportDaily(db, clock.now())).toEqual([]);
    const rows = await queryOne<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM agent_report_daily WHERE user_id = ${P.userId} AND day < ${dayOf(D3)}`,
    );
    expect(Number(rows!.n)).toBe(2); // P had entries on D1 and D2
    // today (D3) is folded up to a minute before now, with the team rollup of every day
    const fold = await queryOne<{ day: number; upto: string }>(
      db,
      sql`SELECT day, upto_ms::text AS upto FROM agent_report_fold`,
    );
    expect(fold).toEqual({ day: dayOf(D3), upto: String(clock.now() - REPORT_GRACE_MS) });
    for (const [period, bounds] of Object.entries(PERIODS_ON_D3)) {
      const after = await checkAgainstLedger(period, bounds);
      expect(after, period).toEqual(before[period]);
    }
    // re-aggregating a day (ON CONFLICT DO UPDATE) changes nothing
    const snap = await queryRows(db, sql`SELECT * FROM agent_report_daily ORDER BY user_id, day`);
    await db.execute(sql`DELETE FROM agent_report_day WHERE day = (SELECT max(day) FROM agent_report_day)`);
    expect(await runAgentReportDaily(db, clock.now())).toHaveLength(1);
    expect(await queryRows(db, sql`SELECT * FROM agent_report_daily ORDER BY user_id, day`)).toEqual(snap);
  });

  it('answers right for a closed day the job has not aggregated yet, and the same after it', async () => {
    clock.set(at(D4, '09:30'));
    await reloginAll();
    await deposit(P, 5);
    const bounds: [string, string] = [D3, D3];
    const live = await checkAgainstLedger('yesterday', bounds);
    expect(
      await queryOne(
        db,
        sql`SELECT day FROM agent_report_day WHERE day = ${(bj(D3) + 8 * 3_600_000) / 86_400_000}`,
      ),
    ).toBeUndefined();
    await runAgentReportDaily(db, clock.now());
    const aggregated = await checkAgainstLedger('yesterday', bounds);
    expect(aggregated).toEqual(live);
    await checkAgainstLedger('today', [D4, D4]);
  });
});

describe('team records', () => {
  it('lists the team bets and ledger entries of the period, totals over every match', async () => {
    const { fromMs, toMs } = msOf(['2026-02-26', D4]); // sevenDays on D4
    const team = [B, C, P, Q].map((u) => u.userId);
    const bets = await queryRows<{ id: string; amount_minor: string; bonus_minor: string; state: number }>(
      db,
      sql`SELECT id::text, amount_minor::text, bonus_minor::text, state FROM bet
          WHERE user_id = ANY(${`{${team.join(',')}}`}::bigint[]) AND created_at >= ${fromMs} AND created_at < ${toMs}
          ORDER BY created_at DESC, id DESC`,
    );
    const res = await get(A, 'betting/getAgentBetData?period=sevenDays&pageSize=3');
    expect(res.code).toBe(1);
    expect(res.data.total).toBe(bets.length);
    expect(res.data.rows.map((r: AnyData) => r.id)).toEqual(bets.slice(0, 3).map((b) => b.id));
    expect(res.data.betMoney).toBe(
      formatMoney(bets.filter((b) => b.state !== 3).reduce((s, b) => s + BigInt(b.amount_minor), 0n)),
    );
    expect(res.data.bonus).toBe(formatMoney(bets.reduce((s, b) => s + BigInt(b.bonus_minor), 0n)));
    expect(res.data.rows[0]).toMatchObject({ lotteryCode: K3, lotteryName: k3.name });
    // one member's team, itself included; a name filter; a lottery filter
    const ofC = await get(A, `betting/getAgentBetData?period=sevenDays&userId=${C.userId}&pageSize=100`);
    expect(new Set(ofC.data.rows.map((r: AnyData) => r.userId))).toEqual(new Set([C.userId, P.userId]));
    const byName = await get(
      A,
      `betting/getAgentBetData?period=sevenDays&userName=${Q.userName.toUpperCase()}`,
    );
    expect(new Set(byName.data.rows.map((r: AnyData) => r.userId))).toEqual(new Set([Q.userId]));
    expect((await get(A, 'betting/getAgentBetData?period=sevenDays&lotteryCode=1002')).data.total).toBe(0);
    expect(await get(A, 'game/getAgentGameBetData?period=sevenDays')).toMatchObject({
      code: 1,
      data: { rows: [], total: 0, betMoney: '0.00', bonus: '0.00' },
    });

    const entries = (await ledgerRows()).filter(
      (e) => team.includes(e.userId) && e.at >= fromMs && e.at < toMs,
    );
    const tx = await get(A, 'users/agentTransactionDetail?period=sevenDays&pageSize=5');
    expect(tx.data.total).toBe(entries.length);
    expect(tx.data.rows).toHaveLength(5);
    const credits = await get(A, 'users/agentTransactionDetail?period=sevenDays&type=2&pageSize=100');
    expect(credits.data.total).toBe(entries.filter((e) => e.code >= 200 && e.code < 300).length);
    const rebates = await get(A, 'users/agentTransactionDetail?period=sevenDays&type=204&pageSize=100');
    expect(rebates.data.rows.every((r: AnyData) => r.typeCode === 204 && r.typeName === '代理返点')).toBe(
      true,
    );
    expect(rebates.data.total).toBe(entries.filter((e) => e.code === 204).length);
  });
});

describe('who may read what', () => {
  const withUser = (id: number) => [
    `users/userReport/userProfit?userId=${id}`,
    `users/agentReport/userAgentReport?userId=${id}`,
    `users/agentReport/userAgentReport/detail?userId=${id}`,
    `users/childReport?userId=${id}`,
    `report/agentReport/agentReportTeamData?userId=${id}`,
    `betting/getAgentBetData?userId=${id}`,
    `game/getAgentGameBetData?userId=${id}`,
    `users/agentTransactionDetail?userId=${id}`,
  ];

  it('refuses an agent any member of another team, and a sub-agent its upline (IDOR)', async () => {
    for (const [caller, target] of [
      [X, P],
      [X, B],
      [A, Y],
      [B, A],
      [C, Q],
    ] as const) {
      for (const path of withUser(target.userId)) {
        expect(await get(caller, path), path).toMatchObject({ code: -2, msg: '该用户不是您的下级' });
      }
    }
    const rebate = async (u: Account) =>
      (await queryOne<{ r: string }>(db, sql`SELECT rebate::text AS r FROM users WHERE id = ${u.userId}`))!.r;
    const before = await rebate(P);
    expect(await post(X, 'users/userManage', { userId: P.userId, rebate: '5.5' })).toMatchObject({
      code: -2,
      msg: '该用户不是您的下级',
    });
    expect(await rebate(P)).toBe(before);
    // X's own reports never contain A's team
    const xr = await get(X, 'users/agentReport/userAgentReport?period=sevenDays');
    expect(xr.data.rows.map((r: AnyData) => r.userId)).toEqual([Y.userId]);
  });

  it('refuses a player every agent-only call; a player reads its own profit only', async () => {
    for (const path of [
      'users/agentReport/userAgentReport',
      `users/agentReport/userAgentReport/detail?userId=${P.userId}`,
      'users/childReport',
      'report/agentReport/agentReportTeamData',
      'betting/getAgentBetData',
      'game/getAgentGameBetData',
      'users/agentTransactionDetail',
      `users/userReport/userProfit?userId=${Q.userId}`,
    ]) {
      expect(await get(P, path), path).toMatchObject({ code: -2, msg: '您还不是代理，无法使用代理功能' });
    }
    expect(await post(P, 'users/userManage', { userId: Q.userId, rebate: '4.5' })).toMatchObject({
      code: -2,
      msg: '您还不是代理，无法使用代理功能',
    });
    expect((await get(P, `users/userReport/userProfit?userId=${P.userId}`)).code).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/v1/users/userReport/userProfit' })).json().code).toBe(0);
  });

  it('refuses a period outside the list (childReport has no seven days)', async () => {
    for (const path of [
      'users/childReport?period=sevenDays',
      'users/userReport/userProfit?period=lastYear',
      'users/agentReport/userAgentReport?period=',
      'report/agentReport/agentReportTeamData?period=week',
    ]) {
      expect(await get(A, path), path).toMatchObject({ code: -2, msg: '查询时间范围不正确' });
    }
    expect((await get(A, 'users/childReport?period=lastWeek')).code).toBe(1);
  });
});

describe('users/userManage', () => {
  const rebateOf = async (u: Account) =>
    (await queryOne<{ r: string }>(db, sql`SELECT rebate::text AS r FROM users WHERE id = ${u.userId}`))!.r;

  it('raises a direct downline within the rules; every refusal writes nothing', async () => {
    expect(await post(A, 'users/userManage', { userId: B.userId, rebate: '7.5' })).toMatchObject({
      code: 1,
      msg: '修改成功',
      data: { userId: B.userId, rebate: '7.5' },
    });
    expect(await rebateOf(B)).toBe('7.5');
    const refusals: [Account, Account, string, string][] = [
      [A, C, '6.5', '只能修改直属下级的返点'],
      [A, P, '5.5', '只能修改直属下级的返点'],
      [A, B, '8.5', '返点不能高于您自己的返点'],
      [A, B, '7.0', '返点只能调高，不能低于下级当前的返点'],
      [A, B, '7.55', '返点格式不正确，请输入0-99之间最多一位小数的数字'],
      [B, A, '8.0', '该用户不是您的下级'],
    ];
    for (const [caller, target, rebate, msg] of refusals) {
      const before = await rebateOf(target);
      expect(await post(caller, 'users/userManage', { userId: target.userId, rebate }), msg).toMatchObject({
        code: -2,
        msg,
      });
      expect(await rebateOf(target)).toBe(before);
    }
    // the raised rebate is what settlement now pays B on: its 204 share on P's stakes grows
    expect(await post(A, 'users/userManage', { userId: B.userId, rebate: '7.5' })).toMatchObject({ code: 1 });
  });

  it('settles parallel raises of one downline on the highest: never lowered by a late lower raise', async () => {
    const asks = ['4.2', '4.9', '4.5', '6.0', '5.1', '4.4', '5.8', '4.1'];
    const replies = await Promise.all(
      asks.map((rebate) => post(A, 'users/userManage', { userId: Q.userId, rebate })),
    );
    for (const r of replies) {
      expect([1, -2]).toContain(r.code);
      if (r.code === -2) expect(r.msg).toBe('返点只能调高，不能低于下级当前的返点');
    }
    expect(replies[asks.indexOf('6.0')]!.code).toBe(1);
    expect(await rebateOf(Q)).toBe('6.0');
  });
});

describe('member list', () => {
  it('marks members with a session seen in the last five minutes as online', async () => {
    clock.advance(10 * 60_000); // every session idle 10 minutes
    await login(P);
    const list = await get(A, 'users/userManageList?all=1&pageSize=100');
    const online = new Map(list.data.rows.map((r: AnyData) => [r.userId, r.online]));
    expect(online.get(P.userId)).toBe(true);
    expect(online.get(Q.userId)).toBe(false);
    await post(P, 'users/logout', {});
    const after = await get(A, 'users/userManageList?all=1&pageSize=100');
    expect(after.data.rows.find((r: AnyData) => r.userId === P.userId).online).toBe(false);
  });
});

describe('the scheduler', () => {
  it('runs the aggregates under the leader each tick, catching up closed days', async () => {
    clock.set(at('2026-03-06', '08:00'));
    await app.scheduler.tick();
    const last = await queryOne<{ d: number }>(db, sql`SELECT max(day) AS d FROM agent_report_day`);
    expect(Number(last!.d)).toBe((bj('2026-03-05') + 8 * 3_600_000) / 86_400_000);
  }, 120_000);
});

describe('the rollup and the watermark (ADR 0703)', () => {
  const D6 = '2026-03-06';
  const D7 = '2026-03-07';
  const foldRows = () =>
    queryRows<{ day: number; upto: string }>(
      db,
      sql`SELECT day, upto_ms::text AS upto FROM agent_report_fold ORDER BY day`,
    );

  it('reads today as the fold plus the entries after it; a late entry counts from the next fold; the day rolls over', async () => {
    clock.set(at(D6, '08:00'));
    await reloginAll();
    await runAgentReportDaily(db, clock.now());
    expect(await foldRows()).toEqual([{ day: dayOf(D6), upto: String(at(D6, '07:59')) }]);
    await deposit(P, 3); // after the watermark: read live
    await betRound([{ a: C }]);
    await checkAgainstLedger('today', [D6, D6]);

    // a late entry: stamped before the watermark, committed after the fold (a transfer slower
    // than the grace); the next fold recomputes today from midnight and counts it
    clock.set(at(D6, '07:30'));
    await deposit(Q, 7);
    clock.set(at(D6, '08:06'));
    await runAgentReportDaily(db, clock.now());
    expect(await foldRows()).toEqual([{ day: dayOf(D6), upto: String(at(D6, '08:05')) }]);
    await checkAgainstLedger('today', [D6, D6]);
    // no new fold within FOLD_EVERY_MS
    clock.set(at(D6, '08:08'));
    await runAgentReportDaily(db, clock.now());
    expect(await foldRows()).toEqual([{ day: dayOf(D6), upto: String(at(D6, '08:05')) }]);

    // rollover: an entry at 23:59:50; seconds after midnight (inside the grace) the job only folds
    // D6 up to 23:59:30, and "yesterday" is that fold plus the last half minute live
    clock.set(at(D6, '23:59') + 50_000);
    await deposit(P, 4);
    clock.set(at(D7, '00:00') + 30_000);
    await reloginAll();
    expect(await runAgentReportDaily(db, clock.now())).toEqual([]);
    expect(await foldRows()).toEqual([{ day: dayOf(D6), upto: String(at(D6, '23:59') + 30_000) }]);
    await checkAgainstLedger('yesterday', [D6, D6]);
    await checkAgainstLedger('today', [D7, D7]);
    // past the grace: D6 is aggregated whole (its fold ends), D7 folded from midnight
    clock.set(at(D7, '00:02'));
    expect(await runAgentReportDaily(db, clock.now())).toEqual([dayOf(D6)]);
    expect(await foldRows()).toEqual([{ day: dayOf(D7), upto: String(at(D7, '00:01')) }]);
    await checkAgainstLedger('yesterday', [D6, D6]);
    await checkAgainstLedger('thisMonth', ['2026-03-01', D7]);
    const marks = await queryRows<{ day: number }>(
      db,
      sql`SELECT day FROM agent_team_day WHERE day >= ${dayOf(D2)} ORDER BY day`,
    );
    expect(marks.map((m) => m.day)).toEqual(
      Array.from({ length: dayOf(D7) - dayOf(D2) + 1 }, (_, i) => dayOf(D2) + i),
    );
  });

  it('drops the rollup when a member moves, and answers for the new tree before and after the job rolls up again', async () => {
    const check = async () => {
      const entries = await ledgerRows();
      const { fromMs, toMs } = msOf(['2026-03-01', D7]);
      const exp = (users: Account[]) =>
        expected(
          entries,
          users.map((u) => u.userId),
          fromMs,
          toMs,
        );
      const r = (await get(A, 'users/agentReport/userAgentReport?period=thisMonth')).data;
      expect(r.team).toEqual(exp([A, B, C, P, Q]));
      expect(new Map(r.rows.map((x: AnyData) => [x.userId, x.figures]))).toEqual(
        new Map([
          [Q.userId, exp([Q, P])],
          [B.userId, exp([B, C])],
        ]),
      );
      const t = (await get(A, `report/agentReport/agentReportTeamData?period=thisMonth&userId=${B.userId}`))
        .data;
      expect(t.figures).toEqual(exp([C]));
      const tq = (await get(A, `report/agentReport/agentReportTeamData?period=thisMonth&userId=${Q.userId}`))
        .data;
      expect(tq.figures).toEqual(exp([P]));
      const d = (await get(A, `users/agentReport/userAgentReport/detail?period=thisMonth&userId=${Q.userId}`))
        .data;
      for (const day of d.days) {
        const one = msOf([day.day, day.day]);
        expect(day.figures).toEqual(expected(entries, [Q.userId, P.userId], one.fromMs, one.toMs));
      }
    };
    const markCount = async () =>
      Number((await queryOne<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM agent_team_day`))!.n);
    expect(await markCount()).toBeGreaterThan(0);
    // P (with its bets on every day) moves from C to Q
    await db.execute(sql`UPDATE users SET parent_id = ${Q.userId} WHERE id = ${P.userId}`);
    expect(await markCount()).toBe(0);
    await check(); // from the per-user rows
    await runAgentReportDaily(db, clock.now());
    expect(await markCount()).toBeGreaterThan(0);
    await check(); // from the new rollup
    // back where it was, rolled up again
    await db.execute(sql`UPDATE users SET parent_id = ${C.userId} WHERE id = ${P.userId}`);
    await runAgentReportDaily(db, clock.now());
    await checkAgainstLedger('thisMonth', ['2026-03-01', D7]);
  });
});

describe('team bet totals from sealed days (ADR 0704)', () => {
  const D7 = '2026-03-07';
  const D8 = '2026-03-08';
  type RawBet = {
    user_id: string;
    lottery_code: string;
    amount: string;
    bonus: string;
    state: number;
    at: string;
  };
  const PERIODS = ['today', 'yesterday', 'sevenDays', 'lastWeek', 'thisMonth', 'lastMonth'];

  /** getAgentBetData's count and totals against bet rows summed here, every period and filter. */
  async function checkBets(): Promise<void> {
    const raw = await queryRows<RawBet>(
      db,
      sql`SELECT user_id::text, lottery_code, amount_minor::text AS amount, bonus_minor::text AS bonus, state,
            created_at::text AS at FROM bet`,
    );
    for (const period of PERIODS) {
      const { fromMs, toMs } = reportRange(period as ReportPeriod, clock.now());
      const exp = (users: Account[], lottery?: string) => {
        const ids = new Set(users.map((u) => String(u.userId)));
        const mine = raw.filter(
          (b) =>
            ids.has(b.user_id) &&
            Number(b.at) >= fromMs &&
            Number(b.at) < toMs &&
            (lottery === undefined || b.lottery_code === lottery),
        );
        return {
          total: mine.length,
          betMoney: formatMoney(mine.filter((b) => b.state !== 3).reduce((s, b) => s + BigInt(b.amount), 0n)),
          bonus: formatMoney(mine.reduce((s, b) => s + BigInt(b.bonus), 0n)),
        };
      };
      const got = async (query: string) => {
        const r = await get(A, `betting/getAgentBetData?period=${period}${query}`);
        expect(r.code, `${period}${query}`).toBe(1);
        return { total: r.data.total, betMoney: r.data.betMoney, bonus: r.data.bonus };
      };
      expect(await got(''), period).toEqual(exp([B, C, P, Q]));
      expect(await got(`&userId=${C.userId}`), period).toEqual(exp([C, P]));
      expect(await got(`&userId=${P.userId}`), period).toEqual(exp([P]));
      expect(await got(`&userName=${Q.userName.toUpperCase()}`), period).toEqual(exp([Q]));
      expect(await got(`&lotteryCode=${K3}`), period).toEqual(exp([B, C, P, Q], K3));
      expect(await got('&lotteryCode=1002'), period).toEqual(exp([B, C, P, Q], '1002'));
      const x = await get(X, `betting/getAgentBetData?period=${period}`);
      expect({ total: x.data.total, betMoney: x.data.betMoney, bonus: x.data.bonus }, period).toEqual(
        exp([Y]),
      );
    }
  }
  const sealed = async () =>
    (await queryRows<{ day: number }>(db, sql`SELECT day FROM agent_bet_day ORDER BY day`)).map((r) =>
      Number(r.day),
    );

  /** Bets for each bettor on the K3 issue open now, left pending; returns the issue. */
  async function placeOnly(bettors: Account[]): Promise<string> {
    let issue = '';
    for (const a of bettors) {
      const placed = json<AddBettingData>(
        await addBetting(app, a.cookie, [line(K3, 'A10', clock.now(), { bettingNumber: ALL_SUMS })]),
      );
      expect(placed.code, placed.msg).toBe(1);
      issue = placed.data!.issue;
    }
    return issue;
  }
  async function settle(issue: string): Promise<void> {
    const t = issueTimes(k3, issue)!;
    await drawChainIssue(db, k3, t, Math.max(clock.now(), t.drawMs + 1000));
    expect((await settleIssue(db, K3, issue, Math.max(clock.now(), t.drawMs + 1000))).outcome).toBe(
      'settled',
    );
  }

  it('seals the closed days whose bets are all final, and answers as the bets do', async () => {
    await runAgentReportDaily(db, clock.now());
    const days = await sealed();
    for (const d of ['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-06'])
      expect(days).toContain(dayOf(d));
    expect(days).not.toContain(dayOf(D7)); // today
    const rolled = await queryOne<{ n: string }>(
      db,
      sql`SELECT sum(bets)::text AS n FROM agent_team_bet_daily WHERE ancestor_id = ${A.userId}`,
    );
    expect(Number(rolled!.n)).toBeGreaterThan(0);
    await checkBets();
  });

  it('keeps a day with a bet pending at midnight live until it settles, then seals it', async () => {
    // a bet at 23:59 whose issue draws after midnight
    clock.set(at(D7, '23:58') + 55_000);
    await reloginAll();
    const times = currentIssue(k3, clock.now());
    clock.set(Math.max(clock.now(), issueAfter(k3, times).startMs + 1_000));
    if (beijingDay(clock.now()) !== dayOf(D7)) clock.set(at(D7, '23:59') + 30_000);
    const late = await placeOnly([P, Q]);
    expect(issueTimes(k3, late)!.drawMs).toBeGreaterThan(bj(D8) - 60_000);
    // after midnight: D7 is closed for the ledger reports, but its bets are not all final
    clock.set(at(D8, '00:03'));
    await reloginAll();
    await betRound([{ a: C }]); // today's bets, read live
    clock.set(at(D8, '00:05'));
    const pendingLeft = await queryOne<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM bet WHERE state = 0`,
    );
    expect(Number(pendingLeft!.n)).toBe(2); // P's and Q's bets of 23:59
    await runAgentReportDaily(db, clock.now());
    expect(await sealed()).not.toContain(dayOf(D7));
    await checkBets(); // yesterday live, pending stakes counted, sealed days before it from the sums
    await settle(late);
    await checkBets(); // D7 still live, now settled
    await runAgentReportDaily(db, clock.now());
    expect(await sealed()).toContain(dayOf(D7));
    expect(await sealed()).not.toContain(dayOf(D8));
    await checkBets(); // D7 from the sums, D8 live
  });

  it('drops the seals when a member moves; answers for the new tree before and after sealing again', async () => {
    await db.execute(sql`UPDATE users SET parent_id = ${Q.userId} WHERE id = ${P.userId}`);
    expect(await sealed()).toEqual([]);
    const checkMoved = async () => {
      const raw = await queryRows<{ n: string }>(
        db,
        sql`SELECT count(*)::text AS n FROM bet WHERE user_id = ANY(${`{${[Q.userId, P.userId].join(',')}}`}::bigint[])
              AND created_at >= ${reportRange('thisMonth', clock.now()).fromMs}`,
      );
      const r = await get(A, `betting/getAgentBetData?period=thisMonth&userId=${Q.userId}`);
      expect(r.data.total).toBe(Number(raw[0]!.n));
      const c = await get(A, `betting/getAgentBetData?period=thisMonth&userId=${C.userId}`);
      const rawC = await queryRows<{ n: string }>(
        db,
        sql`SELECT count(*)::text AS n FROM bet WHERE user_id = ${C.userId}
              AND created_at >= ${reportRange('thisMonth', clock.now()).fromMs}`,
      );
      expect(c.data.total).toBe(Number(rawC[0]!.n));
    };
    await checkMoved(); // live
    await runAgentReportDaily(db, clock.now());
    expect((await sealed()).length).toBeGreaterThan(0);
    await checkMoved(); // from the new sums
    await db.execute(sql`UPDATE users SET parent_id = ${C.userId} WHERE id = ${P.userId}`);
    await runAgentReportDaily(db, clock.now());
    await checkBets();
  });
});
