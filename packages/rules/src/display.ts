import { lunarNewYear, POULTRY, waveOf, type Zodiac, zodiacOf, zodiacTable } from './lhc-zodiac';

/**
 * Display helpers shared by the web app and the server (spec/betting.md §5 Display, play catalogues):
 * text shortening, results-strip labels per family, six-mark colour and zodiac.
 */

// ---------- text shortening ----------

/** Width of a text where a Chinese (or any non-ASCII) character counts 2 and ASCII counts 1. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ch.codePointAt(0)! > 0x7f ? 2 : 1;
  return width;
}

export interface Shortened {
  text: string;
  /** The full text did not fit: show a detail link. */
  shortened: boolean;
}

export const SELECTION_MAX_WIDTH = 30;
export const OPEN_NUMBER_MAX_CHARS = 23;

/** Selection text over 30 characters (Chinese counts 2) is cut to fit 30 and marked with '...'. */
export function shortenSelection(text: string, maxWidth = SELECTION_MAX_WIDTH): Shortened {
  if (displayWidth(text) <= maxWidth) return { text, shortened: false };
  let out = '';
  let width = 0;
  for (const ch of text) {
    const w = displayWidth(ch);
    if (width + w > maxWidth) break;
    out += ch;
    width += w;
  }
  return { text: `${out}...`, shortened: true };
}

/** K3 selections over 12 items show in full only on tap. */
export const K3_SELECTION_MAX_ITEMS = 12;

/** An open number of 23 or more characters is shortened to 23 and '...', with a detail link. */
export function shortenOpenNumber(openNumber: string): Shortened {
  const chars = [...openNumber];
  return chars.length >= OPEN_NUMBER_MAX_CHARS
    ? { text: `${chars.slice(0, OPEN_NUMBER_MAX_CHARS).join('')}...`, shortened: true }
    : { text: openNumber, shortened: false };
}

// ---------- BJ28 ----------

export type Bj28Colour = '红波' | '绿波' | '蓝波';
const BJ28_RED = [3, 6, 9, 12, 15, 18, 21, 24];
const BJ28_GREEN = [1, 4, 7, 10, 16, 19, 22, 25];
const BJ28_BLUE = [2, 5, 8, 11, 17, 20, 23, 26];

/** Colour of a BJ28 sum; 0, 13, 14 and 27 have none. */
export function bj28Colour(sum: number): Bj28Colour | undefined {
  if (BJ28_RED.includes(sum)) return '红波';
  if (BJ28_GREEN.includes(sum)) return '绿波';
  if (BJ28_BLUE.includes(sum)) return '蓝波';
  return undefined;
}

export interface Bj28Labels {
  sum: number;
  /** '3+5+9=17', how BJ28 shows an open number. */
  text: string;
  size: '大' | '小';
  parity: '单' | '双';
  /** 极小 0-4, 极大 23-27. */
  extreme?: '极大' | '极小';
  colour?: Bj28Colour;
}

export function bj28Labels(numbers: readonly string[]): Bj28Labels {
  const digits = numbers.map(Number);
  const sum = digits.reduce((a, b) => a + b, 0);
  const extreme = sum <= 4 ? '极小' : sum >= 23 ? '极大' : undefined;
  const colour = bj28Colour(sum);
  return {
    sum,
    text: `${digits.join('+')}=${sum}`,
    size: sum >= 14 ? '大' : '小',
    parity: sum % 2 ? '单' : '双',
    ...(extreme ? { extreme } : {}),
    ...(colour ? { colour } : {}),
  };
}

// ---------- KL8 ----------

export interface Kl8Labels {
  sum: number;
  /** 上 more numbers in 01-40, 下 more in 41-80, 中 ten each. */
  upDown: '上' | '中' | '下';
  /** 奇 more odd numbers, 偶 more even, 和 ten each. */
  oddEven: '奇' | '和' | '偶';
  /** Sum ≤ 810 is 小, > 810 大. */
  size: '大' | '小';
  parity: '单' | '双';
}

export function kl8Labels(numbers: readonly string[]): Kl8Labels {
  const values = numbers.map(Number);
  const sum = values.reduce((a, b) => a + b, 0);
  const up = values.filter((n) => n <= 40).length;
  const odd = values.filter((n) => n % 2 === 1).length;
  const half = values.length / 2;
  return {
    sum,
    upDown: up > half ? '上' : up < half ? '下' : '中',
    oddEven: odd > half ? '奇' : odd < half ? '偶' : '和',
    size: sum > 810 ? '大' : '小',
    parity: sum % 2 ? '单' : '双',
  };
}

// ---------- two-face labels: PK10, SSC, K3 ----------

export type DragonTiger = '龙' | '虎' | '和';

export interface SideLabels {
  size: '大' | '小';
  parity: '单' | '双';
}

/** The ten PK10 positions, as the spec names them. */
export const PK10_POSITIONS = [
  '冠军',
  '亚军',
  '第三名',
  '第四名',
  '第五名',
  '第六名',
  '第七名',
  '第八名',
  '第九名',
  '第十名',
] as const;
/** The SSC two-face slots: 总和 then the five positions. */
export const SSC_SLOTS = ['总和', '万位', '千位', '百位', '十位', '个位'] as const;

export interface Pk10Labels {
  /** 冠亚和: 3-11 小, 12-19 大. */
  topTwoSum: number;
  topTwo: SideLabels;
  /** Per position: 6-10 大, 1-5 小. */
  positions: SideLabels[];
  /** 冠军..第五名 against 第十名..第六名. */
  dragonTiger: DragonTiger[];
}

export function pk10Labels(numbers: readonly string[]): Pk10Labels {
  const v = numbers.map(Number);
  const topTwoSum = v[0]! + v[1]!;
  return {
    topTwoSum,
    topTwo: { size: topTwoSum >= 12 ? '大' : '小', parity: topTwoSum % 2 ? '单' : '双' },
    positions: v.map((n) => ({ size: n >= 6 ? '大' : '小', parity: n % 2 ? '单' : '双' })),
    dragonTiger: [0, 1, 2, 3, 4].map((i) => compare(v[i]!, v[9 - i]!)),
  };
}

function compare(a: number, b: number): DragonTiger {
  return a > b ? '龙' : a < b ? '虎' : '和';
}

export interface SscLabels {
  /** 总和 0-45: ≥ 23 大. */
  sum: number;
  total: SideLabels;
  /** Per position: 5-9 大. */
  positions: SideLabels[];
  /** 万位 against 个位. */
  dragonTiger: DragonTiger;
}

export function sscLabels(numbers: readonly string[]): SscLabels {
  const v = numbers.map(Number);
  const sum = v.reduce((a, b) => a + b, 0);
  return {
    sum,
    total: { size: sum >= 23 ? '大' : '小', parity: sum % 2 ? '单' : '双' },
    positions: v.map((n) => ({ size: n >= 5 ? '大' : '小', parity: n % 2 ? '单' : '双' })),
    dragonTiger: compare(v[0]!, v[v.length - 1]!),
  };
}

export interface K3Labels {
  sum: number;
  /** 11-18 大, 3-10 小. */
  total: SideLabels;
}

export function k3Labels(numbers: readonly string[]): K3Labels {
  const sum = numbers.reduce((a, n) => a + Number(n), 0);
  return { sum, total: { size: sum >= 11 ? '大' : '小', parity: sum % 2 ? '单' : '双' } };
}

// ---------- LHC colour and zodiac (tables in lhc-zodiac.ts, shared with the LHC plays) ----------

export type LhcWave = '红波' | '蓝波' | '绿波';

/** Wave colour of a six-mark number 1-49 (spec tables). */
export function lhcWave(n: number): LhcWave {
  return `${waveOf(n)}波`;
}

/** Lunar (zodiac) year of a Beijing date 'YYYY-MM-DD': before Chinese New Year it is still last year. */
export function lunarYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return date < lunarNewYear(year) ? year - 1 : year;
}

/**
 * Zodiac of a six-mark number in a lunar year 2017-2050: number 1 carries the year's own zodiac and
 * each next number steps one zodiac back (2026 horse: 1 马, 2 蛇, 3 龙 ... 12 羊, 13 马 ...), so the
 * year's zodiac has five numbers (1, 13, 25, 37, 49) and every other zodiac four.
 */
export function lhcZodiac(n: number, lunarYear: number): Zodiac {
  return zodiacOf(n, lunarYear);
}

/** The numbers of each zodiac in a lunar year, for pickers and 生肖 plays. */
export function lhcZodiacNumbers(lunarYear: number): Record<Zodiac, number[]> {
  return Object.fromEntries(zodiacTable(lunarYear).map((row) => [row.zodiac, row.numbers])) as Record<
    Zodiac,
    number[]
  >;
}

export interface LhcNumberLabels {
  number: string;
  wave: LhcWave;
  zodiac: Zodiac;
  /** 49 is 和: no size, parity, digit-sum or tail size. */
  size?: '大' | '小';
  parity?: '单' | '双';
  /** 合数 (sum of the two digits) 单/双. */
  digitSumParity?: '合单' | '合双';
  /** 合数 ≤ 6 小. */
  digitSumSize?: '合大' | '合小';
  /** Tail 0-4 小, 5-9 大. */
  tailSize?: '尾大' | '尾小';
  poultry: '家禽' | '野兽';
}

/** Labels of one six-mark number on a draw of `lunarYear` (results strip, 特码 two-face). */
export function lhcNumberLabels(numberText: string, lunarYear: number): LhcNumberLabels {
  const n = Number(numberText);
  const zodiac = lhcZodiac(n, lunarYear);
  const base: LhcNumberLabels = {
    number: String(n).padStart(2, '0'),
    wave: lhcWave(n),
    zodiac,
    poultry: POULTRY.includes(zodiac) ? '家禽' : '野兽',
  };
  if (n === 49) return base;
  const digitSum = Math.floor(n / 10) + (n % 10);
  return {
    ...base,
    size: n >= 25 ? '大' : '小',
    parity: n % 2 ? '单' : '双',
    digitSumParity: digitSum % 2 ? '合单' : '合双',
    digitSumSize: digitSum <= 6 ? '合小' : '合大',
    tailSize: n % 10 >= 5 ? '尾大' : '尾小',
  };
}

/** Open number text of a six-mark draw: six numbers, '+', the special number (natal uses ','). */
export function lhcOpenNumber(numbers: readonly string[]): string {
  return `${numbers.slice(0, 6).join(',')}+${numbers[6] ?? ''}`;
}
