import type { Family } from '../family';
import { chooseNumber, forEachTuple } from '../math';
import type { DrawNumbers, PlayDef, PrizeTier } from '../play';
import {
  countedChance,
  definePlay,
  digitLabels,
  hitOutcome,
  lazyChance,
  MSG_NO_SELECTION,
  manualTickets,
  NO_WIN,
  parseIntMask,
  parsePick,
  parseRows,
  popcount,
  randomDistinct,
  randomInt,
  ruleError,
  splitPositions,
} from './common';

/**
 * Builders for the digit plays shared by SSC (five digits 0-9), FC3D (three digits) and PL3/PL5.
 * A builder takes the family, the mode code and the draw positions it looks at, so SSC 后三 and
 * FC3D 三星 are the same play over positions [2,3,4] and [0,1,2].
 */

export const DIGITS = digitLabels(0, 9);

export function digitAt(draw: DrawNumbers, pos: number): number {
  const s = draw[pos];
  if (s === undefined || s.length !== 1) return -1;
  const d = s.charCodeAt(0) - 48;
  return d >= 0 && d <= 9 ? d : -1;
}

export interface DigitContext {
  family: Family;
  /** Labels of the draw positions, e.g. 万位 … 个位. */
  positionLabels: readonly string[];
  /** Draw size of the lotteries these plays settle (SSC 5, FC3D 3, PL3 3, PL5 5, STOCK 5). */
  drawLength: number;
  resultLength?: number;
}

interface Common {
  ctx: DigitContext;
  code: string;
  group: string;
  subGroup: string;
  name: string;
  tip: string;
  example: string;
  isDefault?: boolean;
}

function base(c: Common) {
  return {
    family: c.ctx.family,
    code: c.code,
    group: c.group,
    subGroup: c.subGroup,
    name: c.name,
    tip: c.tip,
    example: c.example,
    isDefault: c.isDefault ?? false,
    drawLength: c.ctx.drawLength,
    ...(c.ctx.resultLength === undefined ? {} : { resultLength: c.ctx.resultLength }),
  };
}

// -------------------------------------------------------------------------------------------
// Exact tables from enumeration over k digits

interface Tables {
  /** Ordered k-digit tuples with this sum / span. */
  sum: number[];
  span: number[];
}

const tableCache = new Map<number, Tables>();

export function straightTables(k: number): Tables {
  let t = tableCache.get(k);
  if (!t) {
    const sum = new Array<number>(9 * k + 1).fill(0);
    const span = new Array<number>(10).fill(0);
    forEachTuple(k, 10, (tuple) => {
      let s = 0;
      let lo = 9;
      let hi = 0;
      for (const d of tuple) {
        s += d;
        if (d < lo) lo = d;
        if (d > hi) hi = d;
      }
      sum[s]!++;
      span[hi - lo]!++;
    });
    t = { sum, span };
    tableCache.set(k, t);
  }
  return t;
}

/** Unordered groups of three digits by sum: 组三 (two equal) and 组六 (all distinct). */
export const GROUP3_BY_SUM: readonly number[] = (() => {
  const out = new Array<number>(28).fill(0);
  for (let x = 0; x <= 9; x++) for (let y = 0; y <= 9; y++) if (x !== y) out[2 * x + y]!++;
  return out;
})();
export const GROUP6_BY_SUM: readonly number[] = (() => {
  const out = new Array<number>(28).fill(0);
  for (let a = 0; a <= 9; a++)
    for (let b = a + 1; b <= 9; b++) for (let c = b + 1; c <= 9; c++) out[a + b + c]!++;
  return out;
})();
/** Unordered pairs of distinct digits by sum. */
export const GROUP2_BY_SUM: readonly number[] = (() => {
  const out = new Array<number>(19).fill(0);
  for (let a = 0; a <= 9; a++) for (let b = a + 1; b <= 9; b++) out[a + b]!++;
  return out;
})();

/** Chance (over 10^k equally likely digit tuples) that `wins` holds, counted by enumeration. */
export function digitChance(k: number, wins: (digits: number[]) => boolean): PrizeTier['chance'] {
  // computed on first read, like every enumerated chance (see lazyChance)
  return lazyChance(() => {
    let favourable = 0;
    forEachTuple(k, 10, (t) => {
      if (wins(t)) favourable++;
    });
    return countedChance(favourable, 10 ** k);
  });
}

/** 'group3' | 'group6' | 'leopard' of three digits. */
function kind3(a: number, b: number, c: number): 0 | 3 | 6 {
  if (a === b && b === c) return 0;
  if (a === b || b === c || a === c) return 3;
  return 6;
}

/** One 组三 note is a fixed group such as {0,0,1}; one 组六 note a group such as {0,1,2}. */
function tiers3(): PrizeTier[] {
  const isGroup = (t: number[], g: readonly number[]) => {
    const s = sorted(t);
    return s[0] === g[0] && s[1] === g[1] && s[2] === g[2];
  };
  return [
    { key: 'group3', name: '组三', chance: digitChance(3, (t) => isGroup(t, [0, 0, 1])) },
    { key: 'group6', name: '组六', chance: digitChance(3, (t) => isGroup(t, [0, 1, 2])) },
  ];
}

function mainTier(k: number, favourablePerNote: number): PrizeTier[] {
  return [{ key: 'main', name: '中奖', chance: countedChance(favourablePerNote, 10 ** k) }];
}

function sumOf(draw: DrawNumbers, positions: readonly number[]): number {
  let s = 0;
  for (const p of positions) {
    const d = digitAt(draw, p);
    if (d < 0) return -1;
    s += d;
  }
  return s;
}

function digitsOf(draw: DrawNumbers, positions: readonly number[]): number[] | null {
  const out: number[] = [];
  for (const p of positions) {
    const d = digitAt(draw, p);
    if (d < 0) return null;
    out.push(d);
  }
  return out;
}

function randomDigit(random: () => number): number {
  return randomInt(random, 10);
}

/**
 * Manual tickets of k digits ("123" or "1,2,3"), as numbers (digits sorted first when `sortDigits`,
 * for group tickets); `check` rejects a ticket's shape. No per-ticket allocation but the Set.
 */
function parseDigitTickets(
  text: string,
  k: number,
  sortDigits: boolean,
  check?: (digits: number[]) => string | null,
): Set<number> {
  const tickets = manualTickets(text);
  if (tickets.length === 0) ruleError(MSG_NO_SELECTION);
  const out = new Set<number>();
  const digits = new Array<number>(k).fill(0);
  for (const raw of tickets) {
    let n = 0;
    for (let i = 0; i < raw.length; i++) {
      const c = raw.charCodeAt(i);
      if (c === 44) continue;
      if (c < 48 || c > 57 || n === k) ruleError(`号码格式错误：${raw}，每注${k}位数字`);
      digits[n++] = c - 48;
    }
    if (n !== k) ruleError(`号码格式错误：${raw}，每注${k}位数字`);
    if (sortDigits) {
      for (let i = 1; i < k; i++) {
        const v = digits[i]!;
        let j = i - 1;
        while (j >= 0 && digits[j]! > v) {
          digits[j + 1] = digits[j]!;
          j--;
        }
        digits[j + 1] = v;
      }
    }
    const problem = check?.(digits);
    if (problem) ruleError(`${problem}：${raw}`);
    let value = 0;
    for (let i = 0; i < k; i++) value = value * 10 + digits[i]!;
    if (out.has(value)) ruleError(`号码重复：${raw}`);
    out.add(value);
  }
  return out;
}

const sorted = (d: number[]) => d.slice().sort((a, b) => a - b);

function parseSinglePool(text: string, lo: number, hi: number): number {
  if (text.includes('|')) ruleError('号码格式错误：只有一个位置');
  return parseIntMask(text, lo, hi);
}

function pickFromMask(random: () => number, lo: number, hi: number): number {
  return lo + randomInt(random, hi - lo + 1);
}

// -------------------------------------------------------------------------------------------
// 定位胆: one digit on one position per note

export function dingWei(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  const labels = positions.map((p) => c.ctx.positionLabels[p]!);
  return definePlay<number[]>({
    ...base(c),
    input: {
      kind: 'positional',
      rows: labels.map((label) => ({ label, numbers: DIGITS })),
      quickButtons: true,
    },
    tiers: mainTier(1, 1),
    parse: (text) => parseRows(text, positions.length, 0, 9),
    notes: (masks) => masks.reduce((n, m) => n + popcount(m), 0),
    quickPick(random) {
      const at = randomInt(random, positions.length);
      return positions.map((_, i) => (i === at ? String(randomDigit(random)) : '')).join('|');
    },
    settle(masks, draw) {
      let hits = 0;
      for (let i = 0; i < positions.length; i++) {
        const d = digitAt(draw, positions[i]!);
        if (d >= 0 && (masks[i]! >> d) & 1) hits++;
      }
      return hitOutcome('main', hits);
    },
  });
}

// -------------------------------------------------------------------------------------------
// 直选: ordered digits on k positions

export function straightComplex(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  const k = positions.length;
  return definePlay<number[]>({
    ...base(c),
    input: {
      kind: 'positional',
      rows: positions.map((p) => ({ label: c.ctx.positionLabels[p]!, numbers: DIGITS })),
      quickButtons: true,
    },
    tiers: mainTier(k, 1),
    parse(text) {
      const masks = parseRows(text, k, 0, 9);
      if (masks.some((m) => m === 0) && masks.some((m) => m !== 0)) ruleError('每位至少选择一个号码');
      return masks;
    },
    notes: (masks) => masks.reduce((n, m) => n * popcount(m), 1),
    quickPick: (random) => positions.map(() => String(randomDigit(random))).join('|'),
    settle(masks, draw) {
      for (let i = 0; i < k; i++) {
        const d = digitAt(draw, positions[i]!);
        if (d < 0 || !((masks[i]! >> d) & 1)) return NO_WIN;
      }
      return hitOutcome('main', 1);
    },
  });
}

export function straightSingle(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  const k = positions.length;
  return definePlay<Set<number>>({
    ...base(c),
    input: { kind: 'manual', ticketLength: k, numbers: DIGITS },
    tiers: mainTier(k, 1),
    parse: (text) => parseDigitTickets(text, k, false),
    notes: (set) => set.size,
    quickPick: (random) => positions.map(() => String(randomDigit(random))).join(''),
    settle(set, draw) {
      const ds = digitsOf(draw, positions);
      if (!ds) return NO_WIN;
      return hitOutcome('main', set.has(ds.reduce((v, d) => v * 10 + d, 0)) ? 1 : 0);
    },
  });
}

/** 直选和值: every ordered tuple whose digits add up to a chosen sum is a note. */
export function straightSum(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  const k = positions.length;
  // the tuple table is built on the first count, not at import (see lazyChance)
  const table = () => straightTables(k).sum;
  const maxSum = 9 * k;
  return definePlay<number>({
    ...base(c),
    input: { kind: 'multiPick', numbers: digitLabels(0, maxSum), min: 1, max: maxSum + 1, label: '和值' },
    tiers: mainTier(k, 1),
    parse: (text) => parseSinglePool(text, 0, maxSum),
    notes: (mask) => table().reduce((n, v, s) => ((mask >> s) & 1 ? n + v : n), 0),
    quickPick: (random) => String(pickFromMask(random, 0, maxSum)),
    settle(mask, draw) {
      const s = sumOf(draw, positions);
      return s >= 0 && (mask >> s) & 1 ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

/** 直选跨度: every ordered tuple whose max − min is a chosen span is a note. */
export function straightSpan(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  const k = positions.length;
  const table = () => straightTables(k).span;
  return definePlay<number>({
    ...base(c),
    input: { kind: 'multiPick', numbers: DIGITS, min: 1, max: 10, label: '跨度' },
    tiers: mainTier(k, 1),
    parse: (text) => parseSinglePool(text, 0, 9),
    notes: (mask) => table().reduce((n, v, s) => ((mask >> s) & 1 ? n + v : n), 0),
    quickPick: (random) => String(randomDigit(random)),
    settle(mask, draw) {
      const ds = digitsOf(draw, positions);
      if (!ds) return NO_WIN;
      const span = Math.max(...ds) - Math.min(...ds);
      return (mask >> span) & 1 ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

// -------------------------------------------------------------------------------------------
// 二星组选: an unordered pair of distinct digits (a pair draw such as 33 wins nothing)

function pairOf(draw: DrawNumbers, positions: readonly number[]): [number, number] | null {
  const a = digitAt(draw, positions[0]!);
  const b = digitAt(draw, positions[1]!);
  return a < 0 || b < 0 || a === b ? null : [a, b];
}

const PAIR_TIER = (): PrizeTier[] => mainTier(2, 2);

export function group2Complex(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  return definePlay<number>({
    ...base(c),
    input: { kind: 'multiPick', numbers: DIGITS, min: 2, max: 10, label: '组选' },
    tiers: PAIR_TIER(),
    parse: (text) => parseSinglePool(text, 0, 9),
    notes: (mask) => chooseNumber(popcount(mask), 2),
    quickPick: (random) =>
      randomDistinct(random, 10, 2)
        .sort((a, b) => a - b)
        .join(','),
    settle(mask, draw) {
      const p = pairOf(draw, positions);
      return p && (mask >> p[0]) & 1 && (mask >> p[1]) & 1 ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

export function group2Single(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  return definePlay<Set<number>>({
    ...base(c),
    input: { kind: 'manual', ticketLength: 2, numbers: DIGITS },
    tiers: PAIR_TIER(),
    parse: (text) => parseDigitTickets(text, 2, true, (d) => (d[0] === d[1] ? '组选号码不能是对子' : null)),
    notes: (set) => set.size,
    quickPick: (random) => randomDistinct(random, 10, 2).join(''),
    settle(set, draw) {
      const p = pairOf(draw, positions);
      if (!p) return NO_WIN;
      const [a, b] = p[0] < p[1] ? p : [p[1], p[0]];
      return set.has(a * 10 + b) ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

export function group2Sum(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  return definePlay<number>({
    ...base(c),
    input: { kind: 'multiPick', numbers: digitLabels(1, 17), min: 1, max: 17, label: '和值' },
    tiers: PAIR_TIER(),
    parse: (text) => parseSinglePool(text, 1, 17),
    notes: (mask) => GROUP2_BY_SUM.reduce((n, v, s) => ((mask >> s) & 1 ? n + v : n), 0),
    quickPick: (random) => String(pickFromMask(random, 1, 17)),
    settle(mask, draw) {
      const p = pairOf(draw, positions);
      return p && (mask >> (p[0] + p[1])) & 1 ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

/** 组选包胆 of two: one digit, every pair of distinct digits containing it (9 notes). */
export function group2BaoDan(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  return definePlay<number>({
    ...base(c),
    input: { kind: 'multiPick', numbers: DIGITS, min: 1, max: 1, label: '包胆' },
    tiers: PAIR_TIER(),
    parse(text) {
      const mask = parseSinglePool(text, 0, 9);
      if (popcount(mask) > 1) ruleError('包胆只能选择1个号码');
      return mask;
    },
    notes: (mask) => popcount(mask) * 9,
    quickPick: (random) => String(randomDigit(random)),
    settle(mask, draw) {
      const p = pairOf(draw, positions);
      return p && ((mask >> p[0]) & 1 || (mask >> p[1]) & 1) ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

// -------------------------------------------------------------------------------------------
// 三星组选: 组三 {x,x,y} and 组六 {x,y,z}; a leopard draw (xxx) wins no group play.

function group3Of(draw: DrawNumbers, positions: readonly number[]): number[] | null {
  const ds = digitsOf(draw, positions);
  if (!ds) return null;
  return ds.sort((a, b) => a - b);
}

/** D21 混合组选: manual tickets each a 组三 or 组六 group; half-bonus (组六 pays half of 组三). */
export function group3Mixed(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  return definePlay<Set<number>>({
    ...base(c),
    input: { kind: 'manual', ticketLength: 3, numbers: DIGITS },
    tiers: tiers3(),
    parse: (text) =>
      parseDigitTickets(text, 3, true, (d) =>
        kind3(d[0]!, d[1]!, d[2]!) === 0 ? '组选号码不能是豹子' : null,
      ),
    notes: (set) => set.size,
    quickPick(random) {
      const d = randomDistinct(random, 10, 3);
      return random() < 0.5 ? `${d[0]}${d[0]}${d[1]}` : d.join('');
    },
    settle(set, draw) {
      const g = group3Of(draw, positions);
      if (!g) return NO_WIN;
      const kind = kind3(g[0]!, g[1]!, g[2]!);
      if (kind === 0 || !set.has(g[0]! * 100 + g[1]! * 10 + g[2]!)) return NO_WIN;
      return hitOutcome(kind === 3 ? 'group3' : 'group6', 1);
    },
  });
}

/** 组三复式: n chosen digits give n(n−1) groups {x,x,y}. */
export function group3Complex(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  return definePlay<number>({
    ...base(c),
    input: { kind: 'multiPick', numbers: DIGITS, min: 2, max: 10, label: '组三' },
    tiers: tiers3().filter((t) => t.key === 'group3'),
    parse: (text) => parseSinglePool(text, 0, 9),
    notes: (mask) => {
      const n = popcount(mask);
      return n * (n - 1);
    },
    quickPick: (random) =>
      randomDistinct(random, 10, 2)
        .sort((a, b) => a - b)
        .join(','),
    settle(mask, draw) {
      const g = group3Of(draw, positions);
      if (!g || kind3(g[0]!, g[1]!, g[2]!) !== 3) return NO_WIN;
      return (mask >> g[0]!) & 1 && (mask >> g[2]!) & 1 && (mask >> g[1]!) & 1
        ? hitOutcome('group3', 1)
        : NO_WIN;
    },
  });
}

/** 组六复式: n chosen digits give C(n,3) groups. */
export function group6Complex(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  return definePlay<number>({
    ...base(c),
    input: { kind: 'multiPick', numbers: DIGITS, min: 3, max: 10, label: '组六' },
    tiers: tiers3().filter((t) => t.key === 'group6'),
    parse: (text) => parseSinglePool(text, 0, 9),
    notes: (mask) => chooseNumber(popcount(mask), 3),
    quickPick: (random) =>
      randomDistinct(random, 10, 3)
        .sort((a, b) => a - b)
        .join(','),
    settle(mask, draw) {
      const g = group3Of(draw, positions);
      if (!g || kind3(g[0]!, g[1]!, g[2]!) !== 6) return NO_WIN;
      return (mask >> g[0]!) & 1 && (mask >> g[1]!) & 1 && (mask >> g[2]!) & 1
        ? hitOutcome('group6', 1)
        : NO_WIN;
    },
  });
}

export function group3Single(c: Common & { positions: readonly number[]; kind: 3 | 6 }): PlayDef {
  const { positions, kind } = c;
  const tier = kind === 3 ? 'group3' : 'group6';
  return definePlay<Set<number>>({
    ...base(c),
    input: { kind: 'manual', ticketLength: 3, numbers: DIGITS },
    tiers: tiers3().filter((t) => t.key === tier),
    parse: (text) =>
      parseDigitTickets(text, 3, true, (d) =>
        kind3(d[0]!, d[1]!, d[2]!) !== kind
          ? kind === 3
            ? '组三号码须有两位相同'
            : '组六号码须三位各不相同'
          : null,
      ),
    notes: (set) => set.size,
    quickPick(random) {
      const d = randomDistinct(random, 10, 3);
      return kind === 3 ? `${d[0]}${d[0]}${d[1]}` : d.join('');
    },
    settle(set, draw) {
      const g = group3Of(draw, positions);
      if (!g || kind3(g[0]!, g[1]!, g[2]!) !== kind) return NO_WIN;
      return set.has(g[0]! * 100 + g[1]! * 10 + g[2]!) ? hitOutcome(tier, 1) : NO_WIN;
    },
  });
}

/** D24 组选和值 (1-26): every 组三 and 组六 group with a chosen sum is a note; half-bonus. */
export function group3Sum(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  return definePlay<number>({
    ...base(c),
    input: { kind: 'multiPick', numbers: digitLabels(1, 26), min: 1, max: 26, label: '和值' },
    tiers: tiers3(),
    parse: (text) => parseSinglePool(text, 1, 26),
    notes: (mask) => {
      let n = 0;
      for (let s = 1; s <= 26; s++) if ((mask >> s) & 1) n += GROUP3_BY_SUM[s]! + GROUP6_BY_SUM[s]!;
      return n;
    },
    quickPick: (random) => String(pickFromMask(random, 1, 26)),
    settle(mask, draw) {
      const g = group3Of(draw, positions);
      if (!g) return NO_WIN;
      const kind = kind3(g[0]!, g[1]!, g[2]!);
      if (kind === 0 || !((mask >> (g[0]! + g[1]! + g[2]!)) & 1)) return NO_WIN;
      return hitOutcome(kind === 3 ? 'group3' : 'group6', 1);
    },
  });
}

/** D25 组选包胆 of three: one digit, all 54 groups containing it (18 组三 + 36 组六); half-bonus. */
export function group3BaoDan(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  return definePlay<number>({
    ...base(c),
    input: { kind: 'multiPick', numbers: DIGITS, min: 1, max: 1, label: '包胆' },
    tiers: tiers3(),
    parse(text) {
      const mask = parseSinglePool(text, 0, 9);
      if (popcount(mask) > 1) ruleError('包胆只能选择1个号码');
      return mask;
    },
    notes: (mask) => popcount(mask) * 54,
    quickPick: (random) => String(randomDigit(random)),
    settle(mask, draw) {
      const g = group3Of(draw, positions);
      if (!g) return NO_WIN;
      const kind = kind3(g[0]!, g[1]!, g[2]!);
      if (kind === 0 || !((mask >> g[0]!) & 1 || (mask >> g[1]!) & 1 || (mask >> g[2]!) & 1)) return NO_WIN;
      return hitOutcome(kind === 3 ? 'group3' : 'group6', 1);
    },
  });
}

// -------------------------------------------------------------------------------------------
// 不定位: chosen digits appear anywhere in the positions (each note at most once)

export function budingwei(c: Common & { positions: readonly number[]; size: 1 | 2 }): PlayDef {
  const { positions, size } = c;
  const k = positions.length;
  const tier: PrizeTier = {
    key: 'main',
    name: '中奖',
    // one note = `size` fixed distinct digits (0 and 1) all present among the k digits
    chance: digitChance(k, (t) => t.includes(0) && (size === 1 || t.includes(1))),
  };
  return definePlay<number>({
    ...base(c),
    input: { kind: 'multiPick', numbers: DIGITS, min: size, max: 10, label: '不定位' },
    tiers: [tier],
    parse: (text) => parseSinglePool(text, 0, 9),
    notes: (mask) => chooseNumber(popcount(mask), size),
    quickPick: (random) =>
      randomDistinct(random, 10, size)
        .sort((a, b) => a - b)
        .join(','),
    settle(mask, draw) {
      let present = 0;
      for (const p of positions) {
        const d = digitAt(draw, p);
        if (d >= 0) present |= 1 << d;
      }
      const m = popcount(mask & present);
      return hitOutcome('main', chooseNumber(m, size));
    },
  });
}

// -------------------------------------------------------------------------------------------
// 大小单双 on two positions: 大 5-9, 小 0-4, 单 odd, 双 even; a note is one option per position

export const BSOE = ['大', '小', '单', '双'] as const;
const BSOE_INDEX: ReadonlyMap<string, number> = new Map(BSOE.map((o, i) => [o, i]));

function bsoeMask(d: number): number {
  return (d >= 5 ? 1 : 2) | (d % 2 === 1 ? 4 : 8);
}

function parseOptionMask(part: string): number {
  let mask = 0;
  for (const i of parsePick(part, BSOE_INDEX)) mask |= 1 << i;
  return mask;
}

export function bigSmallOddEven(c: Common & { positions: readonly number[] }): PlayDef {
  const { positions } = c;
  return definePlay<number[]>({
    ...base(c),
    input: {
      kind: 'positional',
      rows: positions.map((p) => ({ label: c.ctx.positionLabels[p]!, numbers: [...BSOE] })),
      quickButtons: false,
    },
    tiers: [{ key: 'main', name: '中奖', chance: digitChance(2, (t) => t[0]! >= 5 && t[1]! >= 5) }],
    parse(text) {
      const masks = splitPositions(text, positions.length).map(parseOptionMask);
      if (masks.some((m) => m === 0) && masks.some((m) => m !== 0)) ruleError('每位至少选择一个号码');
      return masks;
    },
    notes: (masks) => masks.reduce((n, m) => n * popcount(m), 1),
    quickPick: (random) => positions.map(() => BSOE[randomInt(random, 4)]).join('|'),
    settle(masks, draw) {
      let notes = 1;
      for (let i = 0; i < positions.length; i++) {
        const d = digitAt(draw, positions[i]!);
        if (d < 0) return NO_WIN;
        notes *= popcount(masks[i]! & bsoeMask(d));
      }
      return hitOutcome('main', notes);
    },
  });
}

export function bsoeOfDigit(d: number): number {
  return bsoeMask(d);
}
