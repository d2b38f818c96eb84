import {
  BLUE_NUMBERS,
  GREEN_NUMBERS,
  POULTRY,
  RED_NUMBERS,
  type Wave,
  waveOf,
  yearZodiacIndex,
  ZODIACS,
  zodiacIndexOf,
} from '../lhc-zodiac';
import { chance, choose, pascalChoose, subtractChance } from '../math';
import {
  type Chance,
  type DrawNumbers,
  type LineOutcome,
  type PlayDef,
  type PlayInput,
  type PrizeTier,
  RuleError,
} from '../play';
import { lhcTierOf } from './lhc-tier';

/**
 * LHC (六合彩): six regular numbers (正码) and a special number (特码) drawn from 1-49. Every play is
 * credit-style: each unit staked pays odds G/(2000·p) (odds.ts), tier by tier.
 *
 * Draw: `[正1, 正2, 正3, 正4, 正5, 正6, 特码]` as '01'-'49', optionally followed by the zodiac year
 * ('2026', see lhc-zodiac.ts `zodiacYearAt`). Plays that read zodiacs need that eighth element.
 *
 * bettingNumber: numbers '01'-'49' by ','; option codes (大, 红单, 鼠, 3尾 ...) by ','; 正码特 has six
 * positions joined by '|'. Special number 49 is 和 for the two-face (A02), half-wave (D01) and
 * 合肖 (E03, E04) plays: the line is refunded, and the odds are lowered to keep return G/2000.
 */

export const LHC_NUMBERS: readonly string[] = Array.from({ length: 49 }, (_, i) =>
  String(i + 1).padStart(2, '0'),
);

const NO_SELECTION = '请至少选择一注号码投注';

/** C(n, k) as a plain number, for counting winning notes in settlement. */
const C = pascalChoose(49);
const ALL_SEVEN = choose(49, 7);
const REFUND_49 = chance(1n, 49n);
const pad = (n: number) => String(n).padStart(2, '0');

// ---------------------------------------------------------------------------------------------
// Draw

interface LhcDraw {
  regular: number[];
  special: number;
  /** inRegular[n] = 1 when n is one of the six regular numbers. */
  inRegular: Uint8Array;
  year: number | undefined;
  /** Bits of the tails (0-9) among all seven numbers. */
  tails: number;
  /** With a year: the special's zodiac, the year's own zodiac and the bits of zodiacs among all seven. */
  zodiacs: { special: number; own: number; present: number } | undefined;
}

function parseDrawOnce(draw: DrawNumbers): LhcDraw {
  if (draw.length !== 7 && draw.length !== 8) throw new RuleError('开奖号码不正确');
  const seen = new Uint8Array(50);
  const numbers: number[] = [];
  for (let i = 0; i < 7; i++) {
    const n = Number(draw[i]);
    if (!Number.isInteger(n) || n < 1 || n > 49 || seen[n]) throw new RuleError('开奖号码不正确');
    seen[n] = 1;
    numbers.push(n);
  }
  const special = numbers[6] as number;
  seen[special] = 0;
  let year: number | undefined;
  if (draw.length === 8) {
    year = Number(draw[7]);
    if (!/^\d{4}$/.test(draw[7] as string)) throw new RuleError('开奖生肖年份不正确');
    yearZodiacIndex(year); // range check
  }
  let tails = 0;
  for (const n of numbers) tails |= 1 << (n % 10);
  let zodiacs: LhcDraw['zodiacs'];
  if (year !== undefined) {
    let present = 0;
    for (const n of numbers) present |= 1 << zodiacIndexOf(n, year);
    zodiacs = { special: zodiacIndexOf(special, year), own: yearZodiacIndex(year), present };
  }
  return { regular: numbers.slice(0, 6), special, inRegular: seen, year, tails, zodiacs };
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

function yearOf(d: LhcDraw): number {
  if (d.year === undefined) throw new RuleError('开奖结果缺少生肖年份');
  return d.year;
}

function zodiacsOf(d: LhcDraw): NonNullable<LhcDraw['zodiacs']> {
  if (d.zodiacs === undefined) throw new RuleError('开奖结果缺少生肖年份');
  return d.zodiacs;
}

// ---------------------------------------------------------------------------------------------
// Parsing and helpers

/**
 * A ',' list of distinct two-digit numbers 01-49, scanned character by character (settlement parses
 * every line). Empty text gives no numbers.
 */
function parseNumbers(text: string): number[] {
  const out: number[] = [];
  let seenLow = 0; // bits of 1-30
  let seenHigh = 0; // bits of 31-49
  const len = text.length;
  for (let i = 0; i < len; i += 3) {
    const a = text.charCodeAt(i) - 48;
    const b = text.charCodeAt(i + 1) - 48;
    const n = a * 10 + b;
    const sep = i + 2 < len ? text.charCodeAt(i + 2) : 44;
    // Positive checks: charCodeAt past the end is NaN, which fails every comparison.
    if (!(a >= 0 && a <= 9 && b >= 0 && b <= 9 && n >= 1 && n <= 49 && sep === 44 && i + 3 !== len)) {
      const end = text.indexOf(',', i);
      throw new RuleError(`号码格式错误：${text.slice(i, end < 0 ? len : end) || text}`);
    }
    const bit = 1 << ((n - 1) % 30);
    if ((n <= 30 ? seenLow : seenHigh) & bit) throw new RuleError(`号码重复：${text.slice(i, i + 2)}`);
    if (n <= 30) seenLow |= bit;
    else seenHigh |= bit;
    out.push(n);
  }
  return out;
}

/** Option codes of a list by their first character, longest first, with their index in the list. */
const optionIndexes = new WeakMap<readonly string[], Map<number, { code: string; index: number }[]>>();

function optionIndex(allowed: readonly string[]): Map<number, { code: string; index: number }[]> {
  let index = optionIndexes.get(allowed);
  if (!index) {
    index = new Map();
    allowed.forEach((code, i) => {
      const list = index?.get(code.charCodeAt(0)) ?? [];
      list.push({ code, index: i });
      list.sort((a, b) => b.code.length - a.code.length);
      index?.set(code.charCodeAt(0), list);
    });
    optionIndexes.set(allowed, index);
  }
  return index;
}

/**
 * Option codes by ',', each of `allowed` (at most 30), no repeats. Scans the text against the codes
 * (no split) and returns the codes of `allowed` themselves.
 */
function parseOptions(text: string, allowed: readonly string[]): string[] {
  if (text === '') throw new RuleError(NO_SELECTION);
  const index = optionIndex(allowed);
  const picked: string[] = [];
  let seen = 0;
  const len = text.length;
  let i = 0;
  while (i <= len) {
    let found: { code: string; index: number } | undefined;
    for (const c of index.get(text.charCodeAt(i)) ?? []) {
      const end = i + c.code.length;
      if (text.startsWith(c.code, i) && (end === len || text.charCodeAt(end) === 44)) {
        found = c;
        break;
      }
    }
    if (!found) {
      const end = text.indexOf(',', i);
      throw new RuleError(`选项不正确：${text.slice(i, end < 0 ? len : end)}`);
    }
    if (seen & (1 << found.index)) throw new RuleError('选项重复');
    seen |= 1 << found.index;
    picked.push(found.code);
    i += found.code.length + 1;
    if (i === len) throw new RuleError('选项不正确：');
  }
  return picked;
}

function randomDistinct(random: () => number, n: number, k: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (n - i));
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, k);
}

const randomNumbers = (random: () => number, k: number) =>
  randomDistinct(random, 49, k)
    .map((i) => i + 1)
    .sort((a, b) => a - b);

function outcome(counts: Iterable<[string, number]>, refund = false): LineOutcome {
  const hits = [];
  for (const [tier, notes] of counts) if (notes > 0) hits.push({ tier, notes });
  return { hits, refund };
}

const REFUND: LineOutcome = { hits: [], refund: true };

/** One winning unit per picked option that `wins`. */
function optionHits(picked: readonly string[], wins: (code: string) => boolean): LineOutcome {
  const hits = [];
  for (const p of picked) if (wins(p)) hits.push({ tier: p, notes: 1 });
  return { hits, refund: false };
}

/** Chance that all groups (of the given sizes, disjoint) have at least one number among the 7 drawn. */
function allPresentChance(sizes: readonly number[]): Chance {
  let favourable = 0n;
  for (let mask = 0; mask < 1 << sizes.length; mask++) {
    let missing = 0;
    let bits = 0;
    sizes.forEach((s, i) => {
      if (mask & (1 << i)) {
        missing += s;
        bits++;
      }
    });
    const ways = choose(49 - missing, 7);
    favourable += bits % 2 === 0 ? ways : -ways;
  }
  return chance(favourable, ALL_SEVEN);
}

/** Chance that a group of `size` numbers has none among the 7 drawn, subtracted from 1. */
const presentChance = (size: number) =>
  subtractChance(chance(1n, 1n), chance(choose(49 - size, 7), ALL_SEVEN));

const count1to48 = (test: (n: number) => boolean) => {
  let c = 0;
  for (let n = 1; n <= 48; n++) if (test(n)) c++;
  return c;
};

const digitSum = (n: number) => Math.floor(n / 10) + (n % 10);

type Base = Pick<PlayDef, 'code' | 'group' | 'subGroup' | 'name' | 'tip' | 'example'> & {
  isDefault?: boolean;
};

function lhcPlay(
  base: Base,
  rest: { input: PlayInput; tiers: PrizeTier[] } & Pick<PlayDef, 'count' | 'quickPick' | 'settle'>,
): PlayDef {
  return { family: 'LHC', credit: true, isDefault: false, ...base, ...rest };
}

const numberInput = (min: number): PlayInput => ({
  kind: 'multiPick',
  numbers: [...LHC_NUMBERS],
  min,
  max: 49,
});
const optionInput = (codes: readonly string[], min = 1, max = codes.length): PlayInput => ({
  kind: 'options',
  options: codes.map((code) => ({ code, label: code })),
  min,
  max,
});

// ---------------------------------------------------------------------------------------------
// 特码 / 正码

const TWO_FACE: Record<string, (n: number, year: number) => boolean> = {
  大: (n) => n >= 25,
  小: (n) => n <= 24,
  单: (n) => n % 2 === 1,
  双: (n) => n % 2 === 0,
  合大: (n) => digitSum(n) >= 7,
  合小: (n) => digitSum(n) <= 6,
  合单: (n) => digitSum(n) % 2 === 1,
  合双: (n) => digitSum(n) % 2 === 0,
  尾大: (n) => n % 10 >= 5,
  尾小: (n) => n % 10 <= 4,
  家禽: (n, year) => POULTRY.includes(ZODIACS[zodiacIndexOf(n, year)] as (typeof POULTRY)[number]),
  野兽: (n, year) => !POULTRY.includes(ZODIACS[zodiacIndexOf(n, year)] as (typeof POULTRY)[number]),
};
const TWO_FACE_CODES = Object.keys(TWO_FACE);
const NEEDS_YEAR = new Set(['家禽', '野兽']);

const WAVES: readonly Wave[] = ['红', '蓝', '绿'];
const WAVE_NUMBERS: Record<Wave, readonly number[]> = {
  红: RED_NUMBERS,
  蓝: BLUE_NUMBERS,
  绿: GREEN_NUMBERS,
};
const WAVE_CODES = WAVES.map((w) => `${w}波`);

const HALF_WAVE_FACES: Record<string, (n: number) => boolean> = {
  大: (n) => n >= 25,
  小: (n) => n <= 24,
  单: (n) => n % 2 === 1,
  双: (n) => n % 2 === 0,
  合单: (n) => digitSum(n) % 2 === 1,
  合双: (n) => digitSum(n) % 2 === 0,
};
const HALF_WAVE_CODES = WAVES.flatMap((w) => Object.keys(HALF_WAVE_FACES).map((f) => `${w}${f}`));
const halfWaveWins = (code: string, n: number) =>
  waveOf(n) === code[0] && (HALF_WAVE_FACES[code.slice(1)] as (n: number) => boolean)(n);
/** The half-wave codes each special number 1-48 wins. */
const HALF_WAVE_WINNERS: ReadonlySet<string>[] = Array.from(
  { length: 49 },
  (_, n) => new Set(n === 0 ? [] : HALF_WAVE_CODES.filter((code) => halfWaveWins(code, n))),
);

const POSITION_LABELS = ['正一特', '正二特', '正三特', '正四特', '正五特', '正六特'];

const specialPlays: PlayDef[] = [
  lhcPlay(
    {
      code: 'A01',
      group: '特码',
      subGroup: '特码',
      name: '特码',
      tip: '从01-49中选择号码，每个号码为一注，与特码相同即中奖',
      example: '投注08，特码开08即中奖',
      isDefault: true,
    },
    {
      input: numberInput(1),
      tiers: [{ key: 'main', name: '特码', chance: chance(1n, 49n) }],
      count(text) {
        const n = parseNumbers(text).length;
        if (n === 0) throw new RuleError(NO_SELECTION);
        return n;
      },
      quickPick: (random) => pad(randomNumbers(random, 1)[0] as number),
      settle(text, draw) {
        const { special } = parseDraw(draw);
        return outcome([['main', parseNumbers(text).includes(special) ? 1 : 0]]);
      },
    },
  ),
  lhcPlay(
    {
      code: 'A02',
      group: '特码',
      subGroup: '特码两面',
      name: '特码两面',
      tip: '以特码判断大(25-48)小(01-24)、单双、合数(两位数字之和)大小单双、尾数大小、家禽野兽；特码为49时为和，退还本金',
      example: '投注大，特码开30即中奖；特码开49退还本金',
    },
    {
      input: optionInput(TWO_FACE_CODES),
      tiers: TWO_FACE_CODES.map((key) => ({
        key,
        name: key,
        // Among 1-48 every zodiac has exactly four numbers, so 家禽/野兽 do not depend on the year.
        chance: chance(
          count1to48((n) => (TWO_FACE[key] as (n: number, y: number) => boolean)(n, 2020)),
          49n,
        ),
        refund: REFUND_49,
      })),
      count: (text) => parseOptions(text, TWO_FACE_CODES).length,
      quickPick: (random) => TWO_FACE_CODES[Math.floor(random() * TWO_FACE_CODES.length)] as string,
      settle(text, draw) {
        const d = parseDraw(draw);
        const picked = parseOptions(text, TWO_FACE_CODES);
        if (d.special === 49) return REFUND;
        const year = picked.some((p) => NEEDS_YEAR.has(p)) ? yearOf(d) : 2020;
        return optionHits(picked, (p) => (TWO_FACE[p] as (n: number, y: number) => boolean)(d.special, year));
      },
    },
  ),
  lhcPlay(
    {
      code: 'A03',
      group: '特码',
      subGroup: '特码色波',
      name: '特码色波',
      tip: '特码的波色（红波、蓝波、绿波）与所选相同即中奖',
      example: '投注红波，特码开01即中奖',
    },
    {
      input: optionInput(WAVE_CODES),
      tiers: WAVES.map((w) => ({
        key: `${w}波`,
        name: `${w}波`,
        chance: chance(WAVE_NUMBERS[w].length, 49n),
      })),
      count: (text) => parseOptions(text, WAVE_CODES).length,
      quickPick: (random) => WAVE_CODES[Math.floor(random() * 3)] as string,
      settle(text, draw) {
        const wave = `${waveOf(parseDraw(draw).special)}波`;
        return optionHits(parseOptions(text, WAVE_CODES), (p) => p === wave);
      },
    },
  ),
  lhcPlay(
    {
      code: 'B01',
      group: '正码',
      subGroup: '正码',
      name: '正码',
      tip: '从01-49中选择号码，每个号码为一注，出现在六个正码中即中奖',
      example: '投注08，正码开出08（任意位置）即中奖',
    },
    {
      input: numberInput(1),
      tiers: [{ key: 'main', name: '正码', chance: chance(6n, 49n) }],
      count(text) {
        const n = parseNumbers(text).length;
        if (n === 0) throw new RuleError(NO_SELECTION);
        return n;
      },
      quickPick: (random) => pad(randomNumbers(random, 1)[0] as number),
      settle(text, draw) {
        const { inRegular } = parseDraw(draw);
        let hits = 0;
        for (const n of parseNumbers(text)) hits += inRegular[n] as number;
        return outcome([['main', hits]]);
      },
    },
  ),
  lhcPlay(
    {
      code: 'B02',
      group: '正码',
      subGroup: '正码特',
      name: '正码特',
      tip: '在正一特至正六特任意位置选择号码，每个号码为一注，与该位置正码相同即中奖',
      example: '正一特投注08，第一个正码开08即中奖',
    },
    {
      input: {
        kind: 'positional',
        rows: POSITION_LABELS.map((label) => ({ label, numbers: [...LHC_NUMBERS] })),
        quickButtons: true,
      },
      tiers: [{ key: 'main', name: '正码特', chance: chance(1n, 49n) }],
      count(text) {
        const rows = text.split('|');
        if (rows.length !== 6) throw new RuleError('号码格式错误：应有6个位置');
        const n = rows.reduce((s, r) => s + parseNumbers(r).length, 0);
        if (n === 0) throw new RuleError(NO_SELECTION);
        return n;
      },
      quickPick(random) {
        const rows = ['', '', '', '', '', ''];
        rows[Math.floor(random() * 6)] = pad(randomNumbers(random, 1)[0] as number);
        return rows.join('|');
      },
      settle(text, draw) {
        const rows = text.split('|');
        if (rows.length !== 6) throw new RuleError('号码格式错误：应有6个位置');
        const { regular } = parseDraw(draw);
        let hits = 0;
        rows.forEach((r, i) => {
          if (parseNumbers(r).includes(regular[i] as number)) hits++;
        });
        return outcome([['main', hits]]);
      },
    },
  ),
];

// ---------------------------------------------------------------------------------------------
// 连码: every k-subset of the chosen numbers is a unit.

const half = chance(1n, 2n);

interface ComboRule {
  code: string;
  name: string;
  k: number;
  tip: string;
  example: string;
  tiers: PrizeTier[];
  /** Winning units per tier, from n chosen, r of them regular, s = 1 when the special is chosen. */
  wins(n: number, r: number, s: number): [string, number][];
}

const COMBO_RULES: ComboRule[] = [
  {
    code: 'C01',
    name: '三全中',
    k: 3,
    tip: '至少选择3个号码，每3个号码为一注，3个号码都在正码中即中奖',
    example: '投注01 02 03，正码含01 02 03即中奖',
    tiers: [{ key: 'main', name: '三全中', chance: chance(choose(6, 3), choose(49, 3)) }],
    wins: (_n, r) => [['main', C(r, 3)]],
  },
  {
    code: 'C02',
    name: '三中二',
    k: 3,
    tip: '至少选择3个号码，每3个号码为一注：3个都在正码中为中三，恰有2个在正码中为中二',
    example: '投注01 02 03，正码含01 02不含03即中二',
    tiers: [
      { key: 'hit3', name: '中三', chance: chance(choose(6, 3), choose(49, 3)), share: half },
      { key: 'hit2', name: '中二', chance: chance(choose(6, 2) * 43n, choose(49, 3)), share: half },
    ],
    wins: (n, r) => [
      ['hit3', C(r, 3)],
      ['hit2', C(r, 2) * (n - r)],
    ],
  },
  {
    code: 'C03',
    name: '二全中',
    k: 2,
    tip: '至少选择2个号码，每2个号码为一注，2个号码都在正码中即中奖',
    example: '投注01 02，正码含01 02即中奖',
    tiers: [{ key: 'main', name: '二全中', chance: chance(choose(6, 2), choose(49, 2)) }],
    wins: (_n, r) => [['main', C(r, 2)]],
  },
  {
    code: 'C04',
    name: '二中特',
    k: 2,
    tip: '至少选择2个号码，每2个号码为一注：2个都在正码中为中二，1个在正码中另1个是特码为中特',
    example: '投注01 02，正码含01且特码为02即中特',
    tiers: [
      { key: 'hit2', name: '中二', chance: chance(choose(6, 2), choose(49, 2)), share: half },
      { key: 'special', name: '中特', chance: chance(6n, choose(49, 2)), share: half },
    ],
    wins: (_n, r, s) => [
      ['hit2', C(r, 2)],
      ['special', r * s],
    ],
  },
  {
    code: 'C05',
    name: '特串',
    k: 2,
    tip: '至少选择2个号码，每2个号码为一注，1个在正码中另1个是特码即中奖',
    example: '投注01 02，正码含01且特码为02即中奖',
    tiers: [{ key: 'main', name: '特串', chance: chance(6n, choose(49, 2)) }],
    wins: (_n, r, s) => [['main', r * s]],
  },
];

const comboPlays: PlayDef[] = COMBO_RULES.map((rule) =>
  lhcPlay(
    {
      code: rule.code,
      group: '连码',
      subGroup: '连码',
      name: rule.name,
      tip: rule.tip,
      example: rule.example,
    },
    {
      input: numberInput(rule.k),
      tiers: rule.tiers,
      count(text) {
        const n = parseNumbers(text).length;
        if (n === 0) throw new RuleError(NO_SELECTION);
        if (n < rule.k) throw new RuleError(`${rule.name}至少选择${rule.k}个号码`);
        return C(n, rule.k);
      },
      quickPick: (random) => randomNumbers(random, rule.k).map(pad).join(','),
      settle(text, draw) {
        const picked = parseNumbers(text);
        if (picked.length < rule.k) throw new RuleError(`${rule.name}至少选择${rule.k}个号码`);
        const d = parseDraw(draw);
        let r = 0;
        for (const n of picked) r += d.inRegular[n] as number;
        return outcome(rule.wins(picked.length, r, picked.includes(d.special) ? 1 : 0));
      },
    },
  ),
);

// ---------------------------------------------------------------------------------------------
// 半波

const halfWavePlay = lhcPlay(
  {
    code: 'D01',
    group: '半波',
    subGroup: '半波',
    name: '半波',
    tip: '以特码的波色与大小、单双、合数单双组合判断，如红大、绿合单；特码为49时为和，退还本金',
    example: '投注红单，特码开01即中奖',
  },
  {
    input: optionInput(HALF_WAVE_CODES),
    tiers: HALF_WAVE_CODES.map((key) => ({
      key,
      name: key,
      chance: chance(
        count1to48((n) => halfWaveWins(key, n)),
        49n,
      ),
      refund: REFUND_49,
    })),
    count: (text) => parseOptions(text, HALF_WAVE_CODES).length,
    quickPick: (random) => HALF_WAVE_CODES[Math.floor(random() * HALF_WAVE_CODES.length)] as string,
    settle(text, draw) {
      const { special } = parseDraw(draw);
      const picked = parseOptions(text, HALF_WAVE_CODES);
      if (special === 49) return REFUND;
      const winners = HALF_WAVE_WINNERS[special] as ReadonlySet<string>;
      return optionHits(picked, (p) => winners.has(p));
    },
  },
);

// ---------------------------------------------------------------------------------------------
// 生肖. Tier 'year' is for units holding the year's own zodiac (five numbers), 'other' for the rest.

const ZODIAC_CODES: readonly string[] = ZODIACS;

function parseZodiacs(text: string): number[] {
  return parseOptions(text, ZODIAC_CODES).map((z) => ZODIAC_CODES.indexOf(z));
}

/** Bits of the zodiacs present among all seven numbers. */
const zodiacsPresent = (d: LhcDraw) => zodiacsOf(d).present;

const randomZodiacs = (random: () => number, k: number) =>
  randomDistinct(random, 12, k)
    .sort((a, b) => a - b)
    .map((i) => ZODIACS[i])
    .join(',');

function zodiacUnitsPlay(
  base: Base,
  k: number,
  tiers: { year: Chance; other: Chance },
  /** Bits of the zodiacs a unit must be made of to win. */
  winning: (d: LhcDraw) => number,
): PlayDef {
  return lhcPlay(base, {
    input: optionInput(ZODIAC_CODES, k),
    tiers: [
      { key: 'year', name: '含本命肖', chance: tiers.year },
      { key: 'other', name: '不含本命肖', chance: tiers.other },
    ],
    count(text) {
      const n = parseZodiacs(text).length;
      if (n < k) throw new RuleError(`${base.name}至少选择${k}个生肖`);
      return C(n, k);
    },
    quickPick: (random) => randomZodiacs(random, k),
    settle(text, draw) {
      const picked = parseZodiacs(text);
      if (picked.length < k) throw new RuleError(`${base.name}至少选择${k}个生肖`);
      const d = parseDraw(draw);
      const won = winning(d);
      const { own } = zodiacsOf(d);
      let good = 0;
      let ownGood = 0;
      for (const z of picked) {
        if (won & (1 << z)) {
          good++;
          if (z === own) ownGood = 1;
        }
      }
      return outcome([
        ['year', ownGood ? C(good - 1, k - 1) : 0],
        ['other', C(good - ownGood, k)],
      ]);
    },
  });
}

function mixedZodiacPlay(code: string, name: string, hit: boolean): PlayDef {
  const k = (n: number) => `k${n}`;
  const counts = [2, 3, 4, 5, 6, 7, 8, 9, 10];
  return lhcPlay(
    {
      code,
      group: '生肖',
      subGroup: '合肖',
      name,
      tip: hit
        ? '选择2-10个生肖为一注，特码的生肖在所选生肖中即中奖；特码为49时为和，退还本金'
        : '选择2-10个生肖为一注，特码的生肖不在所选生肖中即中奖；特码为49时为和，退还本金',
      example: hit ? '投注鼠 牛，特码生肖为鼠即中奖' : '投注鼠 牛，特码生肖为虎即中奖',
    },
    {
      input: optionInput(ZODIAC_CODES, 2, 10),
      tiers: counts.map((n) => ({
        key: k(n),
        name: `${name}${n}肖`,
        chance: chance(4 * (hit ? n : 12 - n), 49n),
        refund: REFUND_49,
      })),
      count(text) {
        const n = parseZodiacs(text).length;
        if (n < 2 || n > 10) throw new RuleError(`${name}需选择2-10个生肖`);
        return 1;
      },
      quickPick: (random) => randomZodiacs(random, 2 + Math.floor(random() * 9)),
      settle(text, draw) {
        const picked = parseZodiacs(text);
        if (picked.length < 2 || picked.length > 10) throw new RuleError(`${name}需选择2-10个生肖`);
        const d = parseDraw(draw);
        if (d.special === 49) return REFUND;
        const inSet = picked.includes(zodiacsOf(d).special);
        return outcome([[k(picked.length), inSet === hit ? 1 : 0]]);
      },
    },
  );
}

const zodiacPlays: PlayDef[] = [
  zodiacUnitsPlay(
    {
      code: 'E01',
      group: '生肖',
      subGroup: '特肖',
      name: '特肖',
      tip: '选择生肖，每个生肖为一注，特码的生肖与所选相同即中奖（本命肖含5个号码）',
      example: '投注马（2026年01、13、25、37、49），特码开13即中奖',
    },
    1,
    { year: chance(5n, 49n), other: chance(4n, 49n) },
    (d) => 1 << zodiacsOf(d).special,
  ),
  zodiacUnitsPlay(
    {
      code: 'E02',
      group: '生肖',
      subGroup: '一肖',
      name: '一肖',
      tip: '选择生肖，每个生肖为一注，7个开奖号码中有该生肖的号码即中奖',
      example: '投注马，开奖号码（含特码）中有2026年马的号码即中奖',
    },
    1,
    { year: presentChance(5), other: presentChance(4) },
    zodiacsPresent,
  ),
  mixedZodiacPlay('E03', '合肖中', true),
  mixedZodiacPlay('E04', '合肖不中', false),
  ...(
    [
      ['E05', '二肖连', 2],
      ['E06', '三肖连', 3],
      ['E07', '四肖连', 4],
    ] as const
  ).map(([code, name, k]) =>
    zodiacUnitsPlay(
      {
        code,
        group: '生肖',
        subGroup: '连肖',
        name,
        tip: `至少选择${k}个生肖，每${k}个生肖为一注，${k}个生肖都出现在7个开奖号码中即中奖`,
        example: `投注${ZODIACS.slice(0, k).join(' ')}，开奖号码中都有这些生肖的号码即中奖`,
      },
      k,
      {
        year: allPresentChance([5, ...new Array(k - 1).fill(4)]),
        other: allPresentChance(new Array(k).fill(4)),
      },
      zodiacsPresent,
    ),
  ),
];

// ---------------------------------------------------------------------------------------------
// 尾数: tail t covers the numbers ending in t (0尾 has four: 10 20 30 40; the others five).

const TAIL_CODES = Array.from({ length: 10 }, (_, t) => `${t}尾`);
const tailSize = (t: number) => (t === 0 ? 4 : 5);
const parseTails = (text: string) => parseOptions(text, TAIL_CODES).map((c) => Number(c[0]));
const randomTails = (random: () => number, k: number) =>
  randomDistinct(random, 10, k)
    .sort((a, b) => a - b)
    .map((t) => TAIL_CODES[t])
    .join(',');

const tailPlays: PlayDef[] = [
  lhcPlay(
    {
      code: 'F01',
      group: '尾数',
      subGroup: '特码尾数',
      name: '特码尾数',
      tip: '选择尾数，每个尾数为一注，特码的个位数与所选相同即中奖',
      example: '投注8尾，特码开28即中奖',
    },
    {
      input: optionInput(TAIL_CODES),
      tiers: TAIL_CODES.map((key, t) => ({ key, name: key, chance: chance(tailSize(t), 49n) })),
      count: (text) => parseTails(text).length,
      quickPick: (random) => randomTails(random, 1),
      settle(text, draw) {
        const tail = parseDraw(draw).special % 10;
        return optionHits(parseOptions(text, TAIL_CODES), (p) => p === TAIL_CODES[tail]);
      },
    },
  ),
  lhcPlay(
    {
      code: 'F02',
      group: '尾数',
      subGroup: '一尾',
      name: '一尾',
      tip: '选择尾数，每个尾数为一注，7个开奖号码中有该尾数的号码即中奖',
      example: '投注8尾，开奖号码中有08、18、28、38或48即中奖',
    },
    {
      input: optionInput(TAIL_CODES),
      tiers: TAIL_CODES.map((key, t) => ({ key, name: key, chance: presentChance(tailSize(t)) })),
      count: (text) => parseTails(text).length,
      quickPick: (random) => randomTails(random, 1),
      settle(text, draw) {
        const d = parseDraw(draw);
        return optionHits(parseOptions(text, TAIL_CODES), (p) => (d.tails & (1 << Number(p[0]))) !== 0);
      },
    },
  ),
  ...(
    [
      ['F03', '二尾连', 2],
      ['F04', '三尾连', 3],
      ['F05', '四尾连', 4],
    ] as const
  ).map(([code, name, k]) =>
    lhcPlay(
      {
        code,
        group: '尾数',
        subGroup: '尾连',
        name,
        tip: `至少选择${k}个尾数，每${k}个尾数为一注，${k}个尾数都出现在7个开奖号码中即中奖`,
        example: `投注${TAIL_CODES.slice(1, k + 1).join(' ')}，开奖号码中都有这些尾数的号码即中奖`,
      },
      {
        input: optionInput(TAIL_CODES, k),
        tiers: [
          { key: 'zero', name: '含0尾', chance: allPresentChance([4, ...new Array(k - 1).fill(5)]) },
          { key: 'other', name: '不含0尾', chance: allPresentChance(new Array(k).fill(5)) },
        ],
        count(text) {
          const n = parseTails(text).length;
          if (n < k) throw new RuleError(`${name}至少选择${k}个尾数`);
          return C(n, k);
        },
        quickPick: (random) => randomTails(random, k),
        settle(text, draw) {
          const picked = parseTails(text);
          if (picked.length < k) throw new RuleError(`${name}至少选择${k}个尾数`);
          const d = parseDraw(draw);
          const good = picked.filter((t) => d.tails & (1 << t));
          const zero = good.includes(0);
          return outcome([
            ['zero', zero ? C(good.length - 1, k - 1) : 0],
            ['other', C(good.length - (zero ? 1 : 0), k)],
          ]);
        },
      },
    ),
  ),
];

// ---------------------------------------------------------------------------------------------
// 不中: every k-subset is a unit that wins when none of its numbers is among the seven drawn.

const ZH_NUMBER = ['', '', '', '', '', '五', '六', '七', '八', '九', '十'];

const missPlays: PlayDef[] = [5, 6, 7, 8, 9, 10].map((k) =>
  lhcPlay(
    {
      code: `G${String(k).padStart(2, '0')}`,
      group: '不中',
      subGroup: '不中',
      name: `${ZH_NUMBER[k]}不中`,
      tip: `至少选择${k}个号码，每${k}个号码为一注，${k}个号码都不在7个开奖号码中即中奖`,
      example: `投注${LHC_NUMBERS.slice(0, k).join(' ')}，开奖号码都不是这些号码即中奖`,
    },
    {
      input: numberInput(k),
      tiers: [{ key: 'main', name: `${ZH_NUMBER[k]}不中`, chance: chance(choose(42, k), choose(49, k)) }],
      count(text) {
        const n = parseNumbers(text).length;
        if (n === 0) throw new RuleError(NO_SELECTION);
        if (n < k) throw new RuleError(`${ZH_NUMBER[k]}不中至少选择${k}个号码`);
        return C(n, k);
      },
      quickPick: (random) => randomNumbers(random, k).map(pad).join(','),
      settle(text, draw) {
        const picked = parseNumbers(text);
        if (picked.length < k) throw new RuleError(`${ZH_NUMBER[k]}不中至少选择${k}个号码`);
        const d = parseDraw(draw);
        let drawn = 0;
        for (const n of picked) if (d.inRegular[n] || n === d.special) drawn++;
        return outcome([['main', C(picked.length - drawn, k)]]);
      },
    },
  ),
);

export const PLAYS: readonly PlayDef[] = [
  ...specialPlays,
  ...comboPlays,
  halfWavePlay,
  ...zodiacPlays,
  ...tailPlays,
  ...missPlays,
];

/** lhcTierOf by play code (undefined for a code that is not an LHC play). */
export function lhcOptionTier(
  code: string,
  option: string,
  zodiacYear: number,
  chosen = 1,
): string | undefined {
  const play = PLAYS.find((p) => p.code === code);
  return play ? lhcTierOf(play, option, zodiacYear, chosen) : undefined;
}
