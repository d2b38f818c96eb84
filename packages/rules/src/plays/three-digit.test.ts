import { describe, expect, it } from 'vitest';
import { findPlay, playsOf } from '../plays';
import { allDigitDraws, proveRtp, seededRandom } from '../rtp';
import { FC3D_PLAYS, PL35_PLAYS } from './three-digit';

const GROUPS = [1700, 1880];
const fc = (code: string) => FC3D_PLAYS.find((p) => p.code === code)!;

describe('three-digit catalogue', () => {
  it('FC3D and PL3 share the three-digit set; PL5 offers the five-digit straight only', () => {
    const three = FC3D_PLAYS.map((p) => p.code);
    expect(three).toContain('D25');
    expect(three).toContain('B24');
    expect(playsOf('PL35', 3).map((p) => p.code)).toEqual(three);
    expect(playsOf('PL35', 5).map((p) => p.code)).toEqual(['E11', 'E12']);
    expect(findPlay('PL35', 'E11', 5)?.isDefault).toBe(true);
    expect(findPlay('PL35', 'E11', 3)).toBeUndefined();
    expect(FC3D_PLAYS.filter((p) => p.isDefault).map((p) => p.code)).toEqual(['D11']);
  });
});

describe('three-digit counts and settlement (hand-worked)', () => {
  it('counts', () => {
    expect(fc('A11').count('1|2,3|')).toBe(3);
    expect(fc('D22').count('1,2,3')).toBe(6);
    expect(fc('D23').count('1,2,3,4')).toBe(4);
    expect(fc('D25').count('0')).toBe(54);
    expect(fc('C24').count('0')).toBe(9);
    expect(findPlay('PL35', 'E11', 5)!.count('1,2|3|4|5|6,7,8')).toBe(6);
    expect(findPlay('PL35', 'E12', 5)!.count('12345 54321')).toBe(2);
  });

  it('settles on 百十个 (前二 = 百十, 后二 = 十个)', () => {
    expect(fc('D11').settle('1|2|3', ['1', '2', '3']).hits).toEqual([{ tier: 'main', notes: 1 }]);
    expect(fc('C11').settle('1|2', ['1', '2', '3']).hits).toEqual([{ tier: 'main', notes: 1 }]);
    expect(fc('B11').settle('2|3', ['1', '2', '3']).hits).toEqual([{ tier: 'main', notes: 1 }]);
    expect(fc('B11').settle('1|2', ['1', '2', '3']).hits).toEqual([]);
    expect(fc('D25').settle('3', ['3', '3', '9']).hits).toEqual([{ tier: 'group3', notes: 1 }]);
    // a five-digit draw is not a three-digit lottery's draw
    expect(fc('D11').settle('1|2|3', ['1', '2', '3', '4', '5']).hits).toEqual([]);
    const e11 = findPlay('PL35', 'E11', 5)!;
    expect(e11.settle('1|2|3|4|5,6', ['1', '2', '3', '4', '6']).hits).toEqual([{ tier: 'main', notes: 1 }]);
    expect(e11.settle('1|2|3|4|5', ['1', '2', '3', '4', '6']).hits).toEqual([]);
  });
});

describe('three-digit RTP proof: all 1000 draws (PL5: 100000), groups 1700 and 1880', () => {
  const d3 = [...allDigitDraws(3)];
  const random = seededRandom(7);
  for (const p of [...FC3D_PLAYS, ...PL35_PLAYS.filter((x) => x.resultLength === 3).slice(0, 3)]) {
    it(`${p.family} ${p.code} ${p.name}`, () => {
      const lines = [p.quickPick(random), p.quickPick(random), p.quickPick(random)];
      expect(proveRtp(p, lines, GROUPS, d3)).toEqual([]);
    });
  }
  it('PL5 E11/E12 五星直选', () => {
    const d5 = [...allDigitDraws(5)];
    for (const p of PL35_PLAYS.filter((x) => x.resultLength === 5)) {
      expect(proveRtp(p, [p.quickPick(random)], GROUPS, d5)).toEqual([]);
    }
  });
});
