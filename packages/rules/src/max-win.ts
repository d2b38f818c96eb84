import { yearZodiacIndex, ZODIACS, zodiacIndexOf } from './lhc-zodiac';
import { RESULT_LENGTH } from './lotteries';
import { linePayoutMinor, playRates } from './odds';
import type { DrawNumbers, LineOutcome, PlayDef } from './play';
import { RuleError } from './play';
import { formOf } from './plays/ssc-form';

/**
 * 最高可中: the most one bet line can be paid on a single draw, exactly as the server pays it
 * (`linePayoutMinor` of `play.settle`, refunds included as the server counts them).
 *
 * The maximum is over every possible draw. Enumerating them is cheap only for K3, BJ28 and the
 * three-digit lotteries; elsewhere (100,000 SSC/STOCK draws, 10! PK10 orders, C(49,7)·7 LHC
 * draws, C(80,20) KL8 draws) this file builds a short list of candidate draws that provably holds
 * a best one, because the play's settlement reads only a few features of the draw:
 *
 * - K3: the sorted dice (56 multisets). BJ28: the sum (28). FC3D/PL3: all 1000 draws.
 * - SSC/STOCK option plays are sums of independent slots (optionPlay settles each picked
 *   option on its own). Each slot's gain is measured by settling the line cut down to that slot,
 *   then the best digits come from a small dynamic programme: over the digit sum (SSC 两面,
 *   STOCK 总和, 涨跌单双, 定位胆), over the three-digit forms of overlapping windows (SSC 豹子顺子
 *   对子, forms from ssc.ts `formOf`), or from the one comparison a play reads (龙虎和, 牛熊: >, <, =).
 *   SSC number plays read at most three positions: those are enumerated.
 * - PK10 两面: slots p and 9−p are coupled by 龙虎, so the five position pairs are assigned
 *   distinct numbers by a DP over the set of numbers used (each pair's gain settled per ordered
 *   pair). 冠亚和 reads the sum of the first two (one draw per sum 3-19).
 * - KL8 趣味 reads one statistic (how many in 01-40, how many odd, the sum): one draw per class.
 *   任选 reads how many chosen numbers are drawn: one draw per count.
 * - LHC (spec caps: 6 regular numbers, 7 with the special, 42 undrawn, 49 numbers): plays that
 *   read the special try all 49 specials; number plays (正码, 连码, 不中) read how many chosen
 *   numbers are regular and whether the special is chosen, so one draw per (r ≤ 6, s); 正码特 is a
 *   maximum matching of its six rows to distinct numbers; zodiac/tail presence plays pay more
 *   for every extra group present, so the best draw shows min(7, chosen) chosen groups, with and
 *   without the year's own zodiac (or 0尾, which has one number fewer).
 * - SYX5 定单双 reads how many are odd, 猜中位 the median: one draw per value.
 * - Other number plays (SYX5, PK10 and PL5 number plays): no proof; a bounded local search from
 *   draws built from the selection (rows placed in order, tickets placed, then coordinate ascent
 *   changing one position at a time). The UI shows 最高可中 for credit plays only.
 *
 * LHC zodiac plays need the zodiac year (the draw's eighth element); without `zodiacYear` the
 * maximum is taken over every zodiac year, i.e. over every draw.
 *
 * Cost (warm, best of 5 × 20 calls, Node on the 2-core dev container at load average 5-6,
 * 2026-11-25): the worst credit line found is SSC 两面 with every option (96 slot settles and the
 * sum DP) at 1.3 ms, then PK10 两面 with every option of all ten positions (450 pair settles and
 * the DP over used numbers) at 0.75 ms; LHC 三全中 with 10 numbers 0.05 ms, 五不中 with 44 numbers
 * 0.04 ms, 特码 with all 49 numbers 0.15 ms, KL8 趣味 0.04 ms, K3 0.06 ms, BJ28 0.03 ms. Without a
 * zodiac year, LHC 特码两面 with 家禽/野兽 settles 12 × 49 draws: ~10 ms, so callers should pass
 * the year. Number plays (not shown by the UI): SSC 三星 enumerates 1000 draws, ~1.4 ms; the local
 * search takes up to ~8 ms on the largest lines tried (PK10 定位胆 and 猜前五 with every number in
 * every row, SYX5 任选五胆拖 with ten drags), under 0.5 ms on ordinary ones. The first call of a play also computes its lazy tier chances (playRates), which
 * the odds display needs anyway (SSC: ~0.2 s once, enumerating 100,000 draws).
 */

/**
 * The best payout over every draw, in minor units: Σ hits × rate × stakePerNote / (base ×
 * stakeDivisor) rounded down, plus `lineStakeMinor` on a refund, exactly `linePayoutMinor`.
 * A line that is not a valid bet (no selection, too few numbers) can win nothing: 0.
 */
export function lineMaxWinMinor(
  play: PlayDef,
  bettingNumber: string,
  group: number,
  stakePerNoteMinor: bigint,
  lineStakeMinor: bigint,
  stakeDivisor = 1n,
  zodiacYear?: number,
): bigint {
  try {
    play.count(bettingNumber);
  } catch (e) {
    if (e instanceof RuleError) return 0n;
    throw e;
  }
  const pay = (draw: DrawNumbers): bigint =>
    linePayoutMinor(
      play,
      play.settle(bettingNumber, draw),
      group,
      stakePerNoteMinor,
      lineStakeMinor,
      stakeDivisor,
    );
  const ctx: Ctx = { play, line: bettingNumber, rates: playRates(play, group) };
  let best = 0n;
  // 0 = a draw without the zodiac year (every family but LHC; LHC plays that read no zodiac).
  const readsZodiac = play.family === 'LHC' && (play.group === '生肖' || /家禽|野兽/.test(bettingNumber));
  const years =
    zodiacYear !== undefined && play.family === 'LHC' ? [zodiacYear] : readsZodiac ? ALL_YEARS : [0];
  for (const year of years) {
    for (const draw of candidateDraws(ctx, year, pay)) {
      const won = pay(draw);
      if (won > best) best = won;
    }
  }
  return best;
}

/** Twelve consecutive years: one of each zodiac as the year's own. */
const ALL_YEARS = Array.from({ length: 12 }, (_, i) => 2020 + i);

interface Ctx {
  play: PlayDef;
  line: string;
  rates: ReadonlyMap<string, bigint>;
}

/** Σ notes × rate of an outcome (the payout before stake and rounding); refunds score nothing. */
function scoreOf(ctx: Ctx, outcome: LineOutcome): number {
  let s = 0;
  for (const h of outcome.hits) s += h.notes * Number(ctx.rates.get(h.tier) ?? 0n);
  return s;
}

/** The score of the line cut down to the slots (parts between '|') in `keep`. */
function slotScore(ctx: Ctx, keep: readonly number[], draw: DrawNumbers): number {
  const parts = ctx.line.split('|');
  const sub = parts.map((p, i) => (keep.includes(i) ? p : '')).join('|');
  return scoreOf(ctx, ctx.play.settle(sub, draw));
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const digits = (ds: readonly number[]) => ds.map(String);

function drawLengthOf(play: PlayDef): number {
  return play.resultLength ?? RESULT_LENGTH[play.family];
}

function candidateDraws(ctx: Ctx, year: number, pay: (d: DrawNumbers) => bigint): DrawNumbers[] {
  const { play } = ctx;
  switch (play.family) {
    case 'K3':
      return diceMultisets();
    case 'BJ28':
      return Array.from({ length: 28 }, (_, s) => digits(digitsWithSum(s, 3)));
    case 'FC3D':
    case 'PL35':
      return drawLengthOf(play) === 3 ? everyDigitDraw(3) : searchDraws(ctx, pay);
    case 'SSC':
    case 'STOCK':
      return fiveDigitDraws(ctx, pay);
    case 'PK10':
      return pk10Draws(ctx, pay);
    case 'KL8':
      return kl8Draws(ctx);
    case 'LHC':
      return lhcDraws(ctx, year);
    case 'SYX5':
      return syx5Draws(ctx, pay);
  }
}

// ---------------------------------------------------------------------------------------------
// Digits

function diceMultisets(): DrawNumbers[] {
  const out: DrawNumbers[] = [];
  for (let a = 1; a <= 6; a++)
    for (let b = a; b <= 6; b++) for (let c = b; c <= 6; c++) out.push(digits([a, b, c]));
  return out;
}

function everyDigitDraw(k: number): DrawNumbers[] {
  const out: DrawNumbers[] = [];
  for (let n = 0; n < 10 ** k; n++) out.push(String(n).padStart(k, '0').split(''));
  return out;
}

/** `length` digits summing to s (nines first). */
function digitsWithSum(s: number, length: number): number[] {
  const out: number[] = [];
  let left = s;
  for (let i = 0; i < length; i++) {
    const d = Math.min(9, left);
    out.push(d);
    left -= d;
  }
  return out;
}

/** What each slot of a five-digit play reads: a position, the sum, a window of three, a pair. */
type DigitPlan =
  | { kind: 'sum'; sumSlot: number | null; positionSlots: (number | null)[] }
  | { kind: 'windows'; windows: number[] }
  | { kind: 'relation'; positions: [number, number] }
  | { kind: 'positions'; positions: number[] };

function digitPlan(play: PlayDef): DigitPlan | null {
  const five = [0, 1, 2, 3, 4];
  if (play.family === 'STOCK') {
    if (play.code === 'A11' || play.code === 'D11')
      return { kind: 'sum', sumSlot: null, positionSlots: five };
    if (play.code === 'C11')
      return { kind: 'sum', sumSlot: 0, positionSlots: [null, null, null, null, null] };
    if (play.code === 'B11') return { kind: 'relation', positions: [0, 1] };
    return null;
  }
  if (play.family !== 'SSC') return null;
  switch (play.code) {
    case 'K11':
      return { kind: 'sum', sumSlot: 0, positionSlots: [1, 2, 3, 4, 5] };
    case 'A11':
      return { kind: 'sum', sumSlot: null, positionSlots: five };
    case 'L11':
      return { kind: 'relation', positions: [0, 4] };
    case 'J11':
      return { kind: 'windows', windows: [0, 1, 2] };
    case 'I11':
      return { kind: 'positions', positions: [0, 1] };
    case 'I12':
      return { kind: 'positions', positions: [3, 4] };
  }
  // 后二 B, 前二 C, 三星 D (百十个): the positions their settlement reads.
  if (play.code[0] === 'B') return { kind: 'positions', positions: [3, 4] };
  if (play.code[0] === 'C') return { kind: 'positions', positions: [0, 1] };
  if (play.code[0] === 'D') return { kind: 'positions', positions: [2, 3, 4] };
  return null;
}

function fiveDigitDraws(ctx: Ctx, pay: (d: DrawNumbers) => bigint): DrawNumbers[] {
  const plan = digitPlan(ctx.play);
  if (!plan) return searchDraws(ctx, pay);
  switch (plan.kind) {
    case 'sum':
      return [sumDp(ctx, plan.sumSlot, plan.positionSlots)];
    case 'windows':
      return [windowDp(ctx, plan.windows)];
    case 'relation': {
      const [p, q] = plan.positions;
      return [
        [1, 0],
        [0, 1],
        [0, 0],
      ].map(([a, b]) => digits([0, 1, 2, 3, 4].map((i) => (i === p ? a! : i === q ? b! : 0))));
    }
    case 'positions': {
      const out: DrawNumbers[] = [];
      const k = plan.positions.length;
      for (let n = 0; n < 10 ** k; n++) {
        const ds = [0, 0, 0, 0, 0];
        let m = n;
        for (let i = k - 1; i >= 0; i--) {
          ds[plan.positions[i]!] = m % 10;
          m = Math.floor(m / 10);
        }
        out.push(digits(ds));
      }
      return out;
    }
  }
}

/**
 * Best five digits when the line's score is Σ over positions of a slot reading that digit plus a
 * slot reading the digit sum: DP over positions with the running sum as state.
 */
function sumDp(ctx: Ctx, sumSlot: number | null, positionSlots: readonly (number | null)[]): DrawNumbers {
  const n = positionSlots.length;
  const gain = positionSlots.map((slot, p) =>
    Array.from({ length: 10 }, (_, d) => {
      if (slot === null) return 0;
      const ds = new Array<number>(n).fill(0);
      ds[p] = d;
      return slotScore(ctx, [slot], digits(ds));
    }),
  );
  const maxSum = 9 * n;
  const sumGain = Array.from({ length: maxSum + 1 }, (_, s) =>
    sumSlot === null ? 0 : slotScore(ctx, [sumSlot], digits(digitsWithSum(s, n))),
  );
  // best[p][s]: best gain of positions 0..p-1 with digit sum s; choice[p][s]: digit at p-1.
  let best = new Array<number>(maxSum + 1).fill(Number.NEGATIVE_INFINITY);
  best[0] = 0;
  const choice: Int8Array[] = [];
  for (let p = 0; p < n; p++) {
    const next = new Array<number>(maxSum + 1).fill(Number.NEGATIVE_INFINITY);
    const pick = new Int8Array(maxSum + 1).fill(-1);
    for (let s = 0; s <= 9 * p; s++) {
      if (best[s] === Number.NEGATIVE_INFINITY) continue;
      for (let d = 0; d <= 9; d++) {
        const v = best[s]! + gain[p]![d]!;
        if (v > next[s + d]!) {
          next[s + d] = v;
          pick[s + d] = d;
        }
      }
    }
    choice.push(pick);
    best = next;
  }
  let bestSum = 0;
  for (let s = 0; s <= maxSum; s++)
    if (best[s]! + sumGain[s]! > best[bestSum]! + sumGain[bestSum]!) bestSum = s;
  const ds = new Array<number>(n).fill(0);
  for (let p = n - 1, s = bestSum; p >= 0; p--) {
    const d = choice[p]![s]!;
    ds[p] = d;
    s -= d;
  }
  return digits(ds);
}

/** Each three-digit window's form (豹子 … 杂六) as a small index, and one triple of each form. */
let formTable: { index: Uint8Array; examples: number[] } | null = null;

function forms(): { index: Uint8Array; examples: number[] } {
  if (!formTable) {
    const index = new Uint8Array(1000);
    const names: string[] = [];
    const examples: number[] = [];
    for (let t = 0; t < 1000; t++) {
      const form = formOf(Math.floor(t / 100), Math.floor(t / 10) % 10, t % 10);
      let i = names.indexOf(form);
      if (i < 0) {
        i = names.push(form) - 1;
        examples.push(t);
      }
      index[t] = i;
    }
    formTable = { index, examples };
  }
  return formTable;
}

/**
 * Best five digits when each slot w reads the form of digits w, w+1, w+2: each slot's gain per
 * form is settled once, then a DP over the last two digits.
 */
function windowDp(ctx: Ctx, windows: readonly number[]): DrawNumbers {
  const { index, examples } = forms();
  const formGain = windows.map((from, slot) =>
    examples.map((t) => {
      const ds = [0, 0, 0, 0, 0];
      ds[from] = Math.floor(t / 100);
      ds[from + 1] = Math.floor(t / 10) % 10;
      ds[from + 2] = t % 10;
      return slotScore(ctx, [slot], digits(ds));
    }),
  );
  // f[x*10+y]: best gain of the windows so far ending at the digits (x, y); back[w][xy]: the
  // digit before x.
  let f = new Float64Array(100);
  const back: Int8Array[] = [];
  for (let w = 0; w < windows.length; w++) {
    const gain = formGain[w]!;
    const next = new Float64Array(100).fill(Number.NEGATIVE_INFINITY);
    const from = new Int8Array(100);
    for (let t = 0; t < 1000; t++) {
      const v = f[Math.floor(t / 10)]! + gain[index[t]!]!;
      const bc = t % 100;
      if (v > next[bc]!) {
        next[bc] = v;
        from[bc] = Math.floor(t / 100);
      }
    }
    back.push(from);
    f = next;
  }
  let end = 0;
  for (let xy = 0; xy < 100; xy++) if (f[xy]! > f[end]!) end = xy;
  const ds = [0, 0, 0, 0, 0];
  ds[4] = end % 10;
  ds[3] = Math.floor(end / 10);
  for (let w = windows.length - 1, xy = end; w >= 0; w--) {
    const a = back[w]![xy]!;
    ds[w] = a;
    xy = a * 10 + Math.floor(xy / 10);
  }
  return digits(ds);
}

// ---------------------------------------------------------------------------------------------
// PK10

const PK10_NUMBERS = Array.from({ length: 10 }, (_, i) => i + 1);

/** A permutation with `fixed` (position → number) and the other numbers in ascending order. */
function pk10With(fixed: ReadonlyMap<number, number>): string[] {
  const used = new Set(fixed.values());
  const rest = PK10_NUMBERS.filter((n) => !used.has(n));
  return Array.from({ length: 10 }, (_, p) => pad2(fixed.get(p) ?? rest.shift()!));
}

function pk10Draws(ctx: Ctx, pay: (d: DrawNumbers) => bigint): DrawNumbers[] {
  const { play } = ctx;
  if (play.code === 'H11') {
    // 冠亚和 reads only the sum of the first two: one ordered pair per sum 3-19.
    const out: DrawNumbers[] = [];
    for (let s = 3; s <= 19; s++) {
      const a = s <= 11 ? 1 : s - 10;
      out.push(
        pk10With(
          new Map([
            [0, a],
            [1, s - a],
          ]),
        ),
      );
    }
    return out;
  }
  if (play.code === 'G11') return [pk10TwoSides(ctx)];
  return searchDraws(ctx, pay);
}

/**
 * 两面: slot p reads position p and, for p < 5, its mirror 9−p (龙虎). The five pairs (p, 9−p)
 * share no slot, so the line's score is Σ over pairs of the pair's gain for its two numbers; a DP
 * over the set of numbers used gives the best permutation.
 */
function pk10TwoSides(ctx: Ctx): string[] {
  const parts = ctx.line.split('|');
  const draw = PK10_NUMBERS.map(pad2);
  const gains = [0, 1, 2, 3, 4].map((p) => {
    const q = 9 - p;
    const g = new Float64Array(121);
    if (parts[p] === '' && parts[q] === '') return g;
    const sub = parts.map((x, i) => (i === p || i === q ? x : '')).join('|');
    for (const a of PK10_NUMBERS)
      for (const b of PK10_NUMBERS) {
        if (a === b) continue;
        // a at p, b at q, the other eight anywhere (the slots read only p and q)
        const rest = PK10_NUMBERS.filter((n) => n !== a && n !== b);
        for (let i = 0, r = 0; i < 10; i++) draw[i] = pad2(i === p ? a : i === q ? b : rest[r++]!);
        g[a * 11 + b] = scoreOf(ctx, ctx.play.settle(sub, draw));
      }
    return g;
  });
  // best[mask]: the best gain of the first k pairs using the numbers in mask (bit n-1);
  // pick[k][mask]: the pair (a·11+b) that got it.
  let best = new Map<number, number>([[0, 0]]);
  const pick: Map<number, number>[] = [];
  for (let p = 0; p < 5; p++) {
    const next = new Map<number, number>();
    const chose = new Map<number, number>();
    for (const [mask, score] of best) {
      for (const a of PK10_NUMBERS) {
        if (mask & (1 << (a - 1))) continue;
        for (const b of PK10_NUMBERS) {
          if (b === a || mask & (1 << (b - 1))) continue;
          const m = mask | (1 << (a - 1)) | (1 << (b - 1));
          const v = score + gains[p]![a * 11 + b]!;
          const old = next.get(m);
          if (old === undefined || v > old) {
            next.set(m, v);
            chose.set(m, a * 11 + b);
          }
        }
      }
    }
    pick.push(chose);
    best = next;
  }
  const out = new Array<string>(10);
  for (let p = 4, mask = 1023; p >= 0; p--) {
    const ab = pick[p]!.get(mask)!;
    const a = Math.floor(ab / 11);
    const b = ab % 11;
    out[p] = pad2(a);
    out[9 - p] = pad2(b);
    mask &= ~((1 << (a - 1)) | (1 << (b - 1)));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// KL8

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * One draw of each class 趣味 reads: 上/中/下 (how many of 01-40), 奇/和/偶 (how many odd),
 * 总和 small/big × odd/even (sum ≤ 810 small).
 */
const KL8_CLASS_DRAWS: readonly number[][] = [
  range(1, 20), // 20 in 01-40: 上; 10 odd: 和; sum 210: small, even
  [...range(1, 19), 21], // 上; 11 odd: 奇; sum 211: small, odd
  [...range(1, 10), ...range(41, 50)], // ten each: 中
  [...range(1, 9).map((i) => 2 * i - 1), ...range(1, 11).map((i) => 2 * i)], // 9 odd: 偶
  range(61, 80), // 0 in 01-40: 下; sum 1410: big, even
  [59, ...range(61, 79)], // sum 1389: big, odd
];

function kl8Draws(ctx: Ctx): DrawNumbers[] {
  if (ctx.play.credit) return KL8_CLASS_DRAWS.map((d) => d.map(pad2));
  // 任选: the chosen numbers drawn (m of them) is all settlement reads.
  const picked = ctx.line.split(',').map(Number);
  const others = range(1, 80).filter((n) => !picked.includes(n));
  return range(0, picked.length).map((m) => [...picked.slice(0, m), ...others.slice(0, 20 - m)].map(pad2));
}

// ---------------------------------------------------------------------------------------------
// LHC

/** Plays that read only the special number (and the year's zodiacs). */
const LHC_SPECIAL = new Set(['A01', 'A02', 'A03', 'D01', 'E01', 'E03', 'E04', 'F01']);
const ALL49 = range(1, 49);

/** Six regular numbers, the special, then the year. */
function lhcDraw(regular: readonly number[], special: number, year: number): string[] {
  const out = [...regular.map(pad2), pad2(special)];
  return year ? [...out, String(year)] : out;
}

/** Seven distinct numbers: `first` in order, then the rest of `fill`, then the smallest others. */
function sevenOf(first: readonly number[], fill: readonly number[] = []): number[] {
  const out: number[] = [];
  for (const n of [...first, ...fill, ...ALL49]) {
    if (out.length === 7) break;
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

function lhcDraws(ctx: Ctx, year: number): DrawNumbers[] {
  const { play, line } = ctx;
  if (LHC_SPECIAL.has(play.code)) {
    return ALL49.map((s) => {
      const seven = sevenOf(
        [],
        ALL49.filter((n) => n !== s),
      );
      return lhcDraw(seven.slice(0, 6), s, year);
    });
  }
  if (play.code === 'B02') return [lhcPositions(line, year)];
  if (play.code === 'B01' || play.group === '连码' || play.group === '不中') {
    // Settlement reads r (chosen numbers among the six regular) and s (the special chosen).
    const picked = line.split(',').map(Number);
    const others = ALL49.filter((n) => !picked.includes(n));
    const out: DrawNumbers[] = [];
    for (let r = 0; r <= Math.min(6, picked.length); r++) {
      if (others.length < 6 - r) continue;
      const regular = [...picked.slice(0, r), ...others.slice(0, 6 - r)];
      if (picked.length > r) out.push(lhcDraw(regular, picked[r]!, year));
      if (others.length > 6 - r) out.push(lhcDraw(regular, others[6 - r]!, year));
    }
    return out;
  }
  return lhcPresence(ctx, year);
}

/** 正码特: a maximum matching of the six rows to distinct numbers (augmenting paths). */
function lhcPositions(line: string, year: number): string[] {
  const rows = line.split('|').map((r) => (r === '' ? [] : r.split(',').map(Number)));
  const owner = new Map<number, number>();
  const augment = (row: number, seen: Set<number>): boolean => {
    for (const n of rows[row]!) {
      if (seen.has(n)) continue;
      seen.add(n);
      const other = owner.get(n);
      if (other === undefined || augment(other, seen)) {
        owner.set(n, row);
        return true;
      }
    }
    return false;
  };
  for (let row = 0; row < 6; row++) augment(row, new Set());
  const atRow = new Array<number>(6).fill(0);
  for (const [n, row] of owner) atRow[row] = n;
  const free = ALL49.filter((n) => !owner.has(n));
  const regular = atRow.map((n) => (n > 0 ? n : free.shift()!));
  return lhcDraw(regular, free[0]!, year);
}

/**
 * Zodiac and tail presence plays: every chosen group shown adds winning units, so the best draw
 * shows min(7, chosen) chosen groups; the units' tier depends only on whether the year's own
 * zodiac (five numbers) or 0尾 (four numbers) is among them, so both ways are tried.
 */
function lhcPresence(ctx: Ctx, year: number): DrawNumbers[] {
  const zodiac = ctx.play.group === '生肖';
  if (zodiac && !year) return [];
  const groupOf = (n: number) => (zodiac ? zodiacIndexOf(n, year) : n % 10);
  const chosen = ctx.line
    .split(',')
    .map((code) => (zodiac ? (ZODIACS as readonly string[]).indexOf(code) : Number(code[0])));
  const special = zodiac ? yearZodiacIndex(year) : 0;
  const plain = chosen.filter((g) => g !== special);
  const covers = [plain.slice(0, 7), [special, ...plain].slice(0, 7)];
  return covers.map((cover) => {
    const firsts = cover.map((g) => ALL49.find((n) => groupOf(n) === g)!);
    const fill = ALL49.filter((n) => cover.includes(groupOf(n)));
    const seven = sevenOf(firsts, fill);
    return lhcDraw(seven.slice(0, 6), seven[6]!, year);
  });
}

// ---------------------------------------------------------------------------------------------
// SYX5

/** 定单双 reads how many of the five are odd, 猜中位 the median; the rest are searched. */
function syx5Draws(ctx: Ctx, pay: (d: DrawNumbers) => bigint): DrawNumbers[] {
  if (ctx.play.code === 'I11') {
    const odd = [1, 3, 5, 7, 9];
    const even = [2, 4, 6, 8, 10];
    return range(0, 5).map((k) => [...odd.slice(0, k), ...even.slice(0, 5 - k)].map(pad2));
  }
  if (ctx.play.code === 'I12') return range(3, 9).map((m) => [1, 2, m, 10, 11].map(pad2));
  return searchDraws(ctx, pay);
}

// ---------------------------------------------------------------------------------------------
// Bounded local search (number plays without a proof: SYX5, PK10 and PL5 number plays)

interface Space {
  length: number;
  values: readonly string[];
  /** Values may not repeat (SYX5, PK10): setting a used value swaps the two positions. */
  distinct: boolean;
}

function spaceOf(play: PlayDef): Space {
  const length = drawLengthOf(play);
  switch (play.family) {
    case 'SYX5':
      return { length, values: range(1, 11).map(pad2), distinct: true };
    case 'PK10':
      return { length, values: range(1, 10).map(pad2), distinct: true };
    default:
      return { length, values: range(0, 9).map(String), distinct: false };
  }
}

const MAX_SEEDS = 40;
const MAX_SWEEPS = 6;

/**
 * Seeds from the selection: the rows' numbers placed at their positions (first and last choice),
 * each manual ticket or the pool placed from the left and from the right; then coordinate ascent.
 */
function searchDraws(ctx: Ctx, pay: (d: DrawNumbers) => bigint): DrawNumbers[] {
  const space = spaceOf(ctx.play);
  const { length, values } = space;
  const width = values[0]!.length;
  const legal = new Set(values);
  const tokensOf = (text: string): string[] => {
    const out: string[] = [];
    for (const t of text.split(/[,\s;]+/)) {
      if (legal.has(t)) out.push(t);
      else if (t.length > width && t.length % width === 0)
        for (let i = 0; i < t.length; i += width) out.push(t.slice(i, i + width));
    }
    return out.filter((t) => legal.has(t));
  };
  const rows = ctx.line.split('|').map(tokensOf);
  const seeds: string[][] = [];
  if (rows.length > 1) {
    if (space.distinct) seeds.push(fillDraw(space, matchRows(rows), 0));
    seeds.push(
      fillDraw(
        space,
        rows.map((r) => r[0] ?? ''),
        0,
      ),
    );
    seeds.push(
      fillDraw(
        space,
        rows.map((r) => r[r.length - 1] ?? ''),
        0,
      ),
    );
    seeds.push(fillDraw(space, [...rows.flat()], 0));
  }
  for (const ticket of ctx.line.split(/[\s;|]+/).slice(0, MAX_SEEDS)) {
    const t = tokensOf(ticket);
    if (t.length === 0) continue;
    seeds.push(fillDraw(space, t, 0));
    seeds.push(fillDraw(space, t, Math.max(0, length - t.length)));
  }
  seeds.push(fillDraw(space, [], 0));
  const out: DrawNumbers[] = [];
  const seen = new Set<string>();
  for (const seed of seeds.slice(0, MAX_SEEDS)) {
    const key = seed.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(ascend(space, seed, pay));
  }
  return out;
}

/** One distinct value per row for as many rows as possible (maximum matching, augmenting paths). */
function matchRows(rows: readonly (readonly string[])[]): string[] {
  const owner = new Map<string, number>();
  const augment = (row: number, seen: Set<string>): boolean => {
    for (const v of rows[row]!) {
      if (seen.has(v)) continue;
      seen.add(v);
      const other = owner.get(v);
      if (other === undefined || augment(other, seen)) {
        owner.set(v, row);
        return true;
      }
    }
    return false;
  };
  for (let row = 0; row < rows.length; row++) augment(row, new Set());
  const out = rows.map(() => '');
  for (const [v, row] of owner) out[row] = v;
  return out;
}

/** `placed` written from position `offset`, then the lowest values still free (or '0'). */
function fillDraw(space: Space, placed: readonly string[], offset: number): string[] {
  const draw = new Array<string>(space.length).fill('');
  const used = new Set<string>();
  placed.forEach((v, i) => {
    const p = offset + i;
    if (v === '' || p >= space.length || (space.distinct && used.has(v))) return;
    draw[p] = v;
    used.add(v);
  });
  const free = space.values.filter((v) => !used.has(v));
  for (let p = 0; p < space.length; p++) {
    if (draw[p] !== '') continue;
    draw[p] = space.distinct ? free.shift()! : space.values[0]!;
  }
  return draw;
}

/** Coordinate ascent: each position set to every value (swapping when distinct), best kept. */
function ascend(space: Space, start: string[], pay: (d: DrawNumbers) => bigint): string[] {
  const draw = start.slice();
  let current = pay(draw);
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let improved = false;
    for (let p = 0; p < space.length; p++) {
      for (const v of space.values) {
        const old = draw[p]!;
        if (v === old) continue;
        const q = space.distinct ? draw.indexOf(v) : -1;
        draw[p] = v;
        if (q >= 0) draw[q] = old;
        const won = pay(draw);
        if (won > current) {
          current = won;
          improved = true;
        } else {
          draw[p] = old;
          if (q >= 0) draw[q] = v;
        }
      }
    }
    if (!improved) break;
  }
  return draw;
}
