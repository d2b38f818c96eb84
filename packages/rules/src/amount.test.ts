import { describe, expect, it } from 'vitest';
import {
  amountIgnoresCount,
  assertBasketRoom,
  assertChaseable,
  chaseOrders,
  chaseTotalMinor,
  checkUnit,
  lineAmountMinor,
  MAX_MULTIPLIER,
  maxWinMinor,
  normaliseChaseCount,
  normaliseChaseEach,
  normaliseMultiplier,
  normalisePerBetAmount,
} from './amount';
import { lotteryByCode } from './lotteries';
import { RuleError } from './play';

/** '19.85' yuan -> minor units, parsed as text so no float touches money. */
const yuan = (text: string): bigint => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 10_000n + BigInt(fraction.padEnd(4, '0'));
};

describe('line amount', () => {
  const line = {
    lotteryCode: '1002',
    playDetailCode: '1002D11',
    count: 3,
    multiplier: 2,
    unit: '1' as const,
    baseMinor: 20_000n,
  };

  it('is base × count × unit × multiplier', () => {
    expect(lineAmountMinor(line)).toBe(yuan('12')); // 2 × 3 × 1 × 2
    expect(lineAmountMinor({ ...line, unit: '0.1' })).toBe(yuan('1.2'));
    expect(lineAmountMinor({ ...line, unit: '0.01' })).toBe(yuan('0.12'));
    expect(lineAmountMinor({ ...line, count: 1, multiplier: 1, unit: '0.01' })).toBe(200n); // 0.02 yuan
  });

  it('truncates to 2 decimals, never rounds up', () => {
    // base 1.5 yuan × 1 note × 分 × 1 = 0.015 -> 0.01
    expect(lineAmountMinor({ ...line, baseMinor: 15_000n, count: 1, multiplier: 1, unit: '0.01' })).toBe(
      100n,
    );
    // base 3 yuan × 7 notes × 分 × 3 = 0.63 exact
    expect(lineAmountMinor({ ...line, baseMinor: 30_000n, count: 7, multiplier: 3, unit: '0.01' })).toBe(
      6300n,
    );
    // base 0.5 yuan × 3 × 分 × 1 = 0.015 -> 0.01
    expect(lineAmountMinor({ ...line, baseMinor: 5_000n, count: 3, multiplier: 1, unit: '0.01' })).toBe(100n);
  });

  it('does not multiply the count for K3 ("14" codes) A10 and stock A11', () => {
    expect(lineAmountMinor({ ...line, lotteryCode: '1401', playDetailCode: '1401A10', count: 5 })).toBe(
      yuan('4'),
    );
    expect(lineAmountMinor({ ...line, lotteryCode: '1401', playDetailCode: '1401B10', count: 5 })).toBe(
      yuan('20'),
    );
    expect(lineAmountMinor({ ...line, lotteryCode: '1902', playDetailCode: '1902A11', count: 5 })).toBe(
      yuan('4'),
    );
    // KL8 A10 and SSC A11 multiply as usual
    expect(lineAmountMinor({ ...line, lotteryCode: '1701', playDetailCode: '1701A10', count: 5 })).toBe(
      yuan('20'),
    );
    expect(lineAmountMinor({ ...line, lotteryCode: '1002', playDetailCode: '1002A11', count: 5 })).toBe(
      yuan('20'),
    );
    expect(amountIgnoresCount('1410', '1410A10')).toBe(true);
    expect(amountIgnoresCount('1911', '1911A11')).toBe(true);
  });

  it('refuses a multiplier above 10000 or a zero count', () => {
    expect(() => lineAmountMinor({ ...line, multiplier: MAX_MULTIPLIER + 1 })).toThrow(
      new RuleError('最多10000倍'),
    );
    expect(() => lineAmountMinor({ ...line, multiplier: 0 })).toThrow(RuleError);
    expect(() => lineAmountMinor({ ...line, count: 0 })).toThrow(new RuleError('请至少选择一注号码投注'));
    expect(lineAmountMinor({ ...line, multiplier: MAX_MULTIPLIER, count: 1 })).toBe(yuan('20000'));
  });
});

describe('chase amounts', () => {
  it('multiplies every issue by the power', () => {
    const orders = chaseOrders(yuan('4'), {
      chaseCount: 3,
      power: 5,
      doubling: false,
      chaseEach: 2,
      chaseEachMultiple: 2,
    });
    expect(orders.map((o) => o.amountMinor)).toEqual([yuan('20'), yuan('20'), yuan('20')]);
    expect(chaseTotalMinor(orders)).toBe(yuan('60'));
  });

  it('grows by chaseEachMultiple every chaseEach issues when doubling', () => {
    const orders = chaseOrders(yuan('2'), {
      chaseCount: 7,
      power: 1,
      doubling: true,
      chaseEach: 2,
      chaseEachMultiple: 3,
    });
    expect(orders.map((o) => o.graduationCount)).toEqual([1n, 1n, 3n, 3n, 9n, 9n, 27n]);
    expect(chaseTotalMinor(orders)).toBe(yuan('106')); // 2 × (1 + 1 + 3 + 3 + 9 + 9 + 27)
  });

  it('keeps exact bigint multiples over 50 doubling issues', () => {
    const orders = chaseOrders(200n, {
      chaseCount: 50,
      power: 1,
      doubling: true,
      chaseEach: 1,
      chaseEachMultiple: 2,
    });
    expect(orders[49]!.graduationCount).toBe(2n ** 49n);
    expect(orders[49]!.amountMinor).toBe(200n * 2n ** 49n);
  });

  it('refuses more than 50 issues', () => {
    expect(() =>
      chaseOrders(200n, { chaseCount: 51, power: 1, doubling: false, chaseEach: 2, chaseEachMultiple: 2 }),
    ).toThrow(new RuleError('最多50期'));
  });

  it('needs one play and one unit, and a lottery that offers chase', () => {
    const k3 = lotteryByCode('1401')!;
    const a = { playDetailCode: '1401B10', bettingUnit: '1' as const };
    expect(() => assertChaseable(k3, [a, a])).not.toThrow();
    expect(() => assertChaseable(k3, [a, { ...a, bettingUnit: '0.1' }])).toThrow(
      new RuleError('追号不支持混投，请确保您的投注都为同一玩法且元角分模式一致。'),
    );
    expect(() => assertChaseable(k3, [a, { ...a, playDetailCode: '1401C10' }])).toThrow(RuleError);
    expect(() => assertChaseable(lotteryByCode('1501')!, [a])).toThrow(RuleError);
  });
});

describe('limits and inputs', () => {
  it('holds at most 20 basket lines', () => {
    expect(() => assertBasketRoom(20)).not.toThrow();
    expect(() => assertBasketRoom(21)).toThrow(new RuleError('方案注数最多20笔'));
  });

  it('normalises the multiplier box', () => {
    expect(normaliseMultiplier('12')).toEqual({ value: 12 });
    expect(normaliseMultiplier('0')).toEqual({ value: 1 });
    expect(normaliseMultiplier('-3')).toEqual({ value: 1 });
    expect(normaliseMultiplier('abc')).toEqual({ value: 1 });
    expect(normaliseMultiplier('20000')).toEqual({ value: 10000, message: '最多10000倍' });
  });

  it('normalises the chase boxes', () => {
    expect(normaliseChaseCount('60')).toEqual({ value: 50, message: '最多50期' });
    expect(normaliseChaseCount('x')).toEqual({ value: 1 });
    expect(normaliseChaseEach('3.9')).toBe(3);
    expect(normaliseChaseEach('0')).toBe(1);
  });

  it('normalises the per-bet amount box', () => {
    expect(normalisePerBetAmount('25')).toBe(25);
    expect(normalisePerBetAmount('9999999')).toBe(1_000_000);
    expect(normalisePerBetAmount('12345678')).toBe(1_000_000); // 7 characters kept: 1234567 -> capped
    expect(normalisePerBetAmount('0')).toBeUndefined();
    expect(normalisePerBetAmount('2.5')).toBeUndefined();
  });

  it('allows only 元 while cent mode is off', () => {
    expect(checkUnit('0.01', false)).toEqual({ unit: '1', message: '目前只支持元哦' });
    expect(checkUnit('0.01', true)).toEqual({ unit: '0.01' });
    expect(checkUnit('1', false)).toEqual({ unit: '1' });
  });

  it('floors the long-dragon maximum win to 2 decimals', () => {
    // 10 yuan × odds 1.985 = 19.85
    expect(maxWinMinor(yuan('10'), 19_850n)).toBe(yuan('19.85'));
    // 3 yuan × odds 1.9833 = 5.9499 -> 5.94
    expect(maxWinMinor(yuan('3'), 19_833n)).toBe(yuan('5.94'));
  });
});
