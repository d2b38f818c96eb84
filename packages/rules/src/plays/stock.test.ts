import { describe, expect, it } from 'vitest';
import { allDigitDraws, proveRtp } from '../rtp';
import { PLAYS } from './stock';

const play = (code: string) => PLAYS.find((p) => p.code === code)!;
const GROUPS = [1700, 1880];

describe('STOCK', () => {
  it('has A11 B11 C11 D11', () => {
    expect(PLAYS.map((p) => p.code)).toEqual(['A11', 'B11', 'C11', 'D11']);
    expect(PLAYS.every((p) => p.credit)).toBe(true);
  });

  it('counts', () => {
    expect(play('A11').count('1,2|3|||')).toBe(3);
    expect(play('B11').count('牛,熊')).toBe(2);
    expect(play('D11').count('涨,单||跌||')).toBe(3);
    expect(() => play('D11').count('大||||')).toThrow('号码格式错误');
  });

  it('settles up/down, bull/bear, and refunds a tie', () => {
    expect(play('D11').settle('涨,跌,单,双||||', [...'50000']).hits).toEqual([
      { tier: 'up', notes: 1 },
      { tier: 'odd', notes: 1 },
    ]);
    expect(play('D11').settle('涨||||', [...'40000']).hits).toEqual([]);
    expect(play('B11').settle('牛', [...'52000'])).toEqual({
      hits: [{ tier: 'bull', notes: 1 }],
      refund: false,
    });
    expect(play('B11').settle('牛', [...'25000'])).toEqual({ hits: [], refund: false });
    expect(play('B11').settle('牛,熊', [...'55000'])).toEqual({ hits: [], refund: true });
    expect(play('C11').settle('大,单', [...'99995']).hits).toEqual([
      { tier: 'sumBig', notes: 1 },
      { tier: 'sumOdd', notes: 1 },
    ]);
  });

  it('RTP proof over all 100000 draws at groups 1700 and 1880, the tie refund included', () => {
    const draws = [...allDigitDraws(5)];
    const lines: Record<string, string> = {
      A11: '0,5|1|2|3|9',
      B11: '牛,熊',
      C11: '大,小,单,双',
      D11: Array(5).fill('涨,跌,单,双').join('|'),
    };
    for (const p of PLAYS) expect(proveRtp(p, [lines[p.code]!], GROUPS, draws)).toEqual([]);
  });
});
