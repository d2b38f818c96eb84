import type { Chance, DrawNumbers, PlayDef, PrizeTier } from '../play';
import { pk10Draws } from '../rtp';
import {
  chanceOver,
  definePlay,
  digitLabels,
  hitOutcome,
  lastDrawMemo,
  lazy,
  MSG_NO_SELECTION,
  manualTickets,
  NO_WIN,
  type OptionDef,
  optionPlay,
  parseRows,
  popcount,
  randomDistinct,
  randomInt,
  ruleError,
} from './common';

/**
 * PK10 (赛车): a permutation of 01-10 over ten positions 冠军 … 第十名. Numbers are written with two
 * digits. Manual tickets (单式) write the k numbers of a ticket as '0102' or '01,02'.
 */

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
];
const NUMBERS = digitLabels(1, 10, 2);

/** Positions 0-9 → car number 1-10; null when the draw is not a permutation of 01-10. */
function decodeDraw(draw: DrawNumbers): number[] | null {
  if (draw.length !== 10) return null;
  const out: number[] = [];
  let seen = 0;
  for (const x of draw) {
    if (x.length !== 2) return null;
    const n = (x.charCodeAt(0) - 48) * 10 + (x.charCodeAt(1) - 48);
    if (n < 1 || n > 10 || (seen >> n) & 1) return null;
    seen |= 1 << n;
    out.push(n);
  }
  return out;
}

const decode = lastDrawMemo(decodeDraw);

/** The decoded PK10 draws over `positions`, enumerated on first use (see lazyChance). */
function decodedOver(positions: number[]): () => number[][] {
  return lazy(() => [...pk10Draws(positions)].map((d) => decodeDraw(d)!));
}

const PK10 = { family: 'PK10' as const };

/** Distinct-number tuples of a positional straight pick (one number per row, all different). */
export function distinctTuples(masks: readonly number[]): number {
  const walk = (i: number, used: number): number => {
    if (i === masks.length) return 1;
    let n = 0;
    let m = masks[i]! & ~used;
    while (m) {
      const bit = m & -m;
      n += walk(i + 1, used | bit);
      m &= m - 1;
    }
    return n;
  };
  return walk(0, 0);
}

/** 复式 and 单式 of one size share one lazily computed chance: enumerated once, not twice. */
const mainChances = new Map<number, Chance>();

function mainTier(k: number): PrizeTier[] {
  let main = mainChances.get(k);
  if (!main) {
    const positions = Array.from({ length: k }, (_, i) => i);
    // one note: cars 1..k in that order on the first k positions
    main = chanceOver(decodedOver(positions), (d) => positions.every((p) => d[p] === p + 1));
    mainChances.set(k, main);
  }
  return [{ key: 'main', name: '中奖', chance: main }];
}

function guessComplex(k: number, code: string, group: string, isDefault = false): PlayDef {
  const rows = PK10_POSITIONS.slice(0, k);
  return definePlay<number[]>({
    ...PK10,
    code,
    group,
    subGroup: '复式',
    name: k === 1 ? '猜冠军' : `${group}复式`,
    tip:
      k === 1
        ? '选择1个或多个号码，与冠军号码相同即中奖'
        : `从${rows.join('、')}中各选号码，号码各不相同且与开奖名次一一对应即中奖`,
    example:
      k === 1
        ? '投注01，冠军为01中奖'
        : `投注${NUMBERS.slice(0, k).join('|')}，开奖前${k}名依次为${NUMBERS.slice(0, k).join(' ')}中奖`,
    isDefault,
    input: {
      kind: 'positional',
      rows: rows.map((label) => ({ label, numbers: NUMBERS })),
      quickButtons: true,
    },
    tiers: mainTier(k),
    parse: (text) => parseRows(text, k, 1, 10, 2),
    notes: distinctTuples,
    quickPick: (random) =>
      randomDistinct(random, 10, k)
        .map((i) => NUMBERS[i])
        .join('|'),
    settle(masks, draw) {
      const d = decode(draw);
      if (!d) return NO_WIN;
      for (let i = 0; i < k; i++) if (!((masks[i]! >> d[i]!) & 1)) return NO_WIN;
      return hitOutcome('main', 1);
    },
  });
}

function parseTicket(raw: string, k: number): number[] {
  const t = raw.replace(/,/g, '');
  if (t.length !== 2 * k || !/^\d+$/.test(t)) ruleError(`号码格式错误：${raw}，每注${k}个号码`);
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const n = Number(t.slice(2 * i, 2 * i + 2));
    if (n < 1 || n > 10) ruleError(`号码格式错误：${raw}`);
    if (out.includes(n)) ruleError(`号码不能重复：${raw}`);
    out.push(n);
  }
  return out;
}

function guessSingle(k: number, code: string, group: string): PlayDef {
  return definePlay<Set<number>>({
    ...PK10,
    code,
    group,
    subGroup: '单式',
    name: `${group}单式`,
    tip: `手动输入${k}个不同号码（两位数），与开奖前${k}名顺序一致即中奖`,
    example: `投注${NUMBERS.slice(0, k).join('')}，开奖前${k}名依次为${NUMBERS.slice(0, k).join(' ')}中奖`,
    input: { kind: 'manual', ticketLength: k, numbers: NUMBERS },
    tiers: mainTier(k),
    parse(text) {
      const tickets = manualTickets(text, true);
      if (tickets.length === 0) ruleError(MSG_NO_SELECTION);
      const out = new Set<number>();
      for (const raw of tickets) {
        const key = parseTicket(raw, k).reduce((v, n) => v * 11 + n, 0);
        if (out.has(key)) ruleError(`号码重复：${raw}`);
        out.add(key);
      }
      return out;
    },
    notes: (set) => set.size,
    quickPick: (random) =>
      randomDistinct(random, 10, k)
        .map((i) => NUMBERS[i])
        .join(''),
    settle(set, draw) {
      const d = decode(draw);
      if (!d) return NO_WIN;
      let key = 0;
      for (let i = 0; i < k; i++) key = key * 11 + d[i]!;
      return set.has(key) ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

function dingWei(): PlayDef {
  return definePlay<number[]>({
    ...PK10,
    code: 'F11',
    group: '定位胆',
    subGroup: '定位胆',
    name: '定位胆',
    tip: '在任意名次选择号码，与该名次开奖号码相同即中奖',
    example: '投注冠军01，冠军为01中奖',
    input: {
      kind: 'positional',
      rows: PK10_POSITIONS.map((label) => ({ label, numbers: NUMBERS })),
      quickButtons: true,
    },
    tiers: [{ key: 'main', name: '中奖', chance: chanceOver(decodedOver([0]), (d) => d[0] === 1) }],
    parse: (text) => parseRows(text, 10, 1, 10, 2),
    notes: (masks) => masks.reduce((n, m) => n + popcount(m), 0),
    quickPick(random) {
      const at = randomInt(random, 10);
      return PK10_POSITIONS.map((_, i) => (i === at ? NUMBERS[randomInt(random, 10)] : '')).join('|');
    },
    settle(masks, draw) {
      const d = decode(draw);
      if (!d) return NO_WIN;
      let hits = 0;
      for (let i = 0; i < 10; i++) if ((masks[i]! >> d[i]!) & 1) hits++;
      return hitOutcome('main', hits);
    },
  });
}

/** G11 两面: each position 大 (06-10) 小 单 双; 冠军-第五名 also 龙 (beats the mirrored position) / 虎. */
function twoSides(): PlayDef {
  const slots = PK10_POSITIONS.map((label, p) => {
    const options: OptionDef<number[]>[] = [
      { label: '大', tier: 'big', wins: (d) => d[p]! >= 6 },
      { label: '小', tier: 'small', wins: (d) => d[p]! <= 5 },
      { label: '单', tier: 'odd', wins: (d) => d[p]! % 2 === 1 },
      { label: '双', tier: 'even', wins: (d) => d[p]! % 2 === 0 },
    ];
    if (p < 5) {
      options.push(
        { label: '龙', tier: 'dragon', wins: (d) => d[p]! > d[9 - p]! },
        { label: '虎', tier: 'tiger', wins: (d) => d[p]! < d[9 - p]! },
      );
    }
    return { label, options };
  });
  const single = decodedOver([0]);
  const mirror = decodedOver([0, 9]);
  const o = slots[0]!.options;
  return optionPlay<number[]>({
    ...PK10,
    code: 'G11',
    group: '双面盘',
    subGroup: '两面',
    name: '双面盘',
    tip: '各名次大小单双（06-10为大）；冠军至第五名另有龙虎（与对位名次比较，大者为龙）',
    example: '投注冠军大，冠军为06-10中奖；冠军龙，冠军号码大于第十名中奖',
    slots,
    decode,
    tiers: [
      { key: 'big', name: '大', chance: chanceOver(single, o[0]!.wins) },
      { key: 'small', name: '小', chance: chanceOver(single, o[1]!.wins) },
      { key: 'odd', name: '单', chance: chanceOver(single, o[2]!.wins) },
      { key: 'even', name: '双', chance: chanceOver(single, o[3]!.wins) },
      { key: 'dragon', name: '龙', chance: chanceOver(mirror, o[4]!.wins) },
      { key: 'tiger', name: '虎', chance: chanceOver(mirror, o[5]!.wins) },
    ],
  });
}

/** H11 冠亚和: the sum of 冠军 and 亚军 (3-19); 3-11 小, 12-19 大. */
function championSum(): PlayDef {
  const sum = (d: number[]) => d[0]! + d[1]!;
  const options: OptionDef<number[]>[] = [
    { label: '大', tier: 'big', wins: (d) => sum(d) >= 12 },
    { label: '小', tier: 'small', wins: (d) => sum(d) <= 11 },
    { label: '单', tier: 'odd', wins: (d) => sum(d) % 2 === 1 },
    { label: '双', tier: 'even', wins: (d) => sum(d) % 2 === 0 },
  ];
  for (let s = 3; s <= 19; s++)
    options.push({ label: String(s), tier: `sum${s}`, wins: (d) => sum(d) === s });
  const pairs = decodedOver([0, 1]);
  return optionPlay<number[]>({
    ...PK10,
    code: 'H11',
    group: '冠亚和',
    subGroup: '冠亚和',
    name: '冠亚和',
    tip: '冠军与亚军号码之和：3-11为小，12-19为大，或直接猜和值3-19',
    example: '投注和值11，冠军01亚军10中奖',
    slots: [{ label: '冠亚和', options }],
    decode,
    tiers: options.map((o) => ({ key: o.tier, name: o.label, chance: chanceOver(pairs, o.wins) })),
  });
}

export const PLAYS: readonly PlayDef[] = [
  guessComplex(1, 'A11', '猜冠军'),
  guessComplex(2, 'B11', '猜前二'),
  guessSingle(2, 'B12', '猜前二'),
  guessComplex(3, 'C11', '猜前三'),
  guessSingle(3, 'C12', '猜前三'),
  guessComplex(4, 'D11', '猜前四'),
  guessSingle(4, 'D12', '猜前四'),
  guessComplex(5, 'E11', '猜前五'),
  guessSingle(5, 'E12', '猜前五'),
  { ...dingWei(), isDefault: true },
  twoSides(),
  championSum(),
];
