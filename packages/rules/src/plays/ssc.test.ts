import { describe, expect, it } from 'vitest';
import { allDigitDraws, proveRtp, seededRandom } from '../rtp';
import { formOf, PLAYS } from './ssc';

const play = (code: string) => PLAYS.find((p) => p.code === code)!;
const GROUPS = [1700, 1880];
const hits = (code: string, line: string, draw: string) => play(code).settle(line, [...draw]).hits;
const main = (notes: number) => [{ tier: 'main', notes }];

describe('SSC catalogue', () => {
  it('has every spec code, A11 default', () => {
    const expected = ['A11', 'I11', 'I12', 'K11', 'L11', 'J11', 'D31', 'D32'];
    for (const g of ['B', 'C']) for (const n of [11, 12, 13, 14, 21, 22, 23, 24]) expected.push(`${g}${n}`);
    for (const n of [11, 12, 13, 14, 21, 22, 23, 24, 25, 26, 27]) expected.push(`D${n}`);
    expect(PLAYS.map((p) => p.code).sort()).toEqual(expected.sort());
    expect(PLAYS.filter((p) => p.isDefault).map((p) => p.code)).toEqual(['A11']);
    expect(PLAYS.filter((p) => p.credit).map((p) => p.code)).toEqual(['K11', 'L11', 'J11']);
  });
});

describe('SSC note counts (hand-worked)', () => {
  it('定位胆, straight, sum and span', () => {
    expect(play('A11').count('1,2|||5,6,7|')).toBe(5);
    expect(play('D11').count('1,2|3|4,5,6')).toBe(6);
    expect(play('D12').count('123 456;789')).toBe(3);
    expect(play('D12').count(' 123，456；789')).toBe(3); // full-width separators cleaned
    expect(play('D13').count('0')).toBe(1);
    expect(play('D13').count('13')).toBe(75);
    expect(play('D13').count('0,1,2,27')).toBe(1 + 3 + 6 + 1);
    expect(play('D14').count('0')).toBe(10);
    expect(play('D14').count('1')).toBe(54);
    expect(play('D14').count('5')).toBe(150);
    expect(play('B13').count('9')).toBe(10);
    expect(play('B14').count('0,1,9')).toBe(10 + 18 + 2);
  });

  it('group plays: n(n−1), C(n,3), sums and 包胆 54 / 9', () => {
    expect(play('B21').count('1,2,3,4')).toBe(6);
    expect(play('B22').count('12 34')).toBe(2);
    expect(() => play('B22').count('12 21')).toThrow('号码重复');
    expect(play('B23').count('9')).toBe(5);
    expect(play('B23').count('1,17')).toBe(2);
    expect(play('B24').count('5')).toBe(9);
    expect(play('C24').count('0')).toBe(9);
    expect(play('D22').count('1,2,3,4')).toBe(12); // n(n−1)
    expect(play('D22').count('0,1,2,3,4,5,6,7,8,9')).toBe(90);
    expect(play('D23').count('1,2,3,4,5')).toBe(10); // C(5,3)
    expect(play('D23').count('0,1,2,3,4,5,6,7,8,9')).toBe(120);
    expect(play('D24').count('1')).toBe(1);
    expect(play('D24').count('3')).toBe(2); // 003, 012
    expect(play('D25').count('7')).toBe(54);
    expect(play('D21').count('112 123')).toBe(2);
    expect(play('D26').count('112 334')).toBe(2);
    expect(play('D27').count('123 789')).toBe(2);
    expect(play('D31').count('1,2,3')).toBe(3);
    expect(play('D32').count('1,2,3,4')).toBe(6);
  });

  it('big/small/odd/even and credit plays', () => {
    expect(play('I11').count('大,小|单')).toBe(2);
    expect(play('I12').count('大,小,单,双|大,小,单,双')).toBe(16);
    expect(play('K11').count('大|大,小|||单|')).toBe(4);
    expect(play('L11').count('龙,虎')).toBe(2);
    expect(play('J11').count('豹子||顺子,对子')).toBe(3);
  });

  it('rejects invalid lines with messages', () => {
    expect(() => play('A11').count('||||')).toThrow('请至少选择一注号码投注');
    expect(() => play('D11').count('1|2|')).toThrow('每位至少选择一个号码');
    expect(() => play('D11').count('1|2')).toThrow('号码格式错误');
    expect(() => play('D11').count('1|2|10')).toThrow('号码格式错误');
    expect(() => play('D11').count('1,1|2|3')).toThrow('号码重复');
    expect(() => play('D12').count('12')).toThrow('每注3位数字');
    expect(() => play('D12').count('123 123')).toThrow('号码重复');
    expect(() => play('D21').count('111')).toThrow('组选号码不能是豹子');
    expect(() => play('D21').count('112 121')).toThrow('号码重复');
    expect(() => play('D26').count('123')).toThrow('组三号码须有两位相同');
    expect(() => play('D27').count('112')).toThrow('组六号码须三位各不相同');
    expect(() => play('B22').count('33')).toThrow('组选号码不能是对子');
    expect(() => play('D25').count('1,2')).toThrow('包胆只能选择1个号码');
    expect(() => play('D22').count('1')).toThrow('请至少选择一注号码投注');
    expect(() => play('D23').count('1,2')).toThrow('请至少选择一注号码投注');
    expect(() => play('D24').count('0')).toThrow('号码格式错误');
    expect(() => play('K11').count('大')).toThrow('号码格式错误');
    expect(() => play('L11').count('大')).toThrow('号码格式错误');
  });
});

describe('SSC settlement on hand-worked draws', () => {
  it('定位胆 and straights', () => {
    expect(hits('A11', '1,2|||5,6,7|', '10050')).toEqual(main(2));
    expect(hits('A11', '1,2|||5,6,7|', '30040')).toEqual([]);
    expect(hits('D11', '1,2|3|4,5,6', '99134')).toEqual(main(1));
    expect(hits('D11', '1,2|3|4,5,6', '99137')).toEqual([]);
    expect(hits('D12', '134 256', '00256')).toEqual(main(1));
    expect(hits('D13', '6', '99123')).toEqual(main(1));
    expect(hits('D14', '2', '99123')).toEqual(main(1));
    expect(hits('B11', '5|8', '12358')).toEqual(main(1));
    expect(hits('C11', '5|8', '58123')).toEqual(main(1));
    expect(hits('C11', '5|8', '85123')).toEqual([]);
  });

  it('two-star groups lose on a pair', () => {
    expect(hits('B21', '5,8', '00085')).toEqual(main(1));
    expect(hits('B21', '5,8', '00055')).toEqual([]);
    expect(hits('B23', '13', '00076')).toEqual(main(1));
    expect(hits('B24', '5', '00058')).toEqual(main(1));
    expect(hits('B24', '5', '00055')).toEqual([]);
  });

  it('three-star groups pay 组三 or 组六 and nothing on a leopard', () => {
    expect(hits('D21', '112 123', '00211')).toEqual([{ tier: 'group3', notes: 1 }]);
    expect(hits('D21', '112 123', '00321')).toEqual([{ tier: 'group6', notes: 1 }]);
    expect(hits('D21', '112 123', '00111')).toEqual([]);
    expect(hits('D22', '1,2', '00121')).toEqual([{ tier: 'group3', notes: 1 }]);
    expect(hits('D22', '1,2', '00123')).toEqual([]);
    expect(hits('D23', '1,2,3,4', '00431')).toEqual([{ tier: 'group6', notes: 1 }]);
    expect(hits('D23', '1,2,3,4', '00441')).toEqual([]);
    expect(hits('D24', '3', '00012')).toEqual([{ tier: 'group6', notes: 1 }]);
    expect(hits('D24', '3', '00300')).toEqual([{ tier: 'group3', notes: 1 }]);
    expect(hits('D24', '3', '00111')).toEqual([]);
    expect(hits('D25', '1', '00112')).toEqual([{ tier: 'group3', notes: 1 }]);
    expect(hits('D25', '1', '00123')).toEqual([{ tier: 'group6', notes: 1 }]);
    expect(hits('D25', '1', '00111')).toEqual([]);
    expect(hits('D25', '1', '00234')).toEqual([]);
    expect(hits('D26', '112', '00121')).toEqual([{ tier: 'group3', notes: 1 }]);
    expect(hits('D27', '123', '00312')).toEqual([{ tier: 'group6', notes: 1 }]);
  });

  it('counts several winning notes of one line', () => {
    // 不定位: a digit drawn twice is still one note
    expect(hits('D31', '1,2,3', '00112')).toEqual(main(2));
    expect(hits('D32', '1,2,3', '00123')).toEqual(main(3));
    expect(hits('D32', '1,2,3', '00114')).toEqual([]);
    // 大小单双: 7 is 大 and 单, 5 is 大 and 单 -> 2 × 2 notes
    expect(hits('I11', '大,单|大,单', '75000')).toEqual(main(4));
    expect(hits('I12', '大,单|大', '00074')).toEqual([]);
  });

  it('credit plays: 两面, 龙虎, 豹子', () => {
    expect(play('K11').settle('大,单|大||||', [...'99999']).hits).toEqual([
      { tier: 'sumBig', notes: 1 },
      { tier: 'sumOdd', notes: 1 },
      { tier: 'digitBig', notes: 1 },
    ]);
    expect(hits('L11', '龙,和', '50003')).toEqual([{ tier: 'dragon', notes: 1 }]);
    expect(hits('L11', '龙,虎', '30003')).toEqual([]);
    expect(hits('L11', '和', '30003')).toEqual([{ tier: 'tie', notes: 1 }]);
    expect(hits('J11', '豹子|对子|', '88812')).toEqual([
      { tier: 'leopard', notes: 1 },
      { tier: 'pair', notes: 1 },
    ]);
    expect(hits('J11', '顺子||杂六', '88812')).toEqual([]);
    expect(formOf(8, 8, 8)).toBe('leopard');
    expect(formOf(3, 1, 2)).toBe('straight');
    expect(formOf(8, 9, 0)).toBe('straight');
    expect(formOf(9, 0, 1)).toBe('straight');
    expect(formOf(1, 1, 2)).toBe('pair');
    expect(formOf(1, 2, 4)).toBe('halfStraight');
    expect(formOf(1, 3, 5)).toBe('mixed');
  });

  it('has exact chances for the credit plays', () => {
    const c = (code: string, tier: string) => play(code).tiers.find((t) => t.key === tier)!.chance;
    expect(c('J11', 'leopard')).toEqual({ num: 1n, den: 100n }); // 10 of 1000
    expect(c('J11', 'straight')).toEqual({ num: 3n, den: 50n }); // 10 runs × 6 orders
    expect(c('J11', 'pair')).toEqual({ num: 27n, den: 100n }); // 270
    const forms = ['leopard', 'straight', 'pair', 'halfStraight', 'mixed'].map((t) => c('J11', t));
    expect(forms.reduce((n, f) => n + (f.num * 1000n) / f.den, 0n)).toBe(1000n);
    expect(c('L11', 'dragon')).toEqual({ num: 9n, den: 20n });
    expect(c('L11', 'tie')).toEqual({ num: 1n, den: 10n });
    expect(c('K11', 'sumBig')).toEqual({ num: 1n, den: 2n });
  });

  it('pays nothing on a malformed draw', () => {
    expect(hits('A11', '1||||', '1')).toEqual([]);
    expect(play('D11').settle('1|2|3', ['0', '0', '1', '2', '13']).hits).toEqual([]);
  });
});

describe('SSC RTP proof: all 100000 draws, groups 1700 and 1880', () => {
  const draws = [...allDigitDraws(5)];
  const random = seededRandom(11);
  const all4 = '大,小,单,双';
  const full: Record<string, string[]> = {
    D21: ['112 123 990'],
    D24: [Array.from({ length: 26 }, (_, i) => i + 1).join(',')],
    K11: [Array(6).fill(all4).join('|')],
    L11: ['龙,虎,和'],
    J11: [Array(3).fill('豹子,顺子,对子,半顺,杂六').join('|')],
    I11: [`${all4}|${all4}`],
  };
  for (const p of PLAYS) {
    it(`${p.code} ${p.name}`, () => {
      const lines = [...(full[p.code] ?? []), p.quickPick(random), p.quickPick(random)];
      expect(proveRtp(p, lines, GROUPS, draws)).toEqual([]);
    });
  }
});
