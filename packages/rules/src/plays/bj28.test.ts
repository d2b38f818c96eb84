import { describe, expect, it } from 'vitest';
import { allDigitDraws, proveRtp } from '../rtp';
import { PLAYS } from './bj28';

const play = (code: string) => PLAYS.find((p) => p.code === code)!;
const GROUPS = [1700, 1880];

describe('BJ28', () => {
  it('has A01 B01 C01, all credit style', () => {
    expect(PLAYS.map((p) => p.code)).toEqual(['A01', 'B01', 'C01']);
    expect(PLAYS.every((p) => p.credit)).toBe(true);
  });

  it('counts options and rejects unknown ones', () => {
    expect(play('A01').count('大,小单,极大')).toBe(3);
    expect(play('C01').count('0,13,27')).toBe(3);
    expect(() => play('C01').count('28')).toThrow('号码格式错误');
    expect(() => play('B01').count('')).toThrow('请至少选择一注号码投注');
  });

  it('settles on the sum of the three numbers', () => {
    // 9 + 9 + 6 = 24: 大 双 大双 极大, red wave
    expect(play('A01').settle('大,小,单,双,大单,大双,小单,小双,极大,极小', ['9', '9', '6']).hits).toEqual([
      { tier: 'big', notes: 1 },
      { tier: 'even', notes: 1 },
      { tier: 'bigEven', notes: 1 },
      { tier: 'extremeBig', notes: 1 },
    ]);
    expect(play('B01').settle('红波,绿波,蓝波', ['9', '9', '6']).hits).toEqual([{ tier: 'red', notes: 1 }]);
    // 13 and 14 win no wave
    expect(play('B01').settle('红波,绿波,蓝波', ['9', '4', '0']).hits).toEqual([]);
    expect(play('B01').settle('红波,绿波,蓝波', ['9', '4', '1']).hits).toEqual([]);
    expect(play('C01').settle('13,14', ['9', '4', '0']).hits).toEqual([{ tier: 'sum13', notes: 1 }]);
  });

  it('has exact chances: sum 13 and 14 each 75/1000, 极小 220/1000... enumerated', () => {
    const c = (code: string, tier: string) => play(code).tiers.find((t) => t.key === tier)!.chance;
    expect(c('C01', 'sum13')).toEqual({ num: 3n, den: 40n });
    expect(c('C01', 'sum0')).toEqual({ num: 1n, den: 1000n });
    expect(c('A01', 'big')).toEqual({ num: 1n, den: 2n });
    expect(c('A01', 'extremeSmall')).toEqual({ num: 7n, den: 200n }); // 35/1000
  });

  it('RTP proof over all 1000 draws at groups 1700 and 1880', () => {
    const draws = [...allDigitDraws(3)];
    const lines: Record<string, string> = {
      A01: '大,小,单,双,大单,大双,小单,小双,极大,极小',
      B01: '红波,绿波,蓝波',
      C01: Array.from({ length: 28 }, (_, i) => i).join(','),
    };
    for (const p of PLAYS) expect(proveRtp(p, [lines[p.code]!], GROUPS, draws)).toEqual([]);
  });
});
