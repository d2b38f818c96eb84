import type { BetDetailData, RebateData } from '@lottery/contract/betting';
import type { ResultEntry } from '@lottery/contract/draw';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { describeDraw, describeSelection, shortSelection } from '@lottery/rules/describe';
import { shortenOpenNumber } from '@lottery/rules/display';
import { linePayoutMinor } from '@lottery/rules/odds';
import { findPlay } from '@lottery/rules/plays';
import { currentIssue, issueAfter, issueTimes } from '@lottery/rules/schedule';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementDraw } from '../apps/server/src/modules/betting/index';
import { enterOfficialResult } from '../apps/server/src/modules/draw/index';
import { type BettingStack, beijingToday, lotteryOf, startBettingStack } from './betting-stack';
import { launch, phone, snap } from './support/browser';
import { DEMO_PASSWORD, register, uniqueAccount, waitForPath } from './support/ui';

/**
 * Betting end to end on a phone-sized Chromium, for each of the ten families: pick a valid
 * selection with the UI, put it in the basket (or the single-mode footer), bet, see the balance
 * drop, jump the server clock past the draw, let the scheduler draw and settle, and see the record
 * settle with the amount packages/rules computes and the balance follow.
 */

interface Case {
  family: string;
  code: string;
  /** Picks with the UI; returns the bettingNumber it should produce. */
  pick(page: Page): Promise<string>;
  /** Single-mode footer (credit plays): per-bet amount typed instead of the basket. */
  single: boolean;
}

const ball = (page: Page, row: string | undefined, value: string) =>
  page
    .locator(`${row === undefined ? '.pick-row' : `.pick-row[data-row="${row}"]`} [data-value="${value}"]`)
    .first();

const CASES: Case[] = [
  {
    family: 'K3',
    code: '1403',
    single: true,
    async pick(page) {
      await ball(page, '和值', '10').click();
      await ball(page, '和值', '11').click();
      return '10,11';
    },
  },
  {
    family: 'SSC',
    code: '1003',
    single: false,
    async pick(page) {
      await ball(page, '万位', '3').click();
      await ball(page, '个位', '7').click();
      return '3||||7';
    },
  },
  {
    family: 'SYX5',
    code: '1103',
    single: false,
    async pick(page) {
      for (const n of ['01', '03', '05', '07', '09', '11']) await ball(page, undefined, n).click();
      return '01,03,05,07,09,11';
    },
  },
  {
    family: 'PK10',
    code: '1203',
    single: false,
    async pick(page) {
      await page.locator('.pick-row[data-row="冠军"] .quick-btn', { hasText: '大' }).click();
      return '06,07,08,09,10|||||||||';
    },
  },
  {
    family: 'KL8',
    code: '1705',
    single: false,
    async pick(page) {
      for (const n of ['05', '18', '27', '44', '63']) await ball(page, undefined, n).click();
      return '05,18,27,44,63';
    },
  },
  {
    family: 'LHC',
    code: '1305',
    single: true,
    async pick(page) {
      await ball(page, undefined, '08').click();
      await ball(page, undefined, '49').click();
      return '08,49';
    },
  },
  {
    family: 'BJ28',
    code: '1805',
    single: true,
    async pick(page) {
      await page.locator('.option-btn[data-value="大"]').click();
      await page.locator('.option-btn[data-value="单"]').click();
      return '大,单';
    },
  },
  {
    family: 'STOCK',
    code: '1902',
    single: true,
    async pick(page) {
      await ball(page, '第一位', '5').click();
      return '5||||';
    },
  },
  {
    family: 'FC3D',
    code: '1501',
    single: false,
    async pick(page) {
      await ball(page, '百位', '1').click();
      await ball(page, '十位', '2').click();
      await ball(page, '十位', '5').click();
      await ball(page, '个位', '3').click();
      return '1|2,5|3';
    },
  },
  {
    family: 'PL35',
    code: '1601',
    single: false,
    async pick(page) {
      await page.locator('.pick-row[data-row="个位"] .quick-btn', { hasText: '单' }).click();
      await ball(page, '百位', '4').click();
      await ball(page, '十位', '4').click();
      return '4|4|1,3,5,7,9';
    },
  },
];

let stack: BettingStack;
let browser: Browser;
let page: Page;
const userName = uniqueAccount('bet');
const FUND_YUAN = 1000;
/** The player's expected balance, in minor units, kept in step with every bet and payout. */
let balanceMinor = 0n;

beforeAll(async () => {
  // Beijing 19:00 today: the house lotteries run (3- and 5-minute ones: the 1-minute ones play in
  // fast mode, see e2e/fast-bet), and FC3D/PL3 (daily, 21:15/21:25) stay on sale through the cases.
  stack = await startBettingStack({
    startMs: beijingToday(19, 0),
    lotteries: CASES.map((c) => lotteryOf(c.code)),
  });
  browser = await launch();
  ({ page } = await phone(browser, stack.baseUrl));
  await page.goto('/register');
  await register(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await stack.fund(userName, FUND_YUAN);
  balanceMinor = BigInt(FUND_YUAN) * 10_000n;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function api<T>(path: string): Promise<T> {
  const body = await page.evaluate(async (p) => (await fetch(`/v1/${p}`)).json(), path);
  const envelope = body as { code: number; msg: string; data: T };
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

interface Placed {
  orderId: string;
  issue: string;
  bettingNumber: string;
  amountMinor: bigint;
  playDetailCode: string;
}

/** Opens the lottery at the start of a fresh issue, picks, bets through the UI and checks the balance drop. */
async function placeBet(c: Case, freshIssue: boolean): Promise<Placed> {
  const lottery = lotteryOf(c.code);
  if (freshIssue) {
    // Start of the next issue: a whole sales period ahead, so the bet never races the close.
    const next = issueAfter(lottery, currentIssue(lottery, stack.clock.now()));
    stack.clock.jumpTo(next.startMs + 1000);
    await stack.app.scheduler.tick();
  }
  await page.goto(`/lottery/${c.family}/${c.code}`);
  await page
    .getByTestId('countdown')
    .filter({ hasText: /\d\d:\d\d:\d\d|预售中/ })
    .waitFor({ timeout: 20_000 })
    .catch(async (error: unknown) => {
      await snap(page, `betting-${c.family}-no-countdown`);
      throw error;
    });
  await page
    .getByTestId('footer-balance')
    .filter({ hasText: formatMoney(balanceMinor) })
    .waitFor();

  const expectedNumber = await c.pick(page);
  if (c.single) await page.getByRole('textbox', { name: '单注金额' }).fill('2');
  const count = Number(await page.getByTestId('bet-count').textContent());
  expect(count).toBeGreaterThan(0);
  const shownAmount = parseMoney((await page.getByTestId('bet-amount').textContent()) ?? '');
  await snap(page, `betting-${c.family}-picked`);

  if (c.single) {
    await page.locator('.bet-footer').getByRole('button', { name: '立即投注' }).click();
  } else {
    await page.getByRole('button', { name: '添加号码' }).click();
    await expect.poll(() => page.getByTestId('bet-count').textContent()).toBe('0');
    await page.getByLabel('号码栏').click();
    await expect.poll(() => page.locator('.basket-panel .basket-line').count()).toBe(1);
    await expect.poll(() => page.getByTestId('basket-amount').textContent()).toBe(formatMoney(shownAmount));
    await snap(page, `betting-${c.family}-basket`);
    await page.locator('.basket-panel').getByRole('button', { name: '立即投注' }).click();
  }
  const confirm = page
    .locator('.adm-dialog', { hasText: '投注确认' })
    .getByRole('button', { name: '立即投注' });
  await confirm.waitFor();
  const responsePromise = page.waitForResponse((r) =>
    r.url().includes(`/v1/enpath/${Buffer.from('betting/addBetting').toString('base64')}`),
  );
  await confirm.click();
  const response = await responsePromise;
  const reply = (await response.json()) as {
    code: number;
    msg: string;
    data: { orderId: string; issue: string; betMoney: string };
  };
  expect(reply.code, reply.msg).toBe(1);
  const again = page
    .locator('.adm-dialog', { hasText: '投注成功' })
    .getByRole('button', { name: '继续投注' });
  await again.waitFor();
  await snap(page, `betting-${c.family}-success`);
  await again.click();

  const amountMinor = parseMoney(reply.data.betMoney);
  expect(amountMinor).toBe(shownAmount);
  balanceMinor -= amountMinor;
  await page
    .getByTestId('footer-balance')
    .filter({ hasText: formatMoney(balanceMinor) })
    .waitFor();

  const detail = await api<BetDetailData>(`betting/getBetDetail?id=${reply.data.orderId}`);
  expect(detail.betInfoList[0]!.betNum).toBe(expectedNumber);
  return {
    orderId: reply.data.orderId,
    issue: reply.data.issue,
    bettingNumber: expectedNumber,
    amountMinor,
    playDetailCode: detail.betInfoList[0]!.playDetailCode,
  };
}

/** What packages/rules says the bet pays on the published draw. */
async function expectedPayout(c: Case, placed: Placed): Promise<bigint> {
  const lottery = lotteryOf(c.code);
  const play = findPlay(lottery.family, placed.playDetailCode.slice(-3), lottery.resultLength)!;
  const results = await api<ResultEntry[]>(`lottery/openResult?lotteryCode=${c.code}&dataNum=100`);
  const result = results.find((r) => r.issue === placed.issue);
  expect(result, `result of ${placed.issue}`).toBeDefined();
  const rebate = await api<RebateData>(`betting/getBetRebate?lotteryType=${lottery.lotteryType}`);
  const draw = settlementDraw(lottery, result!.openNumber.split(','), result!.openTime);
  const outcome = play.settle(placed.bettingNumber, draw);
  if (outcome.hits.length === 0 && !outcome.refund) return 0n;
  const count = play.count(placed.bettingNumber);
  return linePayoutMinor(play, outcome, rebate.group, placed.amountMinor, placed.amountMinor, BigInt(count));
}

/** The record list and the detail panel show the settlement; the balance follows it. */
async function checkSettled(c: Case, placed: Placed): Promise<void> {
  const payout = await expectedPayout(c, placed);
  balanceMinor += payout;
  await checkRecord(c, placed, payout);
  await checkBalance();
}

async function checkBalance(): Promise<void> {
  const { balance } = await api<{ balance: string }>('balance/queryBalanceFront');
  expect(balance).toBe(formatMoney(balanceMinor));
}

async function checkRecord(c: Case, placed: Placed, payout: bigint): Promise<void> {
  await page.goto('/bettingRecord');
  const row = page.locator(`.record-row[data-record="${placed.orderId}"]`);
  await row.waitFor().catch(async (error: unknown) => {
    await snap(page, `betting-${c.family}-records-missing`);
    console.error(JSON.stringify(await api('betting/getBetting?period=today&pageSize=20')).slice(0, 3000));
    throw error;
  });
  await expect
    .poll(() => row.locator('.record-state').textContent())
    .toBe(payout > 0n ? `已中奖 +${formatMoney(payout)}` : '未中奖');
  await snap(page, `betting-${c.family}-records`);
  await row.click();
  await page.getByTestId('bet-detail').waitFor();
  await expect
    .poll(() => page.getByTestId('detail-state').textContent())
    .toBe(payout > 0n ? '已中奖' : '未中奖');
  await expect.poll(() => page.getByTestId('detail-bonus').textContent()).toBe(`${formatMoney(payout)}元`);
  await checkDetailTexts(c, placed);
  await snap(page, `betting-${c.family}-detail`);
}

/**
 * The detail reads the selection as the basket does (never `0|0|||`) and the draw as the spec shows
 * it: 23 characters or more cut with 详情 for the whole, a BJ28 draw as its sum.
 */
async function checkDetailTexts(c: Case, placed: Placed): Promise<void> {
  const lottery = lotteryOf(c.code);
  const play = findPlay(lottery.family, placed.playDetailCode.slice(-3), lottery.resultLength)!;
  const selection = describeSelection(play, placed.bettingNumber);
  const short = shortSelection(lottery.family, selection);
  const line = page.locator('.detail-line-number').first();
  await expect.poll(() => line.textContent()).toBe(short.shortened ? `${short.text}详情` : selection);
  expect(await line.textContent()).not.toMatch(/\|/);

  const results = await api<ResultEntry[]>(`lottery/openResult?lotteryCode=${c.code}&dataNum=100`);
  const drawn = results.find((r) => r.issue === placed.issue)!.openNumber;
  const draw = describeDraw(lottery.family, drawn);
  const shortDraw = shortenOpenNumber(draw);
  const cell = page.getByTestId('detail-draw');
  await expect.poll(() => cell.textContent()).toBe(shortDraw.shortened ? `${shortDraw.text}详情` : draw);
  if (lottery.family === 'BJ28') expect(draw).toMatch(/^\d\+\d\+\d=\d+$/);
  if (shortDraw.shortened) {
    await cell.click();
    await expect.poll(() => page.locator('.adm-dialog .short-text-full').textContent()).toBe(draw);
    await snap(page, `betting-${c.family}-draw-detail`);
    await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
  }
}

/** Jump past the issue's draw and let the scheduler draw (house lotteries) and settle it. */
async function drawAndSettle(code: string, issue: string): Promise<void> {
  const times = issueTimes(lotteryOf(code), issue)!;
  stack.clock.jumpTo(times.drawMs + 2000);
  await settleAll();
}

/** Ticks until the scheduler has nothing left to draw or settle (each tick's work is bounded). */
async function settleAll(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const report = await stack.app.scheduler.tick();
    expect(report.errors).toBe(0);
    if (report.settled === 0 && report.drawn === 0) return;
  }
}

describe('betting on every family', () => {
  for (const c of CASES.filter((x) => lotteryOf(x.code).houseDrawn)) {
    it(`${c.family} ${c.code}: pick, bet, draw, settle`, async () => {
      const placed = await placeBet(c, true);
      await drawAndSettle(c.code, placed.issue);
      await checkSettled(c, placed);
    }, 120_000);
  }

  it('FC3D and PL35 (official results): bet both, enter the results, settle', async () => {
    const officials = CASES.filter((x) => !lotteryOf(x.code).houseDrawn);
    const placed: Placed[] = [];
    for (const c of officials) placed.push(await placeBet(c, false));
    const last = Math.max(
      ...placed.map((p, i) => issueTimes(lotteryOf(officials[i]!.code), p.issue)!.drawMs),
    );
    stack.clock.jumpTo(last + 2000);
    const numbers = [
      ['1', '5', '3'],
      ['4', '4', '7'],
    ];
    for (const [i, p] of placed.entries()) {
      const lottery = lotteryOf(officials[i]!.code);
      await enterOfficialResult(
        stack.app.ctx.db,
        lottery,
        issueTimes(lottery, p.issue)!,
        { numbers: numbers[i]! },
        stack.clock.now(),
      );
    }
    await settleAll();
    for (const [i, p] of placed.entries()) {
      const payout = await expectedPayout(officials[i]!, p);
      balanceMinor += payout;
      await checkRecord(officials[i]!, p, payout);
    }
    await checkBalance();
  }, 180_000);
});
