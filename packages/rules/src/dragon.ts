import type { Family } from './family';
import type { LotteryDef } from './lotteries';
import { beijingClock, currentIssue } from './schedule';

/**
 * Long dragon (长龙): how many latest issues in a row gave the same two-face outcome (big/small,
 * odd/even) for one position or sum, per lottery. Lines are bet through the family's two-face play
 * (PK10 G11 / H11, SSC K11, BJ28 A01, STOCK D11 / C11), one note, unit 1 (spec §9).
 */

export interface DrawRecord {
  issue: string;
  numbers: readonly string[];
}

type Kind = 'size' | 'parity';

/** One thing a streak can be about: a slot of a two-face play read as big/small or odd/even. */
interface Track {
  /** Mode code of the two-face play that bets on it. */
  mode: string;
  /** Slot of that play's bettingNumber ('a|b|...'), and how many slots it has. */
  slot: number;
  slotCount: number;
  name: string;
  kind: Kind;
  /** The two buttons, and which one the draw gives. */
  options: readonly [string, string];
  read(numbers: readonly number[]): 0 | 1;
}

const SIZE = ['大', '小'] as const;
const PARITY = ['单', '双'] as const;
const sum = (v: readonly number[]): number => v.reduce((a, b) => a + b, 0);
const parity = (n: number): 0 | 1 => (n % 2 === 1 ? 0 : 1);
const atLeast = (n: number, min: number): 0 | 1 => (n >= min ? 0 : 1);

function sideTracks(
  base: Omit<Track, 'kind' | 'options' | 'read'>,
  value: (v: readonly number[]) => number,
  bigFrom: number,
  sizeLabels: readonly [string, string] = SIZE,
): Track[] {
  return [
    { ...base, kind: 'size', options: sizeLabels, read: (v) => atLeast(value(v), bigFrom) },
    { ...base, kind: 'parity', options: PARITY, read: (v) => parity(value(v)) },
  ];
}

const PK10_NAMES = [
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
const SSC_NAMES = ['总和', '万位', '千位', '百位', '十位', '个位'];
const STOCK_NAMES = ['第一位', '第二位', '第三位', '第四位', '第五位'];

/** The tracks of each family; families without a two-face play have none. */
const TRACKS: Partial<Record<Family, readonly Track[]>> = {
  PK10: [
    ...PK10_NAMES.flatMap((name, slot) =>
      sideTracks({ mode: 'G11', slot, slotCount: 10, name }, (v) => v[slot]!, 6),
    ),
    ...sideTracks({ mode: 'H11', slot: 0, slotCount: 1, name: '冠亚和' }, (v) => v[0]! + v[1]!, 12),
  ],
  SSC: [
    ...sideTracks({ mode: 'K11', slot: 0, slotCount: 6, name: SSC_NAMES[0]! }, sum, 23),
    ...[1, 2, 3, 4, 5].flatMap((slot) =>
      sideTracks({ mode: 'K11', slot, slotCount: 6, name: SSC_NAMES[slot]! }, (v) => v[slot - 1]!, 5),
    ),
  ],
  BJ28: sideTracks({ mode: 'A01', slot: 0, slotCount: 1, name: '和值' }, sum, 14),
  STOCK: [
    ...sideTracks({ mode: 'C11', slot: 0, slotCount: 1, name: '总和' }, sum, 23),
    // 涨 is a digit above 4
    ...STOCK_NAMES.flatMap((name, slot) =>
      sideTracks({ mode: 'D11', slot, slotCount: 5, name }, (v) => v[slot]!, 5, ['涨', '跌']),
    ),
  ],
};

export interface DragonStreak {
  mode: string;
  slot: number;
  slotCount: number;
  /** Position or sum: 冠军, 冠亚和, 总和, 万位, 和值 ... */
  name: string;
  kind: Kind;
  /** The outcome repeating, e.g. '大'. */
  value: string;
  /** Run length in issues (spec: times). */
  times: number;
  /** The two buttons (大/小, 单/双, 涨/跌). */
  options: readonly [string, string];
}

function validDraw(family: Family, numbers: readonly number[]): boolean {
  const lengths: Partial<Record<Family, number>> = { PK10: 10, SSC: 5, BJ28: 3, STOCK: 5 };
  return numbers.length === lengths[family] && numbers.every((n) => Number.isInteger(n) && n >= 0);
}

/**
 * Current runs of a family from a history of consecutive drawn issues, newest first. Runs shorter
 * than `minTimes` are left out; longest first.
 */
export function dragonStreaks(family: Family, history: readonly DrawRecord[], minTimes = 2): DragonStreak[] {
  const tracks = TRACKS[family];
  if (!tracks || history.length === 0) return [];
  const draws: number[][] = [];
  for (const record of history) {
    const numbers = record.numbers.map(Number);
    if (!validDraw(family, numbers)) break; // a gap ends every run
    draws.push(numbers);
  }
  if (draws.length === 0) return [];
  const out: DragonStreak[] = [];
  for (const track of tracks) {
    const side = track.read(draws[0]!);
    let times = 1;
    while (times < draws.length && track.read(draws[times]!) === side) times++;
    if (times < minTimes) continue;
    const { read: _read, ...rest } = track;
    out.push({ ...rest, value: track.options[side], times });
  }
  return out.sort((a, b) => b.times - a.times);
}

/** bettingNumber of a dragon line that picks `option` (e.g. '|大||||||||' for 亚军大 on PK10 G11). */
export function dragonBettingNumber(
  streak: Pick<DragonStreak, 'slot' | 'slotCount'>,
  option: string,
): string {
  if (streak.slotCount === 1) return option;
  return Array.from({ length: streak.slotCount }, (_, i) => (i === streak.slot ? option : '')).join('|');
}

/** A lottery/longDragon item (spec §3 Long-dragon item), plus what the two buttons send. */
export interface LongDragonItem {
  lotteryType: number;
  lotteryCode: string;
  lotteryName: string;
  /** playDetailCode of the two-face play: lottery code + mode. */
  playCode: string;
  name: string;
  desc: string;
  /** The issue now on sale. */
  currIssue: string;
  times: number;
  /** When sales of currIssue close, Beijing 'HH:mm:ss'. */
  endTime: string;
  /** Seconds left until currIssue closes (the button is disabled at 0: 开奖中). */
  nextOpenTime: number;
  options: { label: string; bettingNumber: string }[];
}

export function longDragonItems(
  lottery: LotteryDef,
  history: readonly DrawRecord[],
  nowMs: number,
  minTimes = 2,
): LongDragonItem[] {
  const streaks = dragonStreaks(lottery.family, history, minTimes);
  if (streaks.length === 0) return [];
  const issue = currentIssue(lottery, nowMs);
  return streaks.map((s) => ({
    lotteryType: lottery.lotteryType,
    lotteryCode: lottery.code,
    lotteryName: lottery.name,
    playCode: `${lottery.code}${s.mode}`,
    name: s.name,
    desc: s.value,
    currIssue: issue.issue,
    times: s.times,
    endTime: beijingClock(issue.closeMs),
    nextOpenTime: Math.max(0, Math.floor((issue.closeMs - nowMs) / 1000)),
    options: s.options.map((label) => ({ label, bettingNumber: dragonBettingNumber(s, label) })),
  }));
}
