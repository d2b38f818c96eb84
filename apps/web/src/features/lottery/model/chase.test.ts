import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter } from '@lottery/rules/schedule';
import { describe, expect, it } from 'vitest';
import { type BasketLine, priced } from './basket';
import {
  atMultiplierOne,
  chasePlan,
  chaseRequest,
  chaseSummary,
  DEFAULT_CHASE,
  setStopOption,
} from './chase';

const k3 = lotteryByCode('1401')!;
const NOW = Date.UTC(2026, 2, 10, 4, 0, 10); // 12:00:10 Beijing
const line = (n: string, multiplier = 1): BasketLine =>
  priced({
    lotteryCode: '1401',
    playDetailCode: '1401A10',
    playName: '和值',
    betDetail: n,
    bettingNumber: n,
    bettingCount: 1,
    bettingUnit: '1',
    graduationCount: multiplier,
    baseMinor: 20_000n,
  });

describe('chase in the basket', () => {
  it('forces multipliers to 1 and prices every issue from its multiplier (翻倍 every 2 ×2)', () => {
    const lines = [line('10', 3), line('11')];
    expect(atMultiplierOne(lines).map((l) => [l.graduationCount, l.amountMinor])).toEqual([
      [1, 20_000n],
      [1, 20_000n],
    ]);
    const plan = chasePlan(k3, lines, { ...DEFAULT_CHASE, chaseCount: 5, doubling: true }, NOW);
    expect(plan.rows.map((r) => r.multiplier)).toEqual([1, 1, 2, 2, 4]);
    expect(plan.rows.map((r) => r.amountMinor)).toEqual([40_000n, 40_000n, 80_000n, 80_000n, 160_000n]);
    expect(plan.totalMinor).toBe(400_000n);
    const first = currentIssue(k3, NOW);
    expect(plan.rows.slice(0, 2).map((r) => r.issue)).toEqual([first.issue, issueAfter(k3, first).issue]);
  });

  it('refuses a plan whose doubling outgrows 10000倍', () => {
    const plan = chasePlan(
      k3,
      [line('10')],
      { ...DEFAULT_CHASE, chaseCount: 50, doubling: true, chaseEach: 1 },
      NOW,
    );
    expect(plan).toMatchObject({ rows: [], error: '最多10000倍' });
  });

  it('keeps 中奖即停 and 中奖循环 mutually exclusive', () => {
    const loop = setStopOption(DEFAULT_CHASE, 'loop', true);
    expect([loop.stopAfterWin, loop.loopAfterWin]).toEqual([false, true]);
    const stop = setStopOption(loop, 'stop', true);
    expect([stop.stopAfterWin, stop.loopAfterWin]).toEqual([true, false]);
    expect(chaseSummary({ ...DEFAULT_CHASE, power: 3, chaseCount: 7 })).toBe('投3倍，追7期');
  });

  it('builds the payload the server checks: eachInfo at multiplier 1, eachOrder per issue, the total', () => {
    const lines = [line('10', 2)];
    const options = { ...DEFAULT_CHASE, chaseCount: 3, power: 2 };
    const plan = chasePlan(k3, lines, options, NOW);
    const body = chaseRequest(k3, lines, plan.rows, options, '0');
    expect(body).toMatchObject({
      lotteryCode: '1401',
      chaseCount: 3,
      isStopAfterWinning: 1,
      autoBuyIfStopAfterWinning: 0,
      bettingAllAmount: '12.00',
      eachInfo: [{ bettingNumber: '10', graduationCount: 1, bettingAmount: '2.00' }],
    });
    expect(body.eachOrder.map((o) => [o.graduationCount, o.bettingAmount])).toEqual([
      [2, '4.00'],
      [2, '4.00'],
      [2, '4.00'],
    ]);
  });
});
