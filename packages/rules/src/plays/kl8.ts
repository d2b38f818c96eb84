import { chance, choose, pascalChoose } from '../math';
import {
  type Chance,
  type DrawNumbers,
  type LineOutcome,
  type PlayDef,
  type PrizeTier,
  RuleError,
} from '../play';

/**
 * KL8 (快乐8): twenty distinct numbers of 01-80 drawn.
 *
 * - 任选 A10-A16 (选一..选七): pick k..8 numbers (k = 1..7), every k-subset is a note; a note wins
 *   the tier of how many of its k numbers were drawn (the official 快乐8 tiers, e.g. 选五 中5/中4/中3,
 *   选七 also 中0). Tiers share the return equally (odds.ts `share`). bettingNumber `01,02,03`.
 * - 趣味 (credit-style, odds per unit): B10 上下盘 上/中/下 (more of the 20 in 01-40 / ten each /
 *   more in 41-80), B11 奇偶盘 奇/和/偶 (more odd / ten each / more even), B12 总和 大/小/单/双 and
 *   大单/大双/小单/小双 (sum of the 20: ≤ 810 small, > 810 big). bettingNumber: option codes by ','.
 */

export const KL8_NUMBERS: readonly string[] = Array.from({ length: 80 }, (_, i) =>
  String(i + 1).padStart(2, '0'),
);

const NO_SELECTION = '请至少选择一注号码投注';

/** C(n, k) as a plain number, for counting winning notes in settlement. */
const C = pascalChoose(8);
const ZH = ['一', '二', '三', '四', '五', '六', '七'];
const ALL_DRAWS = choose(80, 20);
const MAX_PICKED = 8;

/** Hit levels that win, per pick count (快乐8 official tiers). */
const WIN_LEVELS: Record<number, readonly number[]> = {
  1: [1],
  2: [2],
  3: [3, 2],
  4: [4, 3, 2],
  5: [5, 4, 3],
  6: [6, 5, 4, 3],
  7: [7, 6, 5, 4, 0],
};

/** Chance that a k-number note has exactly h of its numbers among the 20 drawn (hypergeometric). */
export function kl8HitChance(k: number, h: number): Chance {
  return chance(choose(20, h) * choose(60, k - h), choose(80, k));
}

/**
 * A ',' list of distinct two-digit numbers 01-{max}, scanned character by character (settlement
 * parses every line). Empty text gives no numbers.
 */
function parseNumbers(text: string, max: number): number[] {
  const out: number[] = [];
  let seenLow = 0; // bits of 1-30
  let seenMid = 0; // bits of 31-60
  let seenHigh = 0; // bits of 61-90
  const len = text.length;
  for (let i = 0; i < len; i += 3) {
    const a = text.charCodeAt(i) - 48;
    const b = text.charCodeAt(i + 1) - 48;
    const n = a * 10 + b;
    const sep = i + 2 < len ? text.charCodeAt(i + 2) : 44;
    // Positive checks: charCodeAt past the end is NaN, which fails every comparison.
    if (!(a >= 0 && a <= 9 && b >= 0 && b <= 9 && n >= 1 && n <= max && sep === 44 && i + 3 !== len)) {
      const end = text.indexOf(',', i);
      throw new RuleError(`号码格式错误：${text.slice(i, end < 0 ? len : end) || text}`);
    }
    const bit = 1 << ((n - 1) % 30);
    const seen = n <= 30 ? seenLow : n <= 60 ? seenMid : seenHigh;
    if (seen & bit) throw new RuleError(`号码重复：${text.slice(i, i + 2)}`);
    if (n <= 30) seenLow |= bit;
    else if (n <= 60) seenMid |= bit;
    else seenHigh |= bit;
    out.push(n);
  }
  return out;
}

/** The draw as a membership table, checked: twenty distinct numbers of 1-80. */
interface Kl8Draw {
  drawn: Uint8Array;
  numbers: number[];
  upDown: '上' | '中' | '下';
  oddEven: '奇' | '和' | '偶';
  sum: number;
}

function parseDrawOnce(draw: DrawNumbers): Kl8Draw {
  if (draw.length !== 20) throw new RuleError('开奖号码不正确');
  const drawn = new Uint8Array(81);
  const numbers: number[] = [];
  for (const d of draw) {
    const n = Number(d);
    if (!Number.isInteger(n) || n < 1 || n > 80 || drawn[n]) throw new RuleError('开奖号码不正确');
    drawn[n] = 1;
    numbers.push(n);
  }
  return {
    drawn,
    numbers,
    upDown: kl8UpDown(numbers),
    oddEven: kl8OddEven(numbers),
    sum: numbers.reduce((a, b) => a + b, 0),
  };
}

/**
 * Settling many lines against one draw parses it once: the last draw parsed is kept and compared by
 * value (never by reference, so a caller reusing one array for several draws stays correct).
 */
function lastDrawMemo<T>(parse: (draw: DrawNumbers) => T): (draw: DrawNumbers) => T {
  let key: string[] = [];
  let value: T | undefined;
  return (draw) => {
    let same = value !== undefined && key.length === draw.length;
    for (let i = 0; same && i < draw.length; i++) same = key[i] === draw[i];
    if (same) return value as T;
    value = parse(draw);
    key = [...draw];
    return value;
  };
}

const parseDraw = lastDrawMemo(parseDrawOnce);

function randomNumbers(random: () => number, k: number): number[] {
  const pool = Array.from({ length: 80 }, (_, i) => i + 1);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (80 - i));
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, k).sort((a, b) => a - b);
}

const hitKey = (h: number) => `hit${h}`;

function pickPlay(k: number): PlayDef {
  const levels = WIN_LEVELS[k] as readonly number[];
  const share = chance(1n, BigInt(levels.length));
  const tiers: PrizeTier[] = levels.map((h) => ({
    key: hitKey(h),
    name: `选${ZH[k - 1]}中${h}`,
    chance: kl8HitChance(k, h),
    ...(levels.length > 1 ? { share } : {}),
  }));
  return {
    family: 'KL8',
    code: `A1${k - 1}`,
    group: '任选',
    subGroup: '任选',
    name: `选${ZH[k - 1]}`,
    tip: `从01-80中选择${k}-${MAX_PICKED}个号码，每${k}个号码为一注，按每注号码与20个开奖号码相同的个数（${levels.map((h) => `中${h}`).join('、')}）中奖`,
    example: `选${k}个号码${KL8_NUMBERS.slice(0, k).join(' ')}，开奖号码中包含其中${levels[0]}个即中选${ZH[k - 1]}中${levels[0]}`,
    isDefault: k === 5,
    credit: false,
    input: { kind: 'multiPick', numbers: [...KL8_NUMBERS], min: k, max: MAX_PICKED },
    tiers,
    count(text) {
      const n = parseNumbers(text, 80).length;
      if (n === 0) throw new RuleError(NO_SELECTION);
      if (n < k) throw new RuleError(`至少选择${k}个号码`);
      if (n > MAX_PICKED) throw new RuleError(`最多选择${MAX_PICKED}个号码`);
      return C(n, k);
    },
    quickPick: (random) =>
      randomNumbers(random, k)
        .map((n) => KL8_NUMBERS[n - 1])
        .join(','),
    settle(text, draw) {
      const picked = parseNumbers(text, 80);
      if (picked.length < k || picked.length > MAX_PICKED) throw new RuleError('投注号码个数不正确');
      const { drawn } = parseDraw(draw);
      let m = 0;
      for (const n of picked) m += drawn[n] as number;
      const hits = [];
      for (const h of levels) {
        const notes = C(m, h) * C(picked.length - m, k - h);
        if (notes > 0) hits.push({ tier: hitKey(h), notes });
      }
      return { hits, refund: false };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 趣味: option plays decided by a statistic of the draw.

/** Chance that exactly j of the 20 drawn come from a given half (40 numbers) of 1-80. */
function halfChance(j: number): bigint {
  return choose(40, j) * choose(40, 20 - j);
}

/** Chances of more / equal / fewer of the 20 drawn in one half of 1-80, keyed by the given option codes. */
function splitChances(more: string, tie: string, fewer: string): Map<string, Chance> {
  let moreWays = 0n;
  let fewerWays = 0n;
  for (let j = 0; j <= 20; j++) {
    if (j > 10) moreWays += halfChance(j);
    if (j < 10) fewerWays += halfChance(j);
  }
  return new Map([
    [more, chance(moreWays, ALL_DRAWS)],
    [tie, chance(halfChance(10), ALL_DRAWS)],
    [fewer, chance(fewerWays, ALL_DRAWS)],
  ]);
}

/** Draws (out of C(80,20)) with each sum, by dynamic programming over the 80 numbers. */
function sumCounts(): bigint[] {
  const maxSum = 1610; // 61 + 62 + ... + 80
  // ways[j][s]: j numbers chosen so far with sum s.
  const ways: bigint[][] = Array.from({ length: 21 }, () => new Array<bigint>(maxSum + 1).fill(0n));
  (ways[0] as bigint[])[0] = 1n;
  for (let x = 1; x <= 80; x++) {
    for (let j = Math.min(x, 20); j >= 1; j--) {
      const from = ways[j - 1] as bigint[];
      const to = ways[j] as bigint[];
      const top = Math.min(maxSum, (j * (2 * x - j + 1)) / 2); // largest sum of j numbers ≤ x
      for (let s = top; s >= x; s--) {
        const w = from[s - x] as bigint;
        if (w !== 0n) to[s] = (to[s] as bigint) + w;
      }
    }
  }
  return ways[20] as bigint[];
}

export const SUM_SMALL_MAX = 810;
const SUM_OPTIONS = ['大', '小', '单', '双', '大单', '大双', '小单', '小双'] as const;

function sumOptionWins(option: string, sum: number): boolean {
  const big = sum > SUM_SMALL_MAX;
  const odd = sum % 2 === 1;
  const size = option.includes('大') ? big : option.includes('小') ? !big : true;
  const parity = option.includes('单') ? odd : option.includes('双') ? !odd : true;
  return size && parity;
}

function sumChances(): Map<string, Chance> {
  const counts = sumCounts();
  const out = new Map<string, Chance>();
  for (const option of SUM_OPTIONS) {
    let favourable = 0n;
    counts.forEach((c, s) => {
      if (c !== 0n && sumOptionWins(option, s)) favourable += c;
    });
    out.set(option, chance(favourable, ALL_DRAWS));
  }
  return out;
}

function optionPlay(
  code: string,
  name: string,
  tip: string,
  example: string,
  codes: readonly string[],
  /** Tier chances, computed on first use (the sum distribution takes a moment). */
  chances: () => ReadonlyMap<string, Chance>,
  outcome: (draw: Kl8Draw) => (option: string) => boolean,
): PlayDef {
  let tiers: PrizeTier[] | undefined;
  const parse = (text: string) => {
    if (text === '') throw new RuleError(NO_SELECTION);
    const picked = text.split(',');
    for (const p of picked) if (!codes.includes(p)) throw new RuleError(`选项不正确：${p}`);
    if (new Set(picked).size !== picked.length) throw new RuleError('选项重复');
    return picked;
  };
  return {
    family: 'KL8',
    code,
    group: '趣味',
    subGroup: '趣味',
    name,
    tip,
    example,
    isDefault: false,
    credit: true,
    input: { kind: 'options', options: codes.map((c) => ({ code: c, label: c })), min: 1, max: codes.length },
    get tiers() {
      if (!tiers) {
        const c = chances();
        tiers = codes.map((key) => ({ key, name: key, chance: c.get(key) as Chance }));
      }
      return tiers;
    },
    count: (text) => parse(text).length,
    quickPick: (random) => codes[Math.floor(random() * codes.length)] as string,
    settle(text, draw): LineOutcome {
      const wins = outcome(parseDraw(draw));
      const hits = parse(text)
        .filter(wins)
        .map((tier) => ({ tier, notes: 1 }));
      return { hits, refund: false };
    },
  };
}

/** 上/中/下 of a draw: more of the 20 in 01-40, ten each, more in 41-80. */
export function kl8UpDown(numbers: readonly number[]): '上' | '中' | '下' {
  const low = numbers.filter((n) => n <= 40).length;
  return low > 10 ? '上' : low === 10 ? '中' : '下';
}

/** 奇/和/偶 of a draw: more odd numbers, ten each, more even. */
export function kl8OddEven(numbers: readonly number[]): '奇' | '和' | '偶' {
  const odd = numbers.filter((n) => n % 2 === 1).length;
  return odd > 10 ? '奇' : odd === 10 ? '和' : '偶';
}

export const PLAYS: readonly PlayDef[] = [
  ...[1, 2, 3, 4, 5, 6, 7].map(pickPlay),
  optionPlay(
    'B10',
    '上下盘',
    '开奖号码中01-40（上盘）的个数多于41-80（下盘）为上，相等为中，少于为下',
    '开奖20个号码中有11个在01-40之间，投注上即中奖',
    ['上', '中', '下'],
    () => splitChances('上', '中', '下'),
    (d) => (option) => option === d.upDown,
  ),
  optionPlay(
    'B11',
    '奇偶盘',
    '开奖号码中奇数个数多于偶数为奇，相等为和，少于为偶',
    '开奖20个号码中有11个奇数，投注奇即中奖',
    ['奇', '和', '偶'],
    () => splitChances('奇', '和', '偶'),
    (d) => (option) => option === d.oddEven,
  ),
  optionPlay(
    'B12',
    '总和大小单双',
    `20个开奖号码之和：小于等于${SUM_SMALL_MAX}为小，大于${SUM_SMALL_MAX}为大；按和值单双分单、双，另有大单、大双、小单、小双`,
    '开奖号码总和为811，投注大、单、大单均中奖',
    SUM_OPTIONS,
    sumChances,
    (d) => (option) => sumOptionWins(option, d.sum),
  ),
];
