import { yearZodiacIndex, ZODIACS, zodiacYearAt } from '@lottery/rules/lhc-zodiac';
import { playRates } from '@lottery/rules/odds';
import { findPlay } from '@lottery/rules/plays';
import { describe, expect, it } from 'vitest';
import { oddsText, prizeLine, tierFor } from './odds';

const GROUP = 1900;

describe('odds on buttons and the maximum win', () => {
  it('finds the tier of an option by its name', () => {
    const bj28 = findPlay('BJ28', 'A01')!;
    expect(tierFor(bj28, '大', '大')).toBe('big');
    const k3 = findPlay('K3', 'A10')!;
    expect(tierFor(k3, '10', '10')).toBe('sum10');
    const ssc = findPlay('SSC', 'K11')!;
    expect(tierFor(ssc, '大', '总和大')).toBe('sumBig');
    expect(tierFor(ssc, '大', '万位大')).toBe('digitBig');
  });

  it('prices LHC zodiac and 合肖 buttons on their own tiers', () => {
    const year = zodiacYearAt(Date.now());
    const own = ZODIACS[yearZodiacIndex(year)]!;
    const other = ZODIACS[(yearZodiacIndex(year) + 1) % 12]!;
    const special = findPlay('LHC', 'E01')!;
    expect(tierFor(special, own, own)).toBe('year');
    expect(tierFor(special, other, other)).toBe('other');
    const rates = playRates(special, GROUP);
    expect(rates.get('year')!).toBeLessThan(rates.get('other')!);
    const combined = findPlay('LHC', 'E03')!;
    expect(tierFor(combined, '鼠', '鼠', 3)).toBe('k3');
    expect(tierFor(combined, '鼠', '鼠', 0)).toBe('k2');
  });

  it('shows the rules rate as text', () => {
    const bj28 = findPlay('BJ28', 'A01')!;
    const rate = playRates(bj28, GROUP).get('big')!;
    // Two decimals, rounded down, whatever the rate's own precision.
    expect(oddsText(bj28, GROUP, 'big')).toBe(
      `${rate / 10_000n}.${String(rate % 10_000n)
        .padStart(4, '0')
        .slice(0, 2)}`,
    );
  });

  it('states the prize of the play under its tip', () => {
    const d10 = findPlay('K3', 'D10')!;
    expect(prizeLine(d10, GROUP)).toBe(`赔率 ${oddsText(d10, GROUP, d10.tiers[0]!.key)}`);
    expect(prizeLine(findPlay('BJ28', 'A01')!, GROUP)).toBeUndefined();
    const straight = findPlay('SSC', 'D11')!;
    expect(prizeLine(straight, GROUP)).toBe(
      `单注奖金 ${oddsText(straight, GROUP, straight.tiers[0]!.key)}元`,
    );
    expect(prizeLine(straight, 0)).toBeUndefined();
    // Half-bonus: 组三 and half of it for 组六, three decimals each.
    const mixed = findPlay('SSC', 'D21')!;
    const rates = playRates(mixed, GROUP);
    // Within the rates' rounding, 组六 pays half of 组三.
    expect(Number(rates.get('group3')! - rates.get('group6')! * 2n)).toBeLessThanOrEqual(2);
    expect(prizeLine(mixed, GROUP)).toMatch(/^单注奖金 \d+\.\d{3}元\/\d+\.\d{3}元$/);
  });
});
