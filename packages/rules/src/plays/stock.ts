import { forEachTuple } from '../math';
import type { DrawNumbers, PlayDef } from '../play';
import { chanceOver, lazy, type OptionDef, optionPlay } from './common';
import { type DigitContext, digitAt, dingWei } from './digit-plays';

/**
 * STOCK (股指): five digits derived from an index value (positions 0-4, 冠军 = first, 亚军 = second).
 * All plays are credit style. A digit above 4 is 涨 (up), 4 or below 跌 (down). 牛 when the first
 * digit is greater than the second, 熊 when less; equal is a tie and the whole line is refunded.
 */

const LABELS = ['第一位', '第二位', '第三位', '第四位', '第五位'];
const ctx: DigitContext = { family: 'STOCK', positionLabels: LABELS, drawLength: 5 };

interface Five {
  d: number[];
  sum: number;
}

function decode(draw: DrawNumbers): Five | null {
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

/** All 100000 draws, enumerated on first use (see lazyChance). */
const ALL = lazy((): Five[] => {
  const out: Five[] = [];
  forEachTuple(5, 10, (t) => {
    out.push({ d: t.slice(), sum: t[0]! + t[1]! + t[2]! + t[3]! + t[4]! });
  });
  return out;
});

const tie = (x: Five) => x.d[0] === x.d[1];

function bullBear(): PlayDef {
  const options: OptionDef<Five>[] = [
    { label: '牛', tier: 'bull', wins: (x) => x.d[0]! > x.d[1]! },
    { label: '熊', tier: 'bear', wins: (x) => x.d[0]! < x.d[1]! },
  ];
  const refund = chanceOver(ALL, tie);
  return optionPlay<Five>({
    family: 'STOCK',
    code: 'B11',
    group: '牛熊',
    subGroup: '牛熊',
    name: '牛熊',
    tip: '冠军（第一位）大于亚军（第二位）为牛，小于为熊，相等为和局退还本金',
    example: '投注牛，开奖52***中奖；开奖55***退款',
    slots: [{ label: '牛熊', options }],
    decode,
    refunds: tie,
    tiers: options.map((o) => ({ key: o.tier, name: o.label, chance: chanceOver(ALL, o.wins), refund })),
  });
}

function sumSides(): PlayDef {
  const options: OptionDef<Five>[] = [
    { label: '大', tier: 'sumBig', wins: (x) => x.sum >= 23 },
    { label: '小', tier: 'sumSmall', wins: (x) => x.sum <= 22 },
    { label: '单', tier: 'sumOdd', wins: (x) => x.sum % 2 === 1 },
    { label: '双', tier: 'sumEven', wins: (x) => x.sum % 2 === 0 },
  ];
  return optionPlay<Five>({
    family: 'STOCK',
    code: 'C11',
    group: '总和',
    subGroup: '总和',
    name: '总和大小单双',
    tip: '五位数字之和：23-45为大，0-22为小',
    example: '投注大，开奖56789中奖',
    slots: [{ label: '总和', options }],
    decode,
    tiers: options.map((o) => ({ key: o.tier, name: `总和${o.label}`, chance: chanceOver(ALL, o.wins) })),
  });
}

function positionSides(): PlayDef {
  const slots = LABELS.map((label, p) => ({
    label,
    options: [
      { label: '涨', tier: 'up', wins: (x: Five) => x.d[p]! > 4 },
      { label: '跌', tier: 'down', wins: (x: Five) => x.d[p]! <= 4 },
      { label: '单', tier: 'odd', wins: (x: Five) => x.d[p]! % 2 === 1 },
      { label: '双', tier: 'even', wins: (x: Five) => x.d[p]! % 2 === 0 },
    ],
  }));
  const first = slots[0]!.options;
  return optionPlay<Five>({
    family: 'STOCK',
    code: 'D11',
    group: '两面',
    subGroup: '两面',
    name: '涨跌单双',
    tip: '各位数字大于4为涨，4及以下为跌；单双按奇偶',
    example: '投注第一位涨，开奖5****中奖',
    slots,
    decode,
    tiers: first.map((o) => ({ key: o.tier, name: o.label, chance: chanceOver(ALL, o.wins) })),
  });
}

export const PLAYS: readonly PlayDef[] = [
  {
    ...dingWei({
      ctx,
      positions: [0, 1, 2, 3, 4],
      code: 'A11',
      group: '定位',
      subGroup: '定位',
      name: '定位胆',
      tip: '在任意位置选择号码，与该位开奖数字相同即中奖',
      example: '投注第一位5，开奖5****中奖',
      isDefault: true,
    }),
    credit: true,
  },
  bullBear(),
  sumSides(),
  positionSides(),
];
