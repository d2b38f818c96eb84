import { describe, expect, it } from 'vitest';
import {
  BLUE_NUMBERS,
  GREEN_NUMBERS,
  LAST_ZODIAC_YEAR,
  lunarNewYear,
  POULTRY,
  RED_NUMBERS,
  WILD,
  waveOf,
  yearZodiac,
  ZODIACS,
  zodiacOf,
  zodiacTable,
  zodiacYearAt,
} from './lhc-zodiac';

describe('LHC wave colours', () => {
  it('partition 1-49 into 17 red, 16 blue and 16 green numbers', () => {
    const all = [...RED_NUMBERS, ...BLUE_NUMBERS, ...GREEN_NUMBERS].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
    expect([RED_NUMBERS.length, BLUE_NUMBERS.length, GREEN_NUMBERS.length]).toEqual([17, 16, 16]);
    expect(waveOf(1)).toBe('红');
    expect(waveOf(3)).toBe('蓝');
    expect(waveOf(49)).toBe('绿');
    expect(() => waveOf(50)).toThrow(RangeError);
  });
});

describe('LHC zodiacs', () => {
  it('splits the twelve zodiacs into poultry and wild', () => {
    expect([...POULTRY, ...WILD].sort()).toEqual([...ZODIACS].sort());
  });

  it('gives 01 the year zodiac and counts backwards', () => {
    expect(yearZodiac(2020)).toBe('鼠');
    expect(yearZodiac(2024)).toBe('龙');
    expect(yearZodiac(2026)).toBe('马');
    expect([1, 2, 3, 12, 13, 49].map((n) => zodiacOf(n, 2026))).toEqual(['马', '蛇', '龙', '羊', '马', '马']);
    expect([1, 2, 12].map((n) => zodiacOf(n, 2020))).toEqual(['鼠', '猪', '牛']);
    expect(yearZodiac(2016)).toBe('猴');
    expect(() => yearZodiac(2015)).toThrow(RangeError);
    expect(() => yearZodiac(2051)).toThrow(RangeError);
  });

  it('gives the year zodiac five numbers and every other zodiac four, each year 2017-2050', () => {
    for (let year = 2017; year <= LAST_ZODIAC_YEAR; year++) {
      const table = zodiacTable(year);
      for (const { zodiac, numbers } of table) {
        expect(numbers.length).toBe(zodiac === yearZodiac(year) ? 5 : 4);
        for (const n of numbers) expect(zodiacOf(n, year)).toBe(zodiac);
      }
    }
    expect(zodiacTable(2026).find((z) => z.zodiac === '马')?.numbers).toEqual([1, 13, 25, 37, 49]);
  });
});

describe('zodiac year of a draw', () => {
  it('turns at the lunar new year, Beijing time', () => {
    // 2026-02-17 is the lunar new year: 2026-02-16T16:00Z is midnight in Beijing.
    expect(zodiacYearAt(Date.parse('2026-02-16T15:59:59Z'))).toBe(2025);
    expect(zodiacYearAt(Date.parse('2026-02-16T16:00:00Z'))).toBe(2026);
    expect(zodiacYearAt(Date.parse('2026-01-10T13:30:00Z'))).toBe(2025);
    expect(zodiacYearAt(Date.parse('2026-12-31T13:30:00Z'))).toBe(2026);
    expect(zodiacYearAt(Date.parse('2017-01-10T13:30:00Z'))).toBe(2016);
  });

  it('agrees with the Chinese calendar of the runtime (ICU) for 2017-2051', () => {
    const f = new Intl.DateTimeFormat('en-u-ca-chinese', {
      timeZone: 'Asia/Shanghai',
      month: 'numeric',
      day: 'numeric',
    });
    for (let year = 2017; year <= 2051; year++) {
      // ICU places the new moons of 2027-02-06 23:56 and 2030-02-03 00:07 (Beijing) on the other
      // side of midnight; the official calendar (紫金山天文台) has 02-06 and 02-03, as the table does.
      if (year === 2027 || year === 2030) continue;
      const day = new Date(`${lunarNewYear(year)}T12:00:00+08:00`);
      const parts = f.formatToParts(day);
      expect(
        [parts.find((p) => p.type === 'month')?.value, parts.find((p) => p.type === 'day')?.value],
        String(year),
      ).toEqual(['1', '1']);
      const before = f.formatToParts(new Date(day.getTime() - 86400_000));
      expect(before.find((p) => p.type === 'month')?.value).not.toBe('1');
    }
  });
});
