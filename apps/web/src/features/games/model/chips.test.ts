import { describe, expect, it } from 'vitest';
import { addStake, centsToYuan, roundSummary, totalStakeCents } from './chips';

describe('chip sums', () => {
  it('adds chips per area in cents', () => {
    let stakes = addStake({}, 'dragon', 10);
    stakes = addStake(stakes, 'dragon', 5);
    stakes = addStake(stakes, 'tie', 1);
    expect(stakes).toEqual({ dragon: 1500, tie: 100 });
    expect(centsToYuan(totalStakeCents(stakes))).toBe('16.00');
  });
  it('states the round from mine: credit minus what left the wallet', () => {
    expect(roundSummary('10.00', '20.00')).toEqual({ profitCents: 1000, text: '本局赢 10.00元' });
    expect(roundSummary('10.00', '0.00').text).toBe('本局输 10.00元');
    // 百人牛牛 debits 4× the stake: a 10-yuan bet credited 20 lost 20.
    expect(roundSummary('10.00', '20.00', 4).text).toBe('本局输 20.00元');
    expect(roundSummary('10.00', '10.00').text).toBe('本局持平');
  });
});
