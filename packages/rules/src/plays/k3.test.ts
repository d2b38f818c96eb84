import { describe, expect, it } from 'vitest';
import { RuleError } from '../play';
import { allDiceDraws, proveRtp, seededRandom } from '../rtp';
import { PLAYS } from './k3';

const play = (code: string) => PLAYS.find((p) => p.code === code)!;
const GROUPS = [1700, 1880];
const DRAWS = [...allDiceDraws()];

describe('K3 catalogue', () => {
  it('has the spec codes A10-H10 with A10 as default', () => {
    expect(PLAYS.map((p) => p.code)).toEqual(['A10', 'B10', 'C10', 'D10', 'E10', 'F10', 'G10', 'H10']);
    expect(PLAYS.filter((p) => p.isDefault).map((p) => p.code)).toEqual(['A10']);
    expect(PLAYS.every((p) => p.family === 'K3' && p.credit)).toBe(true);
  });
});

describe('K3 note counts', () => {
  it('counts hand-worked selections', () => {
    expect(play('A10').count('3,10,18')).toBe(3);
    expect(play('B10').count('三同号通选')).toBe(1);
    expect(play('C10').count('111,666')).toBe(2);
    expect(play('D10').count('1,2,3,4')).toBe(4); // C(4,3)
    expect(play('D10').count('1,2,3,4,5,6')).toBe(20);
    expect(play('E10').count('三连号通选')).toBe(1);
    expect(play('F10').count('11,22,33')).toBe(3);
    expect(play('G10').count('11,22|3,4')).toBe(4);
    expect(play('H10').count('1,2,3')).toBe(3); // C(3,2)
  });

  it('rejects bad selections with a message', () => {
    expect(() => play('A10').count('')).toThrow('请至少选择一注号码投注');
    expect(() => play('A10').count('2')).toThrow(RuleError);
    expect(() => play('A10').count('3,3')).toThrow('号码重复');
    expect(() => play('D10').count('1,2')).toThrow('请至少选择一注号码投注');
    expect(() => play('G10').count('11|1')).toThrow('同号与不同号不能相同');
    expect(() => play('G10').count('11|1,2')).toThrow('同号与不同号不能相同');
    expect(() => play('C10').count('123')).toThrow('号码格式错误');
    expect(() => play('H10').count('1,7')).toThrow(RuleError);
  });
});

describe('K3 settlement on hand-worked draws', () => {
  const hits = (code: string, line: string, draw: string) => play(code).settle(line, [...draw]).hits;
  it('pays the tier of the drawn sum', () => {
    expect(hits('A10', '6,7', '123')).toEqual([{ tier: 'sum6', notes: 1 }]);
    expect(hits('A10', '6,7', '124')).toEqual([{ tier: 'sum7', notes: 1 }]);
    expect(hits('A10', '6,7', '666')).toEqual([]);
  });
  it('settles triples, runs and pairs', () => {
    expect(hits('B10', '三同号通选', '444')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('B10', '三同号通选', '443')).toEqual([]);
    expect(hits('C10', '111,444', '444')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('C10', '111', '444')).toEqual([]);
    expect(hits('E10', '三连号通选', '342')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('E10', '三连号通选', '135')).toEqual([]);
    expect(hits('F10', '11,22', '121')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('F10', '11', '111')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('F10', '11', '123')).toEqual([]);
    expect(hits('G10', '11|2,3', '211')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('G10', '11|2', '111')).toEqual([]);
  });
  it('counts several winning notes of one line', () => {
    expect(hits('H10', '1,2,3', '123')).toEqual([{ tier: 'main', notes: 3 }]);
    expect(hits('H10', '1,2,3', '112')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('D10', '1,2,3,4', '432')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('D10', '1,2,3,4', '442')).toEqual([]);
  });
});

describe('K3 tier chances', () => {
  it('are the enumerated ones', () => {
    const c = (code: string, tier = 'main') => play(code).tiers.find((t) => t.key === tier)!.chance;
    expect(c('A10', 'sum3')).toEqual({ num: 1n, den: 216n });
    expect(c('A10', 'sum10')).toEqual({ num: 1n, den: 8n }); // 27/216
    expect(c('B10')).toEqual({ num: 1n, den: 36n });
    expect(c('E10')).toEqual({ num: 1n, den: 9n }); // 24/216
    expect(c('F10')).toEqual({ num: 2n, den: 27n }); // 16/216
    expect(c('G10')).toEqual({ num: 1n, den: 72n }); // 3/216
    expect(c('H10')).toEqual({ num: 5n, den: 36n }); // 30/216
  });
});

describe('K3 RTP proof: 216 draws, groups 1700 and 1880', () => {
  const random = seededRandom(3);
  const full: Record<string, string[]> = {
    A10: ['3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18'],
    C10: ['111,222,333,444,555,666'],
    D10: ['1,2,3,4,5,6'],
    G10: ['11,22,33|4,5,6', '22|1,3,4,5,6'],
    H10: ['1,2,3,4,5,6'],
  };
  for (const p of PLAYS) {
    it(`${p.code} ${p.name} returns G/2000`, () => {
      const lines = [...(full[p.code] ?? []), ...Array.from({ length: 3 }, () => p.quickPick(random))];
      expect(proveRtp(p, lines, GROUPS, DRAWS)).toEqual([]);
    });
  }
});
