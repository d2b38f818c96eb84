import { describe, expect, it } from 'vitest';
import { permutations } from '../math';
import { pk10Draws, proveRtp, seededRandom } from '../rtp';
import { distinctTuples, PLAYS } from './pk10';

const play = (code: string) => PLAYS.find((p) => p.code === code)!;
const GROUPS = [1700, 1880];
const DRAW = ['03', '07', '01', '10', '05', '02', '04', '06', '08', '09'];

describe('PK10 catalogue', () => {
  it('has the spec codes', () => {
    expect(PLAYS.map((p) => p.code)).toEqual([
      'A11',
      'B11',
      'B12',
      'C11',
      'C12',
      'D11',
      'D12',
      'E11',
      'E12',
      'F11',
      'G11',
      'H11',
    ]);
    expect(PLAYS.filter((p) => p.isDefault).map((p) => p.code)).toEqual(['F11']);
  });
});

describe('PK10 counts (hand-worked)', () => {
  it('straights count distinct-number tuples', () => {
    expect(play('A11').count('01,02,03')).toBe(3);
    expect(play('B11').count('01,02|01,02')).toBe(2); // 01-02, 02-01
    expect(play('B11').count('01,02,03|01,02,03')).toBe(6);
    expect(play('C11').count('01|02|03,04')).toBe(2);
    expect(distinctTuples([0b11111111110, 0b11111111110, 0b11111111110])).toBe(720);
    expect(play('B12').count('0102 0201;01,03')).toBe(3);
    expect(play('F11').count(['01', '', '', '', '', '', '', '', '', '02,03'].join('|'))).toBe(3);
    expect(play('G11').count('大,龙|||||单||||')).toBe(3);
    expect(play('H11').count('3,19,大')).toBe(3);
  });

  it('rejects invalid lines', () => {
    expect(() => play('A11').count('1')).toThrow('号码格式错误');
    expect(() => play('A11').count('11')).toThrow('号码格式错误');
    expect(() => play('B11').count('01|01')).toThrow('请至少选择一注号码投注');
    expect(() => play('B12').count('0101')).toThrow('号码不能重复');
    expect(() => play('B12').count('010')).toThrow('每注2个号码');
    expect(() => play('B12').count('0102 0102')).toThrow('号码重复');
    expect(() => play('G11').count('|||||龙||||')).toThrow('号码格式错误'); // no 龙虎 from 第六名
    expect(() => play('H11').count('2')).toThrow('号码格式错误');
  });
});

describe('PK10 settlement (draw 03 07 01 10 05 02 04 06 08 09)', () => {
  const hits = (code: string, line: string) => play(code).settle(line, DRAW).hits;
  it('straights, 定位胆', () => {
    expect(hits('A11', '03,05')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('C11', '03|07|01,02')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('C11', '07|03|01')).toEqual([]);
    expect(hits('E12', '0307011005 0102030405')).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('F11', '03|07|01|||||||09')).toEqual([{ tier: 'main', notes: 4 }]);
  });
  it('两面 and 冠亚和 (3 + 7 = 10: 小, 双)', () => {
    // 冠军 03: 小 单; 冠军 vs 第十 09: 虎
    expect(play('G11').settle('大,小,单,双,龙,虎|||||||||', DRAW).hits).toEqual([
      { tier: 'small', notes: 1 },
      { tier: 'odd', notes: 1 },
      { tier: 'tiger', notes: 1 },
    ]);
    expect(hits('H11', '10,11,大,小,双')).toEqual([
      { tier: 'small', notes: 1 },
      { tier: 'even', notes: 1 },
      { tier: 'sum10', notes: 1 },
    ]);
    expect(play('H11').settle('10', ['03', '07']).hits).toEqual([]);
  });
  it('has exact tier chances', () => {
    const c = (code: string, tier: string) => play(code).tiers.find((t) => t.key === tier)!.chance;
    expect(c('H11', 'sum3')).toEqual({ num: 1n, den: 45n }); // 2/90
    expect(c('H11', 'sum11')).toEqual({ num: 1n, den: 9n }); // 10/90
    expect(c('H11', 'big')).toEqual({ num: 4n, den: 9n }); // 40/90
    expect(c('E11', 'main')).toEqual({ num: 1n, den: permutations(10, 5) });
  });
});

describe('PK10 RTP proof: every arrangement of the positions a line reads, groups 1700 and 1880', () => {
  const random = seededRandom(5);
  const cases: [string, number[], string[]][] = [
    ['A11', [0], ['01,02,03']],
    ['B11', [0, 1], ['01,02,03|01,02,03']],
    ['B12', [0, 1], ['0102 0201 0510']],
    ['C11', [0, 1, 2], ['01,02|01,02,03|04']],
    ['C12', [0, 1, 2], ['010203']],
    ['D11', [0, 1, 2, 3], ['01|02|03|04,05']],
    ['D12', [0, 1, 2, 3], ['01020304 04030201']],
    ['E11', [0, 1, 2, 3, 4], ['01|02|03|04|05,06']],
    ['E12', [0, 1, 2, 3, 4], ['0102030405']],
    ['F11', [0, 9], [['01,02', '', '', '', '', '', '', '', '', '03,10'].join('|')]],
    ['G11', [0, 9], ['大,小,单,双,龙,虎|||||||||大,小,单,双']],
    ['H11', [0, 1], [`${Array.from({ length: 17 }, (_, i) => i + 3).join(',')},大,小,单,双`]],
  ];
  for (const [code, positions, lines] of cases) {
    it(code, () => {
      const p = play(code);
      const draws = [...pk10Draws(positions)];
      const extra = positions.length <= 2 && code !== 'F11' && code !== 'G11' ? [p.quickPick(random)] : [];
      expect(proveRtp(p, [...lines, ...extra], GROUPS, draws)).toEqual([]);
    });
  }
});
