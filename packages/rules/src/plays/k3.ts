import { chooseNumber, forEachTuple } from '../math';
import type { DrawNumbers, PlayDef, PrizeTier } from '../play';
import {
  chanceOver,
  definePlay,
  digitLabels,
  hitOutcome,
  indexOf,
  lastDrawMemo,
  lazy,
  NO_WIN,
  optionPlay,
  parseIntMask,
  parsePick,
  popcount,
  randomDistinct,
  randomInt,
  ruleError,
  splitPositions,
} from './common';

/**
 * K3 (快三): three dice 1-6. Single-mode footer (per-bet amount), so every K3 play is credit style:
 * a note staked with any amount pays amount × G/(2000·p).
 */

interface Dice {
  /** Sorted faces. */
  s: [number, number, number];
  sum: number;
  /** Bit f set when face f shows. */
  faces: number;
}

function decodeDraw(draw: DrawNumbers): Dice | null {
  if (draw.length !== 3) return null;
  const v: number[] = [];
  for (const x of draw) {
    if (x.length !== 1) return null;
    const d = x.charCodeAt(0) - 48;
    if (d < 1 || d > 6) return null;
    v.push(d);
  }
  v.sort((a, b) => a - b);
  return {
    s: v as [number, number, number],
    sum: v[0]! + v[1]! + v[2]!,
    faces: (1 << v[0]!) | (1 << v[1]!) | (1 << v[2]!),
  };
}

const decode = lastDrawMemo(decodeDraw);

/** All 216 ordered throws, enumerated on first use (see lazyChance). */
const ALL = lazy((): Dice[] => {
  const out: Dice[] = [];
  forEachTuple(3, 6, (t) => {
    out.push(decodeDraw(t.map((d) => String(d + 1)))!);
  });
  return out;
});

const isTriple = (d: Dice) => d.s[0] === d.s[2];
const isPair = (d: Dice) => !isTriple(d) && (d.s[0] === d.s[1] || d.s[1] === d.s[2]);
const isDistinct = (d: Dice) => d.s[0] !== d.s[1] && d.s[1] !== d.s[2];
/** The face shown at least twice, or 0. */
const pairFace = (d: Dice) => (d.s[0] === d.s[1] || d.s[1] === d.s[2] ? d.s[1] : 0);
const FACES = digitLabels(1, 6);
const TRIPLES = FACES.map((f) => f.repeat(3));
const PAIRS = FACES.map((f) => f.repeat(2));
const TRIPLE_INDEX = indexOf(TRIPLES);
const PAIR_INDEX = indexOf(PAIRS);

function main(wins: (d: Dice) => boolean): PrizeTier[] {
  return [{ key: 'main', name: '中奖', chance: chanceOver(ALL, wins) }];
}

const K3 = { family: 'K3' as const, credit: true };

function sumPlay(): PlayDef {
  const tiers: PrizeTier[] = [];
  for (let s = 3; s <= 18; s++)
    tiers.push({ key: `sum${s}`, name: `和值${s}`, chance: chanceOver(ALL, (d) => d.sum === s) });
  return definePlay<number>({
    ...K3,
    code: 'A10',
    group: '和值',
    subGroup: '和值',
    name: '和值',
    tip: '选择1个或多个和值，与开奖三个号码之和相同即中奖，各和值赔率不同',
    example: '投注和值6，开奖123中奖',
    isDefault: true,
    input: { kind: 'multiPick', numbers: digitLabels(3, 18), min: 1, max: 16, label: '和值' },
    tiers,
    parse: (text) => parseIntMask(text, 3, 18),
    notes: popcount,
    quickPick: (random) => String(3 + randomInt(random, 16)),
    settle(mask, draw) {
      const d = decode(draw);
      return d && (mask >> d.sum) & 1 ? hitOutcome(`sum${d.sum}`, 1) : NO_WIN;
    },
  });
}

function allOption(
  code: string,
  label: string,
  name: string,
  tip: string,
  example: string,
  wins: (d: Dice) => boolean,
): PlayDef {
  return optionPlay<Dice>({
    ...K3,
    code,
    group: name,
    subGroup: name,
    name,
    tip,
    example,
    slots: [{ label: name, options: [{ label, tier: 'main', wins }] }],
    decode,
    tiers: main(wins),
  });
}

function tripleSingle(): PlayDef {
  return definePlay<number[]>({
    ...K3,
    code: 'C10',
    group: '三同号',
    subGroup: '三同号单选',
    name: '三同号单选',
    tip: '选择1个或多个豹子号，开出该豹子即中奖',
    example: '投注666，开奖666中奖',
    input: { kind: 'multiPick', numbers: TRIPLES, min: 1, max: 6, label: '三同号' },
    tiers: main((d) => d.s[0] === 1 && isTriple(d)),
    parse: (text) => parsePick(text, TRIPLE_INDEX),
    notes: (picked) => picked.length,
    quickPick: (random) => TRIPLES[randomInt(random, 6)]!,
    settle(picked, draw) {
      const d = decode(draw);
      return d && isTriple(d) && picked.includes(d.s[0] - 1) ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

function threeDifferent(): PlayDef {
  return definePlay<number>({
    ...K3,
    code: 'D10',
    group: '三不同号',
    subGroup: '三不同号',
    name: '三不同号',
    tip: '选择至少3个号码，开奖三个不同号码都在所选之中即中奖，n个号码共C(n,3)注',
    example: '投注1,2,3，开奖132中奖',
    input: { kind: 'multiPick', numbers: FACES, min: 3, max: 6 },
    tiers: main((d) => d.s[0] === 1 && d.s[1] === 2 && d.s[2] === 3),
    parse: (text) => parseIntMask(text, 1, 6),
    notes: (mask) => chooseNumber(popcount(mask), 3),
    quickPick: (random) =>
      randomDistinct(random, 6, 3)
        .map((i) => i + 1)
        .sort((a, b) => a - b)
        .join(','),
    settle(mask, draw) {
      const d = decode(draw);
      return d && isDistinct(d) && (d.faces & mask) === d.faces ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

function pairMultiple(): PlayDef {
  return definePlay<number[]>({
    ...K3,
    code: 'F10',
    group: '二同号',
    subGroup: '二同号复选',
    name: '二同号复选',
    tip: '选择1个或多个对子，开奖中至少有两个该号码即中奖（含豹子）',
    example: '投注11*，开奖112或111中奖',
    input: { kind: 'multiPick', numbers: PAIRS, min: 1, max: 6, label: '二同号' },
    tiers: main((d) => pairFace(d) === 1),
    parse: (text) => parsePick(text, PAIR_INDEX),
    notes: (picked) => picked.length,
    quickPick: (random) => PAIRS[randomInt(random, 6)]!,
    settle(picked, draw) {
      const d = decode(draw);
      if (!d) return NO_WIN;
      const f = pairFace(d);
      return f && picked.includes(f - 1) ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

/** G10: a same pair (11-66) and a different single face; each (pair, single) with single ≠ pair face. */
function pairSingle(): PlayDef {
  return definePlay<[number[], number]>({
    ...K3,
    code: 'G10',
    group: '二同号',
    subGroup: '二同号单选',
    name: '二同号单选',
    tip: '选择对子与一个不同号码，开奖号码与所选组合相同（顺序不限）即中奖',
    example: '投注11|2，开奖121中奖',
    input: {
      kind: 'positional',
      rows: [
        { label: '同号', numbers: PAIRS },
        { label: '不同号', numbers: FACES },
      ],
      quickButtons: false,
    },
    tiers: main((d) => d.s[0] === 1 && d.s[1] === 1 && d.s[2] === 2),
    parse(text) {
      const [same, single] = splitPositions(text, 2);
      const pairs = parsePick(same!, PAIR_INDEX);
      const singles = parseIntMask(single!, 1, 6);
      for (const p of pairs) if ((singles >> (p + 1)) & 1) ruleError('同号与不同号不能相同');
      return [pairs, singles];
    },
    notes: ([pairs, singles]) => pairs.length * popcount(singles),
    quickPick(random) {
      const [a, b] = randomDistinct(random, 6, 2);
      return `${PAIRS[a!]}|${b! + 1}`;
    },
    settle([pairs, singles], draw) {
      const d = decode(draw);
      if (!d || !isPair(d)) return NO_WIN;
      const f = pairFace(d);
      const other = d.s[0] === f ? d.s[2] : d.s[0];
      return pairs.includes(f - 1) && (singles >> other) & 1 ? hitOutcome('main', 1) : NO_WIN;
    },
  });
}

/** H10: two different faces both shown; a draw showing three faces wins up to 3 pairs. */
function twoDifferent(): PlayDef {
  return definePlay<number>({
    ...K3,
    code: 'H10',
    group: '二不同号',
    subGroup: '二不同号',
    name: '二不同号',
    tip: '选择至少2个号码，开奖中包含其中两个不同号码即中奖，n个号码共C(n,2)注',
    example: '投注1,2，开奖123或112中奖',
    input: { kind: 'multiPick', numbers: FACES, min: 2, max: 6 },
    tiers: main((d) => (d.faces & 0b110) === 0b110),
    parse: (text) => parseIntMask(text, 1, 6),
    notes: (mask) => chooseNumber(popcount(mask), 2),
    quickPick: (random) =>
      randomDistinct(random, 6, 2)
        .map((i) => i + 1)
        .sort((a, b) => a - b)
        .join(','),
    settle(mask, draw) {
      const d = decode(draw);
      return d ? hitOutcome('main', chooseNumber(popcount(d.faces & mask), 2)) : NO_WIN;
    },
  });
}

const straightRun = (d: Dice) => isDistinct(d) && d.s[2] - d.s[0] === 2;

export const PLAYS: readonly PlayDef[] = [
  sumPlay(),
  allOption(
    'B10',
    '三同号通选',
    '三同号通选',
    '对所有豹子（111-666）投注，开出任意豹子即中奖',
    '投注三同号通选，开奖333中奖',
    isTriple,
  ),
  tripleSingle(),
  threeDifferent(),
  allOption(
    'E10',
    '三连号通选',
    '三连号通选',
    '对所有三连号（123、234、345、456）投注，开出任意三连号即中奖',
    '投注三连号通选，开奖324中奖',
    straightRun,
  ),
  pairMultiple(),
  pairSingle(),
  twoDifferent(),
];
