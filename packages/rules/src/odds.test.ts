import { describe, expect, it } from 'vitest';
import {
  betGroup,
  DEFAULT_POLICY,
  floorToCents,
  formatMinor,
  formatOdds,
  immediateRebateMinor,
  linePayoutMinor,
  parseRebateTenths,
  playRates,
  prizeGroup,
  rebateTable,
  singleOptionMaxWinMinor,
} from './odds';
import { findPlay, playsOf } from './plays';

const play = (family: Parameters<typeof findPlay>[0], code: string) => findPlay(family, code)!;

describe('prize group', () => {
  it('is Gmin + 20 per percent of rebate, in 0.1 % steps up to the tenant maximum', () => {
    expect(prizeGroup(DEFAULT_POLICY, 0)).toBe(1700);
    expect(prizeGroup(DEFAULT_POLICY, 45)).toBe(1790);
    expect(prizeGroup(DEFAULT_POLICY, 90)).toBe(1880);
    expect(() => prizeGroup(DEFAULT_POLICY, 91)).toThrow(RangeError);
    expect(() => prizeGroup(DEFAULT_POLICY, 4.5)).toThrow(RangeError);
    expect(parseRebateTenths('4.5')).toBe(45);
    expect(parseRebateTenths('9')).toBe(90);
    expect(parseRebateTenths('4.55')).toBeNull();
    expect(parseRebateTenths('-1')).toBeNull();
  });

  it('bettingPoint moves part of r into an immediate rebate at a lower group', () => {
    expect(betGroup(DEFAULT_POLICY, 60, 0)).toBe(1820);
    expect(betGroup(DEFAULT_POLICY, 60, 20)).toBe(1780);
    expect(betGroup(DEFAULT_POLICY, 60, 60)).toBe(1700);
    expect(() => betGroup(DEFAULT_POLICY, 60, 61)).toThrow(RangeError);
    // 2% of 100 yuan = 2 yuan; 0.5% of 0.03 yuan = 0.00015 -> 0.0001 (rounded down)
    expect(immediateRebateMinor(1_000_000n, 20)).toBe(20_000n);
    expect(immediateRebateMinor(300n, 5)).toBe(1n);
  });
});

describe('prizes and odds from exact chances', () => {
  it('pays G/(1000·p) per 2-yuan note for number plays', () => {
    // SSC 三星直选 p = 1/1000: 1800 yuan at G 1800
    expect(playRates(play('SSC', 'D11'), 1800).get('main')).toBe(18_000_000n);
    // 一码不定位 p = 271/1000: 1800/271 = 6.64206... -> 6.6420
    expect(playRates(play('SSC', 'D31'), 1800).get('main')).toBe(66_420n);
    // half-bonus plays: 组六 pays half of 组三
    const d21 = playRates(play('SSC', 'D21'), 1800);
    expect(d21.get('group3')).toBe(6_000_000n);
    expect(d21.get('group6')).toBe(3_000_000n);
  });

  it('pays G/(2000·p) per unit for credit plays, lowered for refund outcomes', () => {
    // K3 和值3 p = 1/216: 1800·216/2000 = 194.4
    expect(playRates(play('K3', 'A10'), 1800).get('sum3')).toBe(1_944_000n);
    // SSC 两面 总和大 p = 1/2: 0.9·2 = 1.8
    expect(playRates(play('SSC', 'K11'), 1800).get('sumBig')).toBe(18_000n);
    // STOCK 牛 p = 45/100, tie 10/100 refunded: (0.9 − 0.1)/0.45 = 1.7777...
    expect(playRates(play('STOCK', 'B11'), 1800).get('bull')).toBe(17_777n);
  });

  it('prices a settled line: hits × rate × stake per note / base, plus refunds', () => {
    const d11 = play('SSC', 'D11');
    const outcome = d11.settle('1|2|3', ['0', '0', '1', '2', '3']);
    // 角 unit (0.2 yuan per note), multiplier 3: stake per note 0.6 yuan = 6000 minor
    expect(linePayoutMinor(d11, outcome, 1800, 6_000n, 6_000n)).toBe(5_400_000n);
    const bull = play('STOCK', 'B11');
    const tie = bull.settle('牛,熊', ['5', '5', '0', '0', '0']);
    expect(tie.refund).toBe(true);
    expect(linePayoutMinor(bull, tie, 1800, 10_000n, 20_000n)).toBe(20_000n);
    // STOCK A11: 1 yuan for a 3-number line (amount not multiplied by count), one number hits:
    // 1/3 yuan × 9 (G 1800, p 1/10) = 3 yuan
    const a11 = findPlay('STOCK', 'A11')!;
    const hit = a11.settle('1,2,3||||', ['1', '0', '0', '0', '0']);
    expect(linePayoutMinor(a11, hit, 1800, 10_000n, 10_000n, 3n)).toBe(30_000n);
  });

  it('formats minor units and floors maximum wins to cents', () => {
    expect(formatMinor(1_944_000n, 3)).toBe('194.400');
    expect(formatMinor(66_420n, 3)).toBe('6.642');
    expect(formatMinor(17_777n)).toBe('1.7777');
    expect(floorToCents(17_777n)).toBe(17_700n);
    // long dragon: 10 yuan at odds 1.7777 -> 17.777 -> 17.77
    expect(singleOptionMaxWinMinor(17_777n, 100_000n)).toBe(177_700n);
  });

  it('shows odds with one rule: two decimals, rounded down, three for half-bonus plays', () => {
    expect(formatOdds(19_489n)).toBe('1.94');
    expect(formatOdds(95_142n)).toBe('9.51');
    expect(formatOdds(79_920n)).toBe('7.99');
    expect(formatOdds(74_000n)).toBe('7.40');
    expect(formatOdds(6_500_000n)).toBe('650.00');
    expect(formatOdds(3_250_000n, 3)).toBe('325.000');
    expect(formatOdds(87_750n, 3)).toBe('8.775');
    expect(formatOdds(0n)).toBe('0.00');
    expect(() => formatOdds(-1n)).toThrow(RangeError);
  });

  it('serves the rebate table of a family as rebate plus {playCode, bonus}', () => {
    const table = rebateTable(playsOf('K3'), DEFAULT_POLICY, 50);
    expect(table.rebate).toBe('5.0');
    expect(table.group).toBe(1800);
    expect(table.odds).toContainEqual(
      expect.objectContaining({ playCode: 'K3A10', tier: 'sum3', bonus: '194.400', bonusMinor: 1_944_000n }),
    );
    expect(table.odds.filter((o) => o.playCode === 'K3A10')).toHaveLength(16);
    expect(table.odds.find((o) => o.playCode === 'K3B10')?.bonus).toBe('32.400');
  });
});

describe('maximum win of a line', () => {
  it('is the best single draw: K3 和值 3,4 at 2 yuan per note pays the 和值3 prize', async () => {
    const { allDiceDraws, maxWinMinor } = await import('./rtp');
    const a10 = play('K3', 'A10');
    // sum3 odds 194.4 (G 1800) × 2 yuan = 388.8 yuan; sum 3 and 4 cannot both come
    expect(maxWinMinor(a10, '3,4', 1800, 20_000n, allDiceDraws())).toBe(3_888_000n);
    // H10 1,2,3: draw 123 wins 3 notes at odds 6.48 (p 30/216: 0.9 × 216/30) × 1 yuan
    expect(maxWinMinor(play('K3', 'H10'), '1,2,3', 1800, 10_000n, allDiceDraws())).toBe(3n * 64_800n);
  });
});
