import type { Family } from '../family';
import { chance } from '../math';
import type { Chance, DrawNumbers, LineOutcome, PlayDef, PlayInput, PrizeTier, TierHit } from '../play';
import { RuleError } from '../play';

/**
 * Shared parsing, validation and quick-pick helpers, and `definePlay`, which turns a play written
 * as parse / count / settle over a parsed line into the PlayDef contract.
 *
 * bettingNumber text (docs/rules.md):
 * - positions are separated by '|', numbers inside a position by ',' (empty position = nothing);
 * - a single pool (multi-pick, options) is one position;
 * - manual tickets (单式) are separated by ' ' or ';' (after cleaning, spec §5).
 */

export const MSG_NO_SELECTION = '请至少选择一注号码投注';

export function ruleError(message: string): never {
  throw new RuleError(message);
}

export const NO_WIN: LineOutcome = Object.freeze({ hits: [], refund: false }) as LineOutcome;
export const REFUND: LineOutcome = Object.freeze({ hits: [], refund: true }) as LineOutcome;

const ONE_HIT = new Map<string, LineOutcome>();

/**
 * One tier won `notes` times. Outcomes are read-only: the common single-note outcome of each tier
 * is one frozen object, shared, so settling does not allocate for it.
 */
export function hitOutcome(tier: string, notes: number): LineOutcome {
  if (notes <= 0) return NO_WIN;
  if (notes === 1) {
    let o = ONE_HIT.get(tier);
    if (!o) {
      o = Object.freeze({
        hits: Object.freeze([Object.freeze({ tier, notes: 1 })]),
        refund: false,
      }) as LineOutcome;
      ONE_HIT.set(tier, o);
    }
    return o;
  }
  return { hits: [{ tier, notes }], refund: false };
}

/**
 * Wraps a draw decoder so that settling many lines against one draw decodes it once: the last draw
 * is kept and compared by reference, then by value (a caller reusing one array stays correct).
 */
export function lastDrawMemo<T>(decode: (draw: DrawNumbers) => T): (draw: DrawNumbers) => T {
  let lastRef: DrawNumbers | null = null;
  let lastKey: string[] = [];
  let lastValue: T;
  return (draw) => {
    if (lastRef !== null && draw.length === lastKey.length) {
      let same = true;
      for (let i = 0; i < draw.length; i++) {
        if (draw[i] !== lastKey[i]) {
          same = false;
          break;
        }
      }
      if (same) return lastValue;
    }
    lastValue = decode(draw);
    lastRef = draw;
    lastKey = draw.slice();
    return lastValue;
  };
}

/** Builds an outcome from per-tier counts, leaving out tiers with no notes. */
export function outcomeOf(counts: ReadonlyMap<string, number>): LineOutcome {
  const hits: TierHit[] = [];
  for (const [tier, notes] of counts) if (notes > 0) hits.push({ tier, notes });
  return hits.length ? { hits, refund: false } : NO_WIN;
}

export function digitLabels(from: number, to: number, pad = 1): string[] {
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(String(n).padStart(pad, '0'));
  return out;
}

/** Splits a positional text into exactly `positions` parts (throws when the count differs). */
export function splitPositions(text: string, positions: number): string[] {
  const parts = text.split('|');
  if (parts.length !== positions) ruleError(`号码格式错误：应有${positions}个位置`);
  return parts;
}

/**
 * Parses one position: comma-separated members of `allowed` (its index is returned), any order,
 * no duplicates. Empty text gives an empty list.
 */
export function parsePick(part: string, allowed: ReadonlyMap<string, number>): number[] {
  const out: number[] = [];
  if (part === '') return out;
  let seen = 0;
  let from = 0;
  for (let i = 0; i <= part.length; i++) {
    if (i < part.length && part.charCodeAt(i) !== 44) continue;
    const item = part.slice(from, i);
    const idx = allowed.get(item);
    if (idx === undefined) ruleError(`号码格式错误：${item}`);
    if (idx < 31 ? (seen >> idx) & 1 : out.includes(idx)) ruleError(`号码重复：${item}`);
    if (idx < 31) seen |= 1 << idx;
    out.push(idx);
    from = i + 1;
  }
  return out;
}

/** Splits on '|' into exactly `positions` parts without a regex or an intermediate array check. */
export function splitParts(text: string, positions: number): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text.charCodeAt(i) === 124) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  if (parts.length !== positions) ruleError(`号码格式错误：应有${positions}个位置`);
  return parts;
}

/**
 * Fast parser for a position of small integers lo..hi (hi ≤ 30) written without padding (pad 0)
 * or zero-padded to `pad` characters ('01'), comma-separated, no duplicates. Returns a bit mask.
 */
export function parseIntMask(part: string, lo: number, hi: number, pad = 0): number {
  let mask = 0;
  const len = part.length;
  let i = 0;
  while (i < len) {
    const start = i;
    let v = 0;
    while (i < len) {
      const c = part.charCodeAt(i);
      if (c === 44) break;
      if (c < 48 || c > 57) ruleError(`号码格式错误：${part}`);
      v = v * 10 + (c - 48);
      i++;
    }
    const width = i - start;
    if (
      width === 0 ||
      v < lo ||
      v > hi ||
      (pad > 0 ? width !== pad : width > 1 && part.charCodeAt(start) === 48)
    ) {
      ruleError(`号码格式错误：${part.slice(start, i) || part}`);
    }
    const bit = 1 << v;
    if (mask & bit) ruleError(`号码重复：${part.slice(start, i)}`);
    mask |= bit;
    if (i < len) {
      i++;
      if (i === len) ruleError(`号码格式错误：${part}`);
    }
  }
  return mask;
}

export function popcount(mask: number): number {
  let m = mask >>> 0;
  let n = 0;
  while (m) {
    m &= m - 1;
    n++;
  }
  return n;
}

export function maskValues(mask: number): number[] {
  const out: number[] = [];
  for (let v = 0; v < 31; v++) if (mask & (1 << v)) out.push(v);
  return out;
}

export function indexOf(labels: readonly string[]): Map<string, number> {
  return new Map(labels.map((l, i) => [l, i]));
}

/**
 * Cleans manual input as spec §5 says and splits it into tickets: ' ' and ';' always separate
 * tickets; ',' does too unless `commaInTicket` (PK10 writes a ticket's numbers as '01,02').
 */
export function manualTickets(text: string, commaInTicket = false): string[] {
  let clean = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || c === 32 || c === 44 || c === 59)) {
      clean = false;
      break;
    }
  }
  const cleaned = clean
    ? text
    : text
        .replace(/，/g, ',')
        .replace(/；/g, ';')
        .replace(/[^0-9,; ]/g, '');
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i <= cleaned.length; i++) {
    const c = i < cleaned.length ? cleaned.charCodeAt(i) : 32;
    if (c === 32 || c === 59 || (c === 44 && !commaInTicket)) {
      if (i > from) out.push(cleaned.slice(from, i));
      from = i + 1;
    }
  }
  return out;
}

/**
 * Parses positional rows of small integers in one pass: `positions` parts separated by '|', each
 * as parseIntMask reads it. Returns one bit mask per position.
 */
export function parseRows(text: string, positions: number, lo: number, hi: number, pad = 0): number[] {
  const masks: number[] = [];
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text.charCodeAt(i) === 124) {
      masks.push(from === i ? 0 : parseIntMask(text.slice(from, i), lo, hi, pad));
      from = i + 1;
    }
  }
  if (masks.length !== positions) ruleError(`号码格式错误：应有${positions}个位置`);
  return masks;
}

export function randomInt(random: () => number, n: number): number {
  const v = Math.floor(random() * n);
  return Math.min(n - 1, Math.max(v, 0));
}

/** k distinct indices of 0..n-1, in random order. */
export function randomDistinct(random: () => number, n: number, k: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + randomInt(random, n - i);
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
    out.push(pool[i]!);
  }
  return out;
}

/** Exact tier chance from enumeration: favourable / total. */
export function countedChance(favourable: number, total: number): Chance {
  if (favourable <= 0) throw new Error('a tier that can never win');
  return chance(favourable, total);
}

export interface PlaySpec<P> {
  family: Family;
  code: string;
  group: string;
  subGroup: string;
  name: string;
  tip: string;
  example: string;
  isDefault?: boolean;
  credit?: boolean;
  resultLength?: number;
  /** Draws of any other length pay nothing (a malformed or foreign draw). */
  drawLength?: number;
  input: PlayInput;
  tiers: PrizeTier[];
  /** Validates and parses; throws RuleError. */
  parse(text: string): P;
  /** Notes of a parsed line (0 = nothing chosen, reported with the spec's message). */
  notes(line: P): number;
  quickPick(random: () => number): string;
  /** Settles a parsed line against a draw that has the family's shape. */
  settle(line: P, draw: DrawNumbers): LineOutcome;
}

const PARSE_CACHE_SIZE = 4096;
let parseCacheOn = true;

/** Turns the parse cache off (bench/rules measures parsing every line) or back on. */
export function setParseCache(on: boolean): void {
  parseCacheOn = on;
}

/** Turns a PlaySpec into the PlayDef contract. Parsed lines are treated as read-only values. */
export function definePlay<P>(spec: PlaySpec<P>): PlayDef {
  const { drawLength } = spec;
  const tierKeys = new Set(spec.tiers.map((t) => t.key));
  // Lines repeat a lot (quick picks, 大/小, popular numbers): keep recent parses, bounded.
  const cache = new Map<string, P>();
  const parse = (text: string): P => {
    if (!parseCacheOn) return spec.parse(text);
    let line = cache.get(text);
    if (line === undefined) {
      line = spec.parse(text);
      if (cache.size >= PARSE_CACHE_SIZE) cache.clear();
      cache.set(text, line);
    }
    return line;
  };
  if (tierKeys.size !== spec.tiers.length) throw new Error(`${spec.family}${spec.code}: duplicate tier`);
  return {
    family: spec.family,
    code: spec.code,
    group: spec.group,
    subGroup: spec.subGroup,
    name: spec.name,
    tip: spec.tip,
    example: spec.example,
    isDefault: spec.isDefault ?? false,
    credit: spec.credit ?? false,
    input: spec.input,
    tiers: spec.tiers,
    ...(spec.resultLength === undefined ? {} : { resultLength: spec.resultLength }),
    count(bettingNumber: string): number {
      if (typeof bettingNumber !== 'string' || bettingNumber.trim() === '') ruleError(MSG_NO_SELECTION);
      const n = spec.notes(parse(bettingNumber));
      if (n <= 0) ruleError(MSG_NO_SELECTION);
      return n;
    },
    quickPick: spec.quickPick,
    settle(bettingNumber: string, draw: DrawNumbers): LineOutcome {
      const line = parse(bettingNumber);
      if (drawLength !== undefined && draw.length !== drawLength) return NO_WIN;
      return spec.settle(line, draw);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Option plays (credit style): slots of option buttons, each option one note with its own tier

export interface OptionDef<D> {
  /** The text written in bettingNumber and on the button, e.g. '大', '龙', '12'. */
  label: string;
  tier: string;
  wins(draw: D): boolean;
}

export interface OptionSlot<D> {
  label: string;
  options: readonly OptionDef<D>[];
}

export interface OptionPlaySpec<D>
  extends Omit<PlaySpec<never>, 'parse' | 'notes' | 'settle' | 'quickPick' | 'input'> {
  /** One slot: bettingNumber is 'a,b'; several: 'a,b|c||d' (one part per slot). */
  slots: readonly OptionSlot<D>[];
  /** The draw as the options read it; null = not a valid draw (nothing wins). */
  decode(draw: DrawNumbers): D | null;
  /** The whole line is refunded on this draw (stock tie). */
  refunds?(draw: D): boolean;
}

export function optionPlay<D>(spec: OptionPlaySpec<D>): PlayDef {
  const { slots } = spec;
  const indexes = slots.map((s) => indexOf(s.options.map((o) => o.label)));
  const options: PlayInput = {
    kind: 'options',
    options: slots.flatMap((s) =>
      s.options.map((o) => ({ code: o.label, label: slots.length > 1 ? `${s.label}${o.label}` : o.label })),
    ),
    min: 1,
    max: slots.reduce((n, s) => n + s.options.length, 0),
  };
  const { slots: _slots, decode: rawDecode, refunds, ...rest } = spec;
  const decode = lastDrawMemo(rawDecode);
  const tierKeys = spec.tiers.map((t) => t.key);
  const tierIndex = slots.map((s) =>
    s.options.map((o) => {
      const i = tierKeys.indexOf(o.tier);
      if (i < 0) throw new Error(`${spec.family}${spec.code}: option ${o.label} has no tier ${o.tier}`);
      return i;
    }),
  );
  return definePlay<number[][]>({
    ...rest,
    credit: spec.credit ?? true,
    input: options,
    parse(text) {
      const parts = slots.length === 1 ? [text] : splitPositions(text, slots.length);
      return parts.map((p, i) => parsePick(p, indexes[i]!));
    },
    notes: (picked) => picked.reduce((n, p) => n + p.length, 0),
    quickPick(random) {
      const slot = randomInt(random, slots.length);
      const opts = slots[slot]!.options;
      const label = opts[randomInt(random, opts.length)]!.label;
      return slots.length === 1 ? label : slots.map((_, i) => (i === slot ? label : '')).join('|');
    },
    settle(picked, draw) {
      const d = decode(draw);
      if (d === null) return NO_WIN;
      if (refunds?.(d)) return REFUND;
      let counts: number[] | null = null;
      let single = -1;
      let total = 0;
      for (let s = 0; s < picked.length; s++) {
        const opts = slots[s]!.options;
        const idx = tierIndex[s]!;
        for (const i of picked[s]!) {
          if (!opts[i]!.wins(d)) continue;
          const t = idx[i]!;
          total++;
          if (total === 1) single = t;
          else {
            if (!counts) {
              counts = new Array<number>(tierKeys.length).fill(0);
              counts[single] = 1;
            }
            counts[t]!++;
          }
        }
      }
      if (total === 0) return NO_WIN;
      if (!counts) return hitOutcome(tierKeys[single]!, 1);
      const hits: TierHit[] = [];
      for (let t = 0; t < counts.length; t++)
        if (counts[t]! > 0) hits.push({ tier: tierKeys[t]!, notes: counts[t]! });
      return { hits, refund: false };
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Lazy tier chances. Exact chances come from enumerating draws (100000 for SSC, 30240 PK10
// arrangements ...). Done at import, that cost ~0.5 s of blocking time on every play page and at
// every server start, for tables most pages never read; so each chance is computed on first read.

let tierChancesComputed = 0;
let drawTablesBuilt = 0;

/** How many tier chances have been computed so far (tests: importing the plays computes none). */
export function tierChancesComputedCount(): number {
  return tierChancesComputed;
}

/** How many `lazy` draw tables have been built so far (tests: importing the plays builds none). */
export function drawTablesBuiltCount(): number {
  return drawTablesBuilt;
}

/** A value built on first call, then kept: a draw table shared by several tier chances. */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
      drawTablesBuilt++;
    }
    return value as T;
  };
}

/**
 * A Chance whose num/den are computed on first read and then kept. The compute function (and the
 * draw table it holds) is dropped afterwards, so only the two bigints stay in memory.
 */
export function lazyChance(compute: () => Chance): Chance {
  let pending: (() => Chance) | null = compute;
  let value: Chance = { num: 0n, den: 1n };
  const get = (): Chance => {
    if (pending) {
      value = pending();
      pending = null;
      tierChancesComputed++;
    }
    return value;
  };
  return {
    get num() {
      return get().num;
    },
    get den() {
      return get().den;
    },
  };
}

/**
 * Exact chance that `wins` holds over equally likely decoded draws, computed on first read. Pass
 * the draws as a function (usually `lazy(...)`) so the table itself is built only then.
 */
export function chanceOver<D>(draws: readonly D[] | (() => readonly D[]), wins: (d: D) => boolean): Chance {
  return lazyChance(() => {
    const list = typeof draws === 'function' ? draws() : draws;
    let n = 0;
    for (const d of list) if (wins(d)) n++;
    return countedChance(n, list.length);
  });
}
