import { describe, expect, it } from 'vitest';
import { familyOfPlayCode, groupByPlay, lotteryTypeOf } from './rebate-type';

describe('lotteryTypeOf', () => {
  it('takes the picker number 1-16 or a family code', () => {
    expect(lotteryTypeOf('1')).toBe(1);
    expect(lotteryTypeOf('16')).toBe(16);
    expect(lotteryTypeOf('K3')).toBe(1);
    expect(lotteryTypeOf('bj28')).toBe(15);
  });
  it('refuses anything else', () => {
    expect(lotteryTypeOf('0')).toBeUndefined();
    expect(lotteryTypeOf('17')).toBeUndefined();
    expect(lotteryTypeOf('XYZ')).toBeUndefined();
    expect(lotteryTypeOf(undefined)).toBeUndefined();
  });
});

describe('odds rows', () => {
  it('name their family from the play code', () => {
    expect(familyOfPlayCode('K3A10')).toBe('K3');
    expect(familyOfPlayCode('SYX5B21')).toBe('SYX5');
    expect(familyOfPlayCode('ZZA10')).toBeUndefined();
  });
  it('group by play in the server order', () => {
    const rows = [{ playCode: 'K3A10' }, { playCode: 'K3A10' }, { playCode: 'K3B10' }];
    expect(groupByPlay(rows).map((g) => [g.playCode, g.rows.length])).toEqual([
      ['K3A10', 2],
      ['K3B10', 1],
    ]);
  });
});
