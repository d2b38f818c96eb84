import { describe, expect, it } from 'vitest';
import {
  bj28Colour,
  bj28Labels,
  displayWidth,
  k3Labels,
  kl8Labels,
  lhcNumberLabels,
  lhcOpenNumber,
  lhcWave,
  lhcZodiac,
  lhcZodiacNumbers,
  lunarYearOf,
  pk10Labels,
  shortenOpenNumber,
  shortenSelection,
  sscLabels,
} from './display';
import { FIRST_ZODIAC_YEAR, LAST_ZODIAC_YEAR, lunarNewYear, yearZodiac, ZODIACS } from './lhc-zodiac';

describe('text shortening', () => {
  it('counts Chinese characters as 2', () => {
    expect(displayWidth('大小')).toBe(4);
    expect(displayWidth('01,02')).toBe(5);
  });

  it('shortens selections over 30 width', () => {
    expect(shortenSelection('0,1,2,3,4,5,6,7,8,9|0,1,2,3,4')).toEqual({
      text: '0,1,2,3,4,5,6,7,8,9|0,1,2,3,4',
      shortened: false,
    });
    const long = shortenSelection('万位大,千位大,百位大,十位大,个位大'); // 5×6 + 4 = 34 width
    expect(long).toEqual({ text: '万位大,千位大,百位大,十位大,个...', shortened: true });
    // a Chinese character that would straddle the limit is left out
    expect(shortenSelection(`${'1'.repeat(29)}大`)).toEqual({
      text: `${'1'.repeat(29)}...`,
      shortened: true,
    });
    expect(shortenSelection('1'.repeat(30)).shortened).toBe(false);
  });

  it('shortens open numbers of 23 or more characters to 23', () => {
    const kl8 = '01,05,09,12,18,22,30,33,41,45,50,52,60,61,66,70,72,75,78,80';
    expect(shortenOpenNumber(kl8)).toEqual({ text: `${kl8.slice(0, 23)}...`, shortened: true });
    expect(shortenOpenNumber('1'.repeat(23)).shortened).toBe(true);
    expect(shortenOpenNumber('1'.repeat(22))).toEqual({ text: '1'.repeat(22), shortened: false });
  });
});

describe('BJ28', () => {
  it('shows the open number as a sum with its labels', () => {
    expect(bj28Labels(['3', '5', '9'])).toEqual({
      sum: 17,
      text: '3+5+9=17',
      size: '大',
      parity: '单',
      colour: '蓝波',
    });
    expect(bj28Labels(['0', '1', '3'])).toEqual({
      sum: 4,
      text: '0+1+3=4',
      size: '小',
      parity: '双',
      extreme: '极小',
      colour: '绿波',
    });
    expect(bj28Labels(['9', '9', '9'])).toMatchObject({ sum: 27, size: '大', extreme: '极大' });
    expect(bj28Labels(['4', '5', '4']).size).toBe('小'); // 13
    expect(bj28Labels(['4', '5', '5']).size).toBe('大'); // 14
  });

  it('gives 0, 13, 14 and 27 no colour and every other sum exactly one', () => {
    for (const s of [0, 13, 14, 27]) expect(bj28Colour(s)).toBeUndefined();
    const coloured = Array.from({ length: 28 }, (_, s) => s).filter((s) => bj28Colour(s));
    expect(coloured).toHaveLength(24);
  });
});

describe('KL8', () => {
  const nums = (list: number[]) => list.map((n) => String(n).padStart(2, '0'));

  it('labels 上中下, 奇和偶 and the sum', () => {
    const up = kl8Labels(nums([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 41, 42, 43, 44, 45, 46, 47, 48, 49]));
    expect(up.upDown).toBe('上');
    expect(up.oddEven).toBe('奇'); // 11 odd
    expect(up.sum).toBe(66 + 405);
    expect(up.size).toBe('小');
    const even = kl8Labels(nums([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80]));
    expect(even.upDown).toBe('中');
    expect(even.oddEven).toBe('和');
    expect(even.sum).toBe(810);
    expect(even.size).toBe('小'); // 810 is small
    const big = kl8Labels(nums([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80]));
    expect(big).toMatchObject({ sum: 811, size: '大', parity: '单', upDown: '中', oddEven: '奇' });
  });
});

describe('two-face labels', () => {
  it('labels PK10 positions, 冠亚和 and dragon-tiger', () => {
    const l = pk10Labels(['06', '05', '01', '02', '03', '04', '07', '08', '09', '10']);
    expect(l.topTwoSum).toBe(11);
    expect(l.topTwo).toEqual({ size: '小', parity: '单' });
    expect(l.positions[0]).toEqual({ size: '大', parity: '双' });
    expect(l.positions[1]).toEqual({ size: '小', parity: '单' });
    expect(l.dragonTiger).toEqual(['虎', '虎', '虎', '虎', '虎']);
    expect(pk10Labels(['10', '02', '01', '03', '04', '05', '06', '07', '08', '09']).topTwo.size).toBe('大');
  });

  it('labels SSC 总和, positions and 龙虎和', () => {
    const l = sscLabels(['9', '5', '4', '0', '5']);
    expect(l.sum).toBe(23);
    expect(l.total).toEqual({ size: '大', parity: '单' });
    expect(l.positions.map((p) => p.size).join('')).toBe('大大小小大');
    expect(l.dragonTiger).toBe('龙');
    expect(sscLabels(['3', '1', '1', '1', '3']).dragonTiger).toBe('和');
    expect(sscLabels(['1', '4', '4', '4', '8'])).toMatchObject({
      sum: 21,
      total: { size: '小' },
      dragonTiger: '虎',
    });
  });

  it('labels the K3 sum', () => {
    expect(k3Labels(['5', '5', '1'])).toEqual({ sum: 11, total: { size: '大', parity: '单' } });
    expect(k3Labels(['1', '4', '5'])).toEqual({ sum: 10, total: { size: '小', parity: '双' } });
  });
});

describe('LHC colour and zodiac', () => {
  it('colours every number 1-49 exactly once, by the spec tables', () => {
    const waves = Array.from({ length: 49 }, (_, i) => lhcWave(i + 1));
    expect(waves.filter((w) => w === '红波')).toHaveLength(17);
    expect(waves.filter((w) => w === '蓝波')).toHaveLength(16);
    expect(waves.filter((w) => w === '绿波')).toHaveLength(16);
    expect([lhcWave(1), lhcWave(3), lhcWave(49)]).toEqual(['红波', '蓝波', '绿波']);
    expect(() => lhcWave(50)).toThrow(RangeError);
  });

  it('matches the Chinese calendar for the lunar new year of 2017-2050', () => {
    // 2027 and 2030: the new moon falls within minutes of Beijing midnight and ICU's approximate
    // lunar algorithm lands on the other side; the table follows the Hong Kong Observatory
    // (2027-02-06 and 2030-02-03), so there ICU must be exactly one day off.
    const icuOneDayOff: Record<number, number> = { 2027: 1, 2030: -1 };
    const chinese = new Intl.DateTimeFormat('en-u-ca-chinese', {
      timeZone: 'UTC',
      month: 'numeric',
      day: 'numeric',
    });
    for (let y = FIRST_ZODIAC_YEAR; y <= LAST_ZODIAC_YEAR; y++) {
      const ours = Date.parse(`${lunarNewYear(y)}T00:00:00Z`);
      const icu = ours + (icuOneDayOff[y] ?? 0) * 86_400_000;
      expect(chinese.format(new Date(icu)), String(y)).toBe('1/1');
      expect(chinese.format(new Date(icu - 86_400_000)), String(y)).not.toBe('1/1');
    }
  });

  it('uses the lunar year, not the calendar year', () => {
    expect(lunarYearOf('2026-02-16')).toBe(2025);
    expect(lunarYearOf('2026-02-17')).toBe(2026);
    expect(yearZodiac(2020)).toBe('鼠');
    expect(yearZodiac(2026)).toBe('马');
    expect(yearZodiac(2024)).toBe('龙');
  });

  it('gives number 1 the year zodiac and steps back one zodiac per number', () => {
    // 2024, year of the dragon: 01 龙, 02 兔, 03 虎, 04 牛, 05 鼠, 06 猪, 13 龙, 49 龙
    expect([1, 2, 3, 4, 5, 6, 13, 49].map((n) => lhcZodiac(n, 2024))).toEqual([
      '龙',
      '兔',
      '虎',
      '牛',
      '鼠',
      '猪',
      '龙',
      '龙',
    ]);
    expect(lhcZodiac(1, 2026)).toBe('马');
    expect(lhcZodiac(12, 2026)).toBe('羊');
    const table = lhcZodiacNumbers(2026);
    expect(table.马).toEqual([1, 13, 25, 37, 49]);
    for (const z of ZODIACS) if (z !== '马') expect(table[z]).toHaveLength(4);
    expect(() => lhcZodiac(1, 2051)).toThrow(RangeError);
  });

  it('labels a number; 49 is 和 with no two-face labels', () => {
    expect(lhcNumberLabels('25', 2026)).toEqual({
      number: '25',
      wave: '蓝波',
      zodiac: '马',
      poultry: '家禽',
      size: '大',
      parity: '单',
      digitSumParity: '合单',
      digitSumSize: '合大',
      tailSize: '尾大',
    });
    expect(lhcNumberLabels('24', 2026)).toMatchObject({
      size: '小',
      parity: '双',
      digitSumSize: '合小',
      tailSize: '尾小',
    });
    expect(lhcNumberLabels('49', 2026)).toEqual({
      number: '49',
      wave: '绿波',
      zodiac: '马',
      poultry: '家禽',
    });
    expect(lhcNumberLabels('03', 2026).poultry).toBe('野兽'); // 龙
  });

  it('writes the open number with the special number after +', () => {
    expect(lhcOpenNumber(['22', '48', '38', '13', '42', '26', '16'])).toBe('22,48,38,13,42,26+16');
  });
});
