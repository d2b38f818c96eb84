/**
 * LHC (六合彩) number tables: wave colour of each number 1-49 and its zodiac in a given zodiac year.
 *
 * Zodiacs follow the Mark Six convention: in a year of zodiac Z, number 01 is Z, 02 the zodiac
 * before Z, and so on backwards through the 12 (13, 25, 37, 49 share 01's zodiac). The zodiac year
 * turns at the lunar new year, Beijing time, so a draw in January can still belong to the year before.
 * Shared with display.ts (colours and zodiac labels for the result strip).
 */

/** Rat … pig, the spec's order. */
export const ZODIACS = ['鼠', '牛', '虎', '兔', '龙', '蛇', '马', '羊', '猴', '鸡', '狗', '猪'] as const;
export type Zodiac = (typeof ZODIACS)[number];

/** 家禽: ox, horse, goat, rooster, dog, pig; the other six are 野兽. */
export const POULTRY: readonly Zodiac[] = ['牛', '马', '羊', '鸡', '狗', '猪'];
export const WILD: readonly Zodiac[] = ['鼠', '虎', '兔', '龙', '蛇', '猴'];

export type Wave = '红' | '蓝' | '绿';
export const RED_NUMBERS: readonly number[] = [
  1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46,
];
export const BLUE_NUMBERS: readonly number[] = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];
export const GREEN_NUMBERS: readonly number[] = [
  5, 6, 11, 16, 17, 21, 22, 27, 28, 32, 33, 38, 39, 43, 44, 49,
];

const WAVE_OF: readonly Wave[] = (() => {
  const out: Wave[] = [];
  for (const n of RED_NUMBERS) out[n] = '红';
  for (const n of BLUE_NUMBERS) out[n] = '蓝';
  for (const n of GREEN_NUMBERS) out[n] = '绿';
  return out;
})();

export function waveOf(n: number): Wave {
  const wave = WAVE_OF[n];
  if (wave === undefined) throw new RangeError(`LHC number ${n} out of 1..49`);
  return wave;
}

export const FIRST_ZODIAC_YEAR = 2017;
export const LAST_ZODIAC_YEAR = 2050;

/** Lunar new year (春节), Beijing date, for 2017-2051 (Purple Mountain Observatory calendar). */
const LUNAR_NEW_YEAR: Readonly<Record<number, string>> = {
  2017: '01-28',
  2018: '02-16',
  2019: '02-05',
  2020: '01-25',
  2021: '02-12',
  2022: '02-01',
  2023: '01-22',
  2024: '02-10',
  2025: '01-29',
  2026: '02-17',
  2027: '02-06',
  2028: '01-26',
  2029: '02-13',
  2030: '02-03',
  2031: '01-23',
  2032: '02-11',
  2033: '01-31',
  2034: '02-19',
  2035: '02-08',
  2036: '01-28',
  2037: '02-15',
  2038: '02-04',
  2039: '01-24',
  2040: '02-12',
  2041: '02-01',
  2042: '01-22',
  2043: '02-10',
  2044: '01-30',
  2045: '02-17',
  2046: '02-06',
  2047: '01-26',
  2048: '02-14',
  2049: '02-02',
  2050: '01-23',
  2051: '02-11',
};

export function lunarNewYear(year: number): string {
  const mmdd = LUNAR_NEW_YEAR[year];
  if (!mmdd) throw new RangeError(`no lunar new year for ${year}`);
  return `${year}-${mmdd}`;
}

/** 2017-2050 as the spec lists, plus 2016 for draws of January 2017 before the lunar new year. */
function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_ZODIAC_YEAR - 1 || year > LAST_ZODIAC_YEAR) {
    throw new RangeError(`zodiac year ${year} out of ${FIRST_ZODIAC_YEAR - 1}..${LAST_ZODIAC_YEAR}`);
  }
}

/** Index in ZODIACS of a zodiac year's own zodiac (2020 rat, 2026 horse). */
export function yearZodiacIndex(year: number): number {
  checkYear(year);
  return (((year - 2020) % 12) + 12) % 12;
}

export function yearZodiac(year: number): Zodiac {
  return ZODIACS[yearZodiacIndex(year)] as Zodiac;
}

/** Index in ZODIACS of number n (1-49) in a zodiac year. */
export function zodiacIndexOf(n: number, year: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 49) throw new RangeError(`LHC number ${n} out of 1..49`);
  return (((yearZodiacIndex(year) - (n - 1)) % 12) + 12) % 12;
}

export function zodiacOf(n: number, year: number): Zodiac {
  return ZODIACS[zodiacIndexOf(n, year)] as Zodiac;
}

/** The numbers of each zodiac in a year, in ZODIACS order (the year's own zodiac has five). */
export function zodiacTable(year: number): { zodiac: Zodiac; numbers: number[] }[] {
  const table = ZODIACS.map((zodiac) => ({ zodiac, numbers: [] as number[] }));
  for (let n = 1; n <= 49; n++) table[zodiacIndexOf(n, year)]?.numbers.push(n);
  return table;
}

/**
 * The zodiac year of an instant: the Gregorian year of its Beijing date, minus one before that
 * year's lunar new year.
 */
export function zodiacYearAt(epochMs: number): number {
  const beijing = new Date(epochMs + 8 * 3600_000).toISOString().slice(0, 10);
  const year = Number(beijing.slice(0, 4));
  const zodiacYear = beijing < lunarNewYear(year) ? year - 1 : year;
  checkYear(zodiacYear);
  return zodiacYear;
}
