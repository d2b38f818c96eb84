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
 * SYX5 (11 选 5): five distinct numbers of 01-11 drawn in order. Numbers are handled as bit masks
 * (bit n set = number n) so counting and settling stay allocation-light.
 *
 * bettingNumber formats
 * - positional (直选复式, 定位胆): rows joined by '|', numbers in a row by ','   e.g. `01,02|03|04,05`
 * - multi-pick (组选复式, 任选复式, 不定位): numbers by ','                       e.g. `01,02,03`
 * - banker and drag (胆拖): bankers '|' drags                                    e.g. `01|02,03,04`
 * - single entry (单式): tickets by ';' or spaces, numbers in a ticket by ',' (or written together,
 *   two digits each)                                                              e.g. `01,02,03;04,05,06`
 * - options (定单双, 猜中位): option codes by ','                                 e.g. `5单0双,3单2双`
 */

export const SYX5_NUMBERS: readonly string[] = Array.from({ length: 11 }, (_, i) =>
  String(i + 1).padStart(2, '0'),
);

const NO_SELECTION = '请至少选择一注号码投注';

/** C(n, k) as a plain number, for counting winning notes in settlement. */
const C = pascalChoose(11);
const ZH_DIGITS = ['一', '二', '三', '四', '五', '六', '七', '八'];
const ALL_DRAWS = 462n; // C(11, 5)

// ---------------------------------------------------------------------------------------------
// Parsing

/**
 * A ',' list of distinct two-digit numbers as a mask; '' is the empty mask. Scans characters
 * (no split) because settlement parses every line.
 */
function parseMask(text: string): number {
  let mask = 0;
  const len = text.length;
  for (let i = 0; i < len; i += 3) {
    const a = text.charCodeAt(i) - 48;
    const b = text.charCodeAt(i + 1) - 48;
    const n = a * 10 + b;
    const sep = i + 2 < len ? text.charCodeAt(i + 2) : 44;
    // Written as positive checks: charCodeAt past the end is NaN, which fails every comparison.
    if (!(a >= 0 && a <= 9 && b >= 0 && b <= 9 && n >= 1 && n <= 11 && sep === 44 && i + 3 !== len)) {
      throw new RuleError(
        `号码格式错误：${text.slice(i, text.indexOf(',', i) < 0 ? len : text.indexOf(',', i)) || text}`,
      );
    }
    const bit = 1 << n;
    if (mask & bit) throw new RuleError(`号码重复：${text.slice(i, i + 2)}`);
    mask |= bit;
  }
  return mask;
}

function popcount(mask: number): number {
  let m = mask;
  let c = 0;
  while (m) {
    m &= m - 1;
    c++;
  }
  return c;
}

function splitRows(text: string, rows: number): string[] {
  const parts = text.split('|');
  if (parts.length !== rows) throw new RuleError(`号码格式错误：应有${rows}个位置`);
  return parts;
}

function parseBankerDrag(text: string, pick: number): { bankers: number; drags: number } {
  const [bankerText, dragText] = splitRows(text, 2) as [string, string];
  const bankers = parseMask(bankerText);
  const drags = parseMask(dragText);
  const d = popcount(bankers);
  if (d < 1) throw new RuleError('请至少选择1个胆码');
  if (d > pick - 1) throw new RuleError(`胆码最多选择${pick - 1}个`);
  if (bankers & drags) throw new RuleError('胆码与拖码不能相同');
  if (d + popcount(drags) < pick) throw new RuleError(`胆码与拖码合计至少选择${pick}个号码`);
  return { bankers, drags };
}

const isTicketSeparator = (c: number) => c === 59 || c === 32 || c === 9 || c === 10 || c === 13;

/** Tickets (单式) separated by ';' or white space, each of exactly `size` distinct numbers, in order. */
function parseTickets(text: string, size: number): number[][] {
  const out: number[][] = [];
  const len = text.length;
  let i = 0;
  while (i < len) {
    if (isTicketSeparator(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < len && !isTicketSeparator(text.charCodeAt(j))) j++;
    out.push(parseTicket(text.slice(i, j), size));
    i = j;
  }
  if (out.length === 0) throw new RuleError(NO_SELECTION);
  return out;
}

/** One ticket: `01,02,03` or `010203`. */
function parseTicket(ticket: string, size: number): number[] {
  const withCommas = ticket.length === 3 * size - 1;
  if (!withCommas && ticket.length !== 2 * size) throw new RuleError(`单式每注需${size}个号码：${ticket}`);
  const step = withCommas ? 3 : 2;
  const numbers: number[] = [];
  let mask = 0;
  for (let t = 0; t < size; t++) {
    const at = t * step;
    const a = ticket.charCodeAt(at) - 48;
    const b = ticket.charCodeAt(at + 1) - 48;
    const n = a * 10 + b;
    if (
      !(a >= 0 && a <= 9 && b >= 0 && b <= 9 && n >= 1 && n <= 11) ||
      (withCommas && t > 0 && ticket.charCodeAt(at - 1) !== 44)
    ) {
      throw new RuleError(`号码格式错误：${ticket}`);
    }
    if (mask & (1 << n)) throw new RuleError(`单式号码不能重复：${ticket}`);
    mask |= 1 << n;
    numbers.push(n);
  }
  return numbers;
}

function maskOf(numbers: readonly number[]): number {
  let mask = 0;
  for (const n of numbers) mask |= 1 << n;
  return mask;
}

interface Syx5Draw {
  /** The five numbers in draw order. */
  numbers: number[];
  /** Masks of all five, of the first two and of the first three. */
  all: number;
  front2: number;
  front3: number;
}

/** The draw, checked: five distinct numbers of 1-11. */
function parseDrawOnce(draw: DrawNumbers): Syx5Draw {
  if (draw.length !== 5) throw new RuleError('开奖号码不正确');
  const numbers = draw.map((d) => Number(d));
  if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > 11) || popcount(maskOf(numbers)) !== 5) {
    throw new RuleError('开奖号码不正确');
  }
  return {
    numbers,
    all: maskOf(numbers),
    front2: maskOf(numbers.slice(0, 2)),
    front3: maskOf(numbers.slice(0, 3)),
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

// ---------------------------------------------------------------------------------------------
// Random picks

/** k distinct numbers of 1-11 in random order. */
function randomNumbers(random: () => number, k: number): number[] {
  const pool = Array.from({ length: 11 }, (_, i) => i + 1);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (11 - i));
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, k);
}

const pad = (n: number) => String(n).padStart(2, '0');
const listOf = (numbers: readonly number[]) => numbers.map(pad).join(',');
const sortedList = (numbers: readonly number[]) => listOf([...numbers].sort((a, b) => a - b));
function maskList(mask: number): number[] {
  const out: number[] = [];
  for (let n = 1; n <= 11; n++) if (mask & (1 << n)) out.push(n);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Play builders

const win = (tier: string, notes: number): LineOutcome => ({
  hits: notes > 0 ? [{ tier, notes }] : [],
  refund: false,
});
/** The single tier of a play; `play()` names it after the play. */
const main = (c: Chance): PrizeTier[] => [{ key: 'main', name: '', chance: c }];

type Base = Pick<PlayDef, 'code' | 'group' | 'subGroup' | 'name' | 'tip' | 'example' | 'isDefault'>;

function play(
  base: Base,
  rest: Pick<PlayDef, 'input' | 'tiers' | 'count' | 'quickPick' | 'settle'>,
): PlayDef {
  const tiers = rest.tiers.map((t) => (t.key === 'main' ? { ...t, name: base.name } : t));
  return { family: 'SYX5', credit: false, ...base, ...rest, tiers };
}

const POSITION_LABELS = ['第一位', '第二位', '第三位'];

/** 前二/前三 直选复式: one number per position, all distinct. */
function straightMultiple(base: Base, size: number): PlayDef {
  const parse = (text: string) => splitRows(text, size).map(parseMask);
  const count = (text: string) => {
    const rows = parse(text);
    let notes = 0;
    const walk = (pos: number, used: number) => {
      if (pos === size) {
        notes++;
        return;
      }
      for (const n of maskList((rows[pos] as number) & ~used)) walk(pos + 1, used | (1 << n));
    };
    walk(0, 0);
    return notes;
  };
  return play(base, {
    input: {
      kind: 'positional',
      rows: POSITION_LABELS.slice(0, size).map((label) => ({ label, numbers: [...SYX5_NUMBERS] })),
      quickButtons: true,
    },
    tiers: main(chance(1n, size === 3 ? 990n : 110n)),
    count(text) {
      const notes = count(text);
      if (notes === 0) throw new RuleError(NO_SELECTION);
      return notes;
    },
    quickPick: (random) => randomNumbers(random, size).map(pad).join('|'),
    settle(text, draw) {
      const rows = parse(text);
      const { numbers } = parseDraw(draw);
      for (let pos = 0; pos < size; pos++)
        if (!((rows[pos] as number) & (1 << (numbers[pos] as number)))) return win('main', 0);
      return win('main', 1);
    },
  });
}

/** 前二/前三 直选单式. */
function straightSingle(base: Base, size: number): PlayDef {
  return play(base, {
    input: { kind: 'manual', ticketLength: size, numbers: [...SYX5_NUMBERS] },
    tiers: main(chance(1n, size === 3 ? 990n : 110n)),
    count: (text) => parseTickets(text, size).length,
    quickPick: (random) => listOf(randomNumbers(random, size)),
    settle(text, draw) {
      const { numbers } = parseDraw(draw);
      let notes = 0;
      for (const t of parseTickets(text, size)) if (t.every((n, i) => n === numbers[i])) notes++;
      return win('main', notes);
    },
  });
}

/** Front-N group: a set of `size` numbers wins when it equals the first `size` drawn in any order. */
function frontMask(draw: DrawNumbers, size: number): number {
  const d = parseDraw(draw);
  return size === 3 ? d.front3 : d.front2;
}

function groupMultiple(base: Base, size: number): PlayDef {
  return play(base, {
    input: { kind: 'multiPick', numbers: [...SYX5_NUMBERS], min: size, max: 11 },
    tiers: main(chance(1n, choose(11, size))),
    count(text) {
      if (text === '') throw new RuleError(NO_SELECTION);
      const n = popcount(parseMask(text));
      if (n < size) throw new RuleError(`组选至少选择${size}个号码`);
      return C(n, size);
    },
    quickPick: (random) => sortedList(randomNumbers(random, size)),
    settle(text, draw) {
      const front = frontMask(draw, size);
      return win('main', (parseMask(text) & front) === front ? 1 : 0);
    },
  });
}

function groupSingle(base: Base, size: number): PlayDef {
  return play(base, {
    input: { kind: 'manual', ticketLength: size, numbers: [...SYX5_NUMBERS] },
    tiers: main(chance(1n, choose(11, size))),
    count: (text) => parseTickets(text, size).length,
    quickPick: (random) => sortedList(randomNumbers(random, size)),
    settle(text, draw) {
      const front = frontMask(draw, size);
      let notes = 0;
      for (const t of parseTickets(text, size)) if (maskOf(t) === front) notes++;
      return win('main', notes);
    },
  });
}

function groupBankerDrag(base: Base, size: number): PlayDef {
  return play(base, {
    input: { kind: 'bankerDrag', numbers: [...SYX5_NUMBERS], pick: size },
    tiers: main(chance(1n, choose(11, size))),
    count(text) {
      const { bankers, drags } = parseBankerDrag(text, size);
      return C(popcount(drags), size - popcount(bankers));
    },
    quickPick(random) {
      const [banker, ...drags] = randomNumbers(random, size) as [number, ...number[]];
      return `${pad(banker)}|${sortedList(drags)}`;
    },
    settle(text, draw) {
      const { bankers, drags } = parseBankerDrag(text, size);
      const front = frontMask(draw, size);
      const ok = (bankers & front) === bankers && (front & ~bankers & ~drags) === 0;
      return win('main', ok ? 1 : 0);
    },
  });
}

// ---- 任选 (any pick): a note of k numbers; k ≤ 5 wins when all k are drawn, k ≥ 5 when it holds all five.

function anyPickChance(k: number): Chance {
  return k <= 5 ? chance(choose(5, k), choose(11, k)) : chance(choose(k, 5), ALL_DRAWS);
}

/** Winning notes of k numbers among the sets containing `bankers` plus (k − |bankers|) of `drags`. */
function anyPickWins(k: number, bankers: number, drags: number, drawn: number): number {
  const d = popcount(bankers);
  if (k <= 5) {
    if ((bankers & drawn) !== bankers) return 0;
    return C(popcount(drags & drawn), k - d);
  }
  const missing = drawn & ~bankers; // drawn numbers the note must still take from the drags
  if ((missing & drags) !== missing) return 0;
  const x = popcount(missing);
  return C(popcount(drags) - x, k - d - x);
}

const pickName = (k: number) => `任选${ZH_DIGITS[k - 1]}中${ZH_DIGITS[Math.min(k, 5) - 1]}`;
const pickTip = (k: number) =>
  k <= 5
    ? `从01-11中任选${k}个号码，${k}个号码全部在开奖号码中即中奖`
    : `从01-11中任选${k}个号码，5个开奖号码全部在所选号码中即中奖`;

function anyPickMultiple(k: number): PlayDef {
  return play(
    {
      code: `R1${k}`,
      group: '任选',
      subGroup: '任选复式',
      name: pickName(k),
      tip: pickTip(k),
      example: `投注${SYX5_NUMBERS.slice(0, k).join(' ')}，开奖${k <= 5 ? SYX5_NUMBERS.slice(0, 5).join(' ') : SYX5_NUMBERS.slice(k - 5, k).join(' ')}即中奖`,
      isDefault: k === 5,
    },
    {
      input: { kind: 'multiPick', numbers: [...SYX5_NUMBERS], min: k, max: 11 },
      tiers: main(anyPickChance(k)),
      count(text) {
        if (text === '') throw new RuleError(NO_SELECTION);
        const n = popcount(parseMask(text));
        if (n < k) throw new RuleError(`至少选择${k}个号码`);
        return C(n, k);
      },
      quickPick: (random) => sortedList(randomNumbers(random, k)),
      settle: (text, draw) => win('main', anyPickWins(k, 0, parseMask(text), parseDraw(draw).all)),
    },
  );
}

function anyPickSingle(k: number): PlayDef {
  return play(
    {
      code: `S1${k}`,
      group: '任选',
      subGroup: '任选单式',
      name: `${pickName(k)}单式`,
      tip: `手动输入号码，每注${k}个号码。${pickTip(k)}`,
      example: `输入${SYX5_NUMBERS.slice(0, k).join(',')}为一注`,
      isDefault: false,
    },
    {
      input: { kind: 'manual', ticketLength: k, numbers: [...SYX5_NUMBERS] },
      tiers: main(anyPickChance(k)),
      count: (text) => parseTickets(text, k).length,
      quickPick: (random) => sortedList(randomNumbers(random, k)),
      settle(text, draw) {
        const drawn = parseDraw(draw).all;
        let notes = 0;
        for (const t of parseTickets(text, k)) notes += anyPickWins(k, 0, maskOf(t), drawn);
        return win('main', notes);
      },
    },
  );
}

function anyPickBankerDrag(k: number): PlayDef {
  return play(
    {
      code: `T1${k}`,
      group: '任选',
      subGroup: '任选胆拖',
      name: `${pickName(k)}胆拖`,
      tip: `选1-${k - 1}个胆码和若干拖码，胆码与拖码合计至少${k}个。${pickTip(k)}`,
      example: `胆码01，拖码${SYX5_NUMBERS.slice(1, k + 1).join(' ')}，共${C(k, k - 1)}注`,
      isDefault: false,
    },
    {
      input: { kind: 'bankerDrag', numbers: [...SYX5_NUMBERS], pick: k },
      tiers: main(anyPickChance(k)),
      count(text) {
        const { bankers, drags } = parseBankerDrag(text, k);
        return C(popcount(drags), k - popcount(bankers));
      },
      quickPick(random) {
        const [banker, ...drags] = randomNumbers(random, k) as [number, ...number[]];
        return `${pad(banker)}|${sortedList(drags)}`;
      },
      settle(text, draw) {
        const { bankers, drags } = parseBankerDrag(text, k);
        return win('main', anyPickWins(k, bankers, drags, parseDraw(draw).all));
      },
    },
  );
}

// ---- 趣味: 定单双 (odd/even split of the five) and 猜中位 (middle of the five, sorted).

/** Option code `5单0双`: k odd numbers among the five. 01-11 has 6 odd and 5 even numbers. */
export const ODD_EVEN_OPTIONS: readonly string[] = [5, 4, 3, 2, 1, 0].map((odd) => `${odd}单${5 - odd}双`);
const MIDDLE_OPTIONS: readonly string[] = SYX5_NUMBERS.slice(2, 9);

function optionPlay(
  base: Base,
  options: readonly string[],
  chanceOf: (option: string) => Chance,
  outcomeOf: (numbers: number[]) => string,
): PlayDef {
  const parse = (text: string): string[] => {
    if (text === '') throw new RuleError(NO_SELECTION);
    const picked = text.split(',');
    for (const p of picked) if (!options.includes(p)) throw new RuleError(`选项不正确：${p}`);
    if (new Set(picked).size !== picked.length) throw new RuleError('选项重复');
    return picked;
  };
  return play(base, {
    input: {
      kind: 'options',
      options: options.map((code) => ({ code, label: code })),
      min: 1,
      max: options.length,
    },
    tiers: options.map((key) => ({ key, name: key, chance: chanceOf(key) })),
    count: (text) => parse(text).length,
    quickPick: (random) => options[Math.floor(random() * options.length)] as string,
    settle(text, draw) {
      const outcome = outcomeOf(parseDraw(draw).numbers);
      return { hits: parse(text).includes(outcome) ? [{ tier: outcome, notes: 1 }] : [], refund: false };
    },
  });
}

// ---------------------------------------------------------------------------------------------

export const PLAYS: readonly PlayDef[] = [
  straightMultiple(
    {
      code: 'C11',
      group: '前三',
      subGroup: '前三直选',
      name: '前三直选复式',
      tip: '每位至少选择1个号码，所选号码与开奖号码前三位号码相同且顺序一致即中奖',
      example: '投注01|02|03，开奖01 02 03 * *即中奖',
      isDefault: false,
    },
    3,
  ),
  straightSingle(
    {
      code: 'C12',
      group: '前三',
      subGroup: '前三直选',
      name: '前三直选单式',
      tip: '手动输入3个不同号码为一注，与开奖号码前三位号码相同且顺序一致即中奖',
      example: '输入01,02,03，开奖01 02 03 * *即中奖',
      isDefault: false,
    },
    3,
  ),
  groupMultiple(
    {
      code: 'C21',
      group: '前三',
      subGroup: '前三组选',
      name: '前三组选复式',
      tip: '至少选择3个号码，开奖号码前三位号码在所选号码中（顺序不限）即中奖',
      example: '投注01,02,03，开奖03 01 02 * *即中奖',
      isDefault: false,
    },
    3,
  ),
  groupSingle(
    {
      code: 'C22',
      group: '前三',
      subGroup: '前三组选',
      name: '前三组选单式',
      tip: '手动输入3个不同号码为一注，与开奖号码前三位号码相同（顺序不限）即中奖',
      example: '输入01,02,03，开奖02 03 01 * *即中奖',
      isDefault: false,
    },
    3,
  ),
  groupBankerDrag(
    {
      code: 'C23',
      group: '前三',
      subGroup: '前三组选',
      name: '前三组选胆拖',
      tip: '选1-2个胆码和若干拖码，胆码与拖码合计至少3个，开奖号码前三位包含全部胆码且其余号码在拖码中即中奖',
      example: '胆码01，拖码02 03 04，共3注；开奖01 02 03 * *中1注',
      isDefault: false,
    },
    3,
  ),
  straightMultiple(
    {
      code: 'B11',
      group: '前二',
      subGroup: '前二直选',
      name: '前二直选复式',
      tip: '每位至少选择1个号码，所选号码与开奖号码前两位号码相同且顺序一致即中奖',
      example: '投注01|02，开奖01 02 * * *即中奖',
      isDefault: false,
    },
    2,
  ),
  straightSingle(
    {
      code: 'B12',
      group: '前二',
      subGroup: '前二直选',
      name: '前二直选单式',
      tip: '手动输入2个不同号码为一注，与开奖号码前两位号码相同且顺序一致即中奖',
      example: '输入01,02，开奖01 02 * * *即中奖',
      isDefault: false,
    },
    2,
  ),
  groupMultiple(
    {
      code: 'B21',
      group: '前二',
      subGroup: '前二组选',
      name: '前二组选复式',
      tip: '至少选择2个号码，开奖号码前两位号码在所选号码中（顺序不限）即中奖',
      example: '投注01,02，开奖02 01 * * *即中奖',
      isDefault: false,
    },
    2,
  ),
  groupSingle(
    {
      code: 'B22',
      group: '前二',
      subGroup: '前二组选',
      name: '前二组选单式',
      tip: '手动输入2个不同号码为一注，与开奖号码前两位号码相同（顺序不限）即中奖',
      example: '输入01,02，开奖02 01 * * *即中奖',
      isDefault: false,
    },
    2,
  ),
  groupBankerDrag(
    {
      code: 'B23',
      group: '前二',
      subGroup: '前二组选',
      name: '前二组选胆拖',
      tip: '选1个胆码和至少1个拖码，开奖号码前两位包含胆码且另一个号码在拖码中即中奖',
      example: '胆码01，拖码02 03，共2注；开奖02 01 * * *中1注',
      isDefault: false,
    },
    2,
  ),
  play(
    {
      code: 'A11',
      group: '不定位',
      subGroup: '前三不定位',
      name: '前三不定位',
      tip: '至少选择1个号码，每个号码为一注，开奖号码前三位中包含该号码即中奖',
      example: '投注01，开奖01 * * * *、* 01 * * *或* * 01 * *即中奖',
      isDefault: false,
    },
    {
      input: { kind: 'multiPick', numbers: [...SYX5_NUMBERS], min: 1, max: 11 },
      tiers: main(chance(3n, 11n)),
      count(text) {
        if (text === '') throw new RuleError(NO_SELECTION);
        return popcount(parseMask(text));
      },
      quickPick: (random) => listOf(randomNumbers(random, 1)),
      settle: (text, draw) => win('main', popcount(parseMask(text) & frontMask(draw, 3))),
    },
  ),
  play(
    {
      code: 'A21',
      group: '定位胆',
      subGroup: '定位胆',
      name: '定位胆',
      tip: '在第一位、第二位、第三位任意位置上至少选择1个号码，每个号码为一注，与开奖号码对应位置相同即中奖',
      example: '第一位选01，开奖01 * * * *即中奖',
      isDefault: false,
    },
    {
      input: {
        kind: 'positional',
        rows: POSITION_LABELS.map((label) => ({ label, numbers: [...SYX5_NUMBERS] })),
        quickButtons: true,
      },
      tiers: main(chance(1n, 11n)),
      count(text) {
        let notes = 0;
        for (const row of splitRows(text, 3)) notes += popcount(parseMask(row));
        if (notes === 0) throw new RuleError(NO_SELECTION);
        return notes;
      },
      quickPick(random) {
        const rows = ['', '', ''];
        rows[Math.floor(random() * 3)] = listOf(randomNumbers(random, 1));
        return rows.join('|');
      },
      settle(text, draw) {
        const { numbers } = parseDraw(draw);
        const rows = splitRows(text, 3).map(parseMask);
        let notes = 0;
        for (let pos = 0; pos < 3; pos++)
          if ((rows[pos] as number) & (1 << (numbers[pos] as number))) notes++;
        return win('main', notes);
      },
    },
  ),
  optionPlay(
    {
      code: 'I11',
      group: '趣味',
      subGroup: '趣味',
      name: '定单双',
      tip: '选择开奖号码中单数与双数的个数组合，与开奖号码一致即中奖',
      example: '投注3单2双，开奖01 03 05 02 04即中奖',
      isDefault: false,
    },
    ODD_EVEN_OPTIONS,
    (option) => {
      const odd = Number(option[0]);
      return chance(choose(6, odd) * choose(5, 5 - odd), ALL_DRAWS);
    },
    (numbers) => {
      const odd = numbers.filter((n) => n % 2 === 1).length;
      return `${odd}单${5 - odd}双`;
    },
  ),
  optionPlay(
    {
      code: 'I12',
      group: '趣味',
      subGroup: '趣味',
      name: '猜中位',
      tip: '选择03-09中的号码，与开奖号码从小到大排列后的第三个号码相同即中奖',
      example: '投注06，开奖01 11 06 03 08（排序后01 03 06 08 11）即中奖',
      isDefault: false,
    },
    MIDDLE_OPTIONS,
    (option) => {
      const m = Number(option);
      return chance(choose(m - 1, 2) * choose(11 - m, 2), ALL_DRAWS);
    },
    (numbers) => pad([...numbers].sort((a, b) => a - b)[2] as number),
  ),
  ...[1, 2, 3, 4, 5, 6, 7, 8].map(anyPickMultiple),
  ...[1, 2, 3, 4, 5, 6, 7, 8].map(anyPickSingle),
  ...[2, 3, 4, 5, 6, 7, 8].map(anyPickBankerDrag),
];
