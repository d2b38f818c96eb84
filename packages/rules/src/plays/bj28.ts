import { forEachTuple } from '../math';
import type { DrawNumbers, PlayDef } from '../play';
import { chanceOver, digitLabels, lazy, type OptionDef, optionPlay } from './common';

/**
 * BJ28 (北京28): three numbers 0-9 drawn; bets are on their sum 0-27 (credit style, odds per unit).
 * 0-13 小, 14-27 大; 0-4 极小, 23-27 极大. Waves: red 3,6,9,12,15,18,21,24; green
 * 1,4,7,10,16,19,22,25; blue 2,5,8,11,17,20,23,26; 0, 13, 14, 27 win no wave.
 */

function decode(draw: DrawNumbers): number | null {
  if (draw.length !== 3) return null;
  let sum = 0;
  for (const x of draw) {
    if (x.length !== 1) return null;
    const d = x.charCodeAt(0) - 48;
    if (d < 0 || d > 9) return null;
    sum += d;
  }
  return sum;
}

/** The sums of all 1000 equally likely draws, enumerated on first use (see lazyChance). */
const SUMS = lazy((): number[] => {
  const out: number[] = [];
  forEachTuple(3, 10, (t) => {
    out.push(t[0]! + t[1]! + t[2]!);
  });
  return out;
});

export const RED = [3, 6, 9, 12, 15, 18, 21, 24];
export const GREEN = [1, 4, 7, 10, 16, 19, 22, 25];
export const BLUE = [2, 5, 8, 11, 17, 20, 23, 26];

const big = (s: number) => s >= 14;
const odd = (s: number) => s % 2 === 1;

const MIX: OptionDef<number>[] = [
  { label: '大', tier: 'big', wins: big },
  { label: '小', tier: 'small', wins: (s) => !big(s) },
  { label: '单', tier: 'odd', wins: odd },
  { label: '双', tier: 'even', wins: (s) => !odd(s) },
  { label: '大单', tier: 'bigOdd', wins: (s) => big(s) && odd(s) },
  { label: '大双', tier: 'bigEven', wins: (s) => big(s) && !odd(s) },
  { label: '小单', tier: 'smallOdd', wins: (s) => !big(s) && odd(s) },
  { label: '小双', tier: 'smallEven', wins: (s) => !big(s) && !odd(s) },
  { label: '极大', tier: 'extremeBig', wins: (s) => s >= 23 },
  { label: '极小', tier: 'extremeSmall', wins: (s) => s <= 4 },
];

const WAVES: OptionDef<number>[] = [
  { label: '红波', tier: 'red', wins: (s) => RED.includes(s) },
  { label: '绿波', tier: 'green', wins: (s) => GREEN.includes(s) },
  { label: '蓝波', tier: 'blue', wins: (s) => BLUE.includes(s) },
];

const SPECIAL: OptionDef<number>[] = digitLabels(0, 27).map((label, s) => ({
  label,
  tier: `sum${s}`,
  wins: (x: number) => x === s,
}));

function play(
  code: string,
  name: string,
  tip: string,
  example: string,
  options: OptionDef<number>[],
  isDefault = false,
): PlayDef {
  return optionPlay<number>({
    family: 'BJ28',
    code,
    group: name,
    subGroup: name,
    name,
    tip,
    example,
    isDefault,
    slots: [{ label: name, options }],
    decode,
    tiers: options.map((o) => ({ key: o.tier, name: o.label, chance: chanceOver(SUMS, o.wins) })),
  });
}

export const PLAYS: readonly PlayDef[] = [
  play(
    'A01',
    '混合',
    '三个号码之和：14-27为大，0-13为小；23-27为极大，0-4为极小',
    '投注大单，开奖和值15中奖',
    MIX,
    true,
  ),
  play('B01', '波色', '按和值所属波色中奖；0、13、14、27不属于任何波色', '投注红波，开奖和值3中奖', WAVES),
  play('C01', '特码', '选择0-27中的和值，与开奖三个号码之和相同即中奖', '投注13，开奖和值13中奖', SPECIAL),
];
