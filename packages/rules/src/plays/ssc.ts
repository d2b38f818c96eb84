import type { DrawNumbers, PlayDef, PrizeTier } from '../play';
import { chanceOver, lazy, type OptionDef, optionPlay } from './common';
import { bigSmallOddEven, type DigitContext, digitAt, dingWei } from './digit-plays';
import { formOf } from './ssc-form';
import { threeStar, twoStar } from './star-groups';

/**
 * SSC (时时彩): five digits 万 千 百 十 个 (positions 0-4).
 * 前二 = 万千, 后二 = 十个, 三星 = 后三 (百十个).
 */

const POSITION_LABELS = ['万位', '千位', '百位', '十位', '个位'];
const ctx: DigitContext = { family: 'SSC', positionLabels: POSITION_LABELS, drawLength: 5 };

const FRONT2 = [0, 1];
const BACK2 = [3, 4];
const STAR3 = [2, 3, 4];

// ------------------------------------------------------------------------------------------
// Credit plays: K11 两面, L11 龙虎, J11 豹子猜

interface Five {
  d: number[];
  sum: number;
}

function decodeFive(draw: DrawNumbers): Five | null {
  if (draw.length !== 5) return null;
  const d: number[] = [];
  let sum = 0;
  for (let i = 0; i < 5; i++) {
    const v = digitAt(draw, i);
    if (v < 0) return null;
    d.push(v);
    sum += v;
  }
  return { d, sum };
}

/** All 100000 draws, decoded on first use and kept (for exact tier chances). */
const everyFive = lazy((): Five[] => {
  // the same 100000 draws in the same order as decoding '00000' … '99999', without the strings
  const out: Five[] = [];
  for (let a = 0; a < 10; a++)
    for (let b = 0; b < 10; b++)
      for (let c = 0; c < 10; c++)
        for (let d = 0; d < 10; d++)
          for (let e = 0; e < 10; e++) out.push({ d: [a, b, c, d, e], sum: a + b + c + d + e });
  return out;
});

/** 总和 0-45: 大 ≥ 23, 小 ≤ 22; a digit: 大 5-9, 小 0-4. */
const SUM_OPTIONS: OptionDef<Five>[] = [
  { label: '大', tier: 'sumBig', wins: (x) => x.sum >= 23 },
  { label: '小', tier: 'sumSmall', wins: (x) => x.sum <= 22 },
  { label: '单', tier: 'sumOdd', wins: (x) => x.sum % 2 === 1 },
  { label: '双', tier: 'sumEven', wins: (x) => x.sum % 2 === 0 },
];

function digitOptions(pos: number): OptionDef<Five>[] {
  return [
    { label: '大', tier: 'digitBig', wins: (x) => x.d[pos]! >= 5 },
    { label: '小', tier: 'digitSmall', wins: (x) => x.d[pos]! <= 4 },
    { label: '单', tier: 'digitOdd', wins: (x) => x.d[pos]! % 2 === 1 },
    { label: '双', tier: 'digitEven', wins: (x) => x.d[pos]! % 2 === 0 },
  ];
}

const TIER_NAMES: Record<string, string> = {
  sumBig: '总和大',
  sumSmall: '总和小',
  sumOdd: '总和单',
  sumEven: '总和双',
  digitBig: '单球大',
  digitSmall: '单球小',
  digitOdd: '单球单',
  digitEven: '单球双',
};

function tiersOf(
  options: readonly OptionDef<Five>[],
  draws: () => readonly Five[],
  names: Record<string, string>,
): PrizeTier[] {
  const seen = new Map<string, PrizeTier>();
  for (const o of options) {
    if (!seen.has(o.tier))
      seen.set(o.tier, { key: o.tier, name: names[o.tier] ?? o.label, chance: chanceOver(draws, o.wins) });
  }
  return [...seen.values()];
}

function twoSides(): PlayDef {
  const slots = [
    { label: '总和', options: SUM_OPTIONS },
    ...POSITION_LABELS.map((label, i) => ({ label, options: digitOptions(i) })),
  ];
  return optionPlay<Five>({
    family: 'SSC',
    code: 'K11',
    group: '两面',
    subGroup: '两面',
    name: '两面',
    tip: '总和大小单双（总和≥23为大）及各位大小单双（5-9为大）',
    example: '投注万位大，开奖万位为5-9中奖',
    slots,
    decode: decodeFive,
    tiers: tiersOf(
      slots.flatMap((s) => s.options),
      everyFive,
      TIER_NAMES,
    ),
  });
}

/** 龙虎: 万位 against 个位; a tie (和) is its own option and 龙/虎 lose on it. */
function dragonTiger(): PlayDef {
  const options: OptionDef<Five>[] = [
    { label: '龙', tier: 'dragon', wins: (x) => x.d[0]! > x.d[4]! },
    { label: '虎', tier: 'tiger', wins: (x) => x.d[0]! < x.d[4]! },
    { label: '和', tier: 'tie', wins: (x) => x.d[0] === x.d[4] },
  ];
  return optionPlay<Five>({
    family: 'SSC',
    code: 'L11',
    group: '龙虎',
    subGroup: '龙虎',
    name: '龙虎和',
    tip: '万位大于个位为龙，小于为虎，相同为和（开和时龙、虎不中）',
    example: '投注龙，开奖5***3中奖',
    slots: [{ label: '万个', options }],
    decode: decodeFive,
    tiers: tiersOf(options, everyFive, { dragon: '龙', tiger: '虎', tie: '和' }),
  });
}

const FORMS = [
  ['豹子', 'leopard'],
  ['顺子', 'straight'],
  ['对子', 'pair'],
  ['半顺', 'halfStraight'],
  ['杂六', 'mixed'],
] as const;

function leopardGuess(): PlayDef {
  const groups: [string, number][] = [
    ['前三', 0],
    ['中三', 1],
    ['后三', 2],
  ];
  const slots = groups.map(([label, from]) => ({
    label,
    options: FORMS.map(([name, form]) => ({
      label: name,
      tier: form,
      wins: (x: Five) => formOf(x.d[from]!, x.d[from + 1]!, x.d[from + 2]!) === form,
    })),
  }));
  return optionPlay<Five>({
    family: 'SSC',
    code: 'J11',
    group: '豹子',
    subGroup: '前中后三',
    name: '豹子顺子对子',
    tip: '猜前三、中三、后三的形态：豹子、顺子、对子、半顺、杂六',
    example: '投注前三豹子，开奖888**中奖',
    slots,
    decode: decodeFive,
    tiers: tiersOf(slots[0]!.options, everyFive, Object.fromEntries(FORMS.map(([n, f]) => [f, n]))),
  });
}

export const PLAYS: readonly PlayDef[] = [
  dingWei({
    ctx,
    positions: [0, 1, 2, 3, 4],
    code: 'A11',
    group: '定位胆',
    subGroup: '定位胆',
    name: '一星定位胆',
    tip: '在任意位置选择至少1个号码，号码与对应位置开奖号码相同即中奖',
    example: '投注万位1，开奖1****中奖',
    isDefault: true,
  }),
  ...twoStar(ctx, 'B', '后二', BACK2),
  ...twoStar(ctx, 'C', '前二', FRONT2),
  ...threeStar(ctx, STAR3, '三星'),
  bigSmallOddEven({
    ctx,
    positions: FRONT2,
    code: 'I11',
    group: '大小单双',
    subGroup: '大小单双',
    name: '前二大小单双',
    tip: '万位、千位各选大小单双（5-9大，0-4小），与开奖形态相同即中奖',
    example: '投注大|单，开奖83***中奖',
  }),
  bigSmallOddEven({
    ctx,
    positions: BACK2,
    code: 'I12',
    group: '大小单双',
    subGroup: '大小单双',
    name: '后二大小单双',
    tip: '十位、个位各选大小单双（5-9大，0-4小），与开奖形态相同即中奖',
    example: '投注大|单，开奖***83中奖',
  }),
  twoSides(),
  dragonTiger(),
  leopardGuess(),
];

export { formOf };
