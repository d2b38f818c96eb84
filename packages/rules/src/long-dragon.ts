import type { Family } from './family';
import type { LotteryDef } from './lotteries';
import { lineMaxWinMinor } from './max-win';
import { CREDIT_UNIT_MINOR, singleOptionMaxWinMinor } from './odds';
import type { DrawNumbers, PlayDef } from './play';
import { findPlay } from './plays';

/**
 * Long dragon (长龙, spec/betting.md §2, §4, §9; docs/long-dragon.md): a two-face outcome that came
 * up in each of the latest N issues in a row (N = LONG_DRAGON_MIN, 3), with the two buttons that
 * bet on it as ordinary lines of the play (one note, unit 1, so a long-dragon bet is a normal bet).
 *
 * The tracks are read from the plays themselves, not typed in: every slot of a two-face play of
 * spec §9 (PK10 G11 H11, SSC J11 K11 L11, BJ28 A01 B01 C01, STOCK B11 C11 D11) that offers both
 * buttons of a pair (大/小, 单/双, 龙/虎, 涨/跌, 牛/熊) is a track, and which button a draw gives is
 * what the play's own settlement pays, so a streak can never disagree with how its bet settles.
 * A draw where neither button of the pair wins (SSC 龙虎 和, STOCK 牛熊 tie) breaks the run.
 * Plays without such pairs (SSC J11 forms, BJ28 B01 colours, C01 special number) give no tracks.
 */

/** Shortest run shown (issues in a row). */
export const LONG_DRAGON_MIN = 3;
/** Longest run counted: the history read per lottery (a longer run shows as this many). */
export const LONG_DRAGON_HISTORY = 50;

/** The two-face plays of spec §9 per family (mode codes). */
export const TWO_FACE_PLAYS: Readonly<Partial<Record<Family, readonly string[]>>> = {
  PK10: ['G11', 'H11'],
  SSC: ['J11', 'K11', 'L11'],
  BJ28: ['A01', 'B01', 'C01'],
  STOCK: ['B11', 'C11', 'D11'],
};

/** Button pairs a long dragon offers: one side repeating, the other its opposite. */
export const DRAGON_PAIRS: readonly (readonly [string, string])[] = [
  ['大', '小'],
  ['单', '双'],
  ['龙', '虎'],
  ['涨', '跌'],
  ['牛', '熊'],
];

export interface DragonTrack {
  play: PlayDef;
  /** Slot of the play's bettingNumber ('a|b|...'); 0 for a one-slot play. */
  slot: number;
  /** Position or sum the track reads: 冠军, 冠亚和, 万位, 总和 ... (the play's name for one-slot plays). */
  name: string;
  /** The two buttons and the bettingNumber each sends on the play. */
  options: readonly [DragonOption, DragonOption];
}

export interface DragonOption {
  label: string;
  bettingNumber: string;
}

interface Slot {
  label: string;
  codes: string[];
}

/** A play's option slots, from its input (multi-slot labels are the slot label plus the option code). */
function slotsOf(play: PlayDef): Slot[] {
  if (play.input.kind !== 'options') return [];
  const slots: Slot[] = [];
  for (const option of play.input.options) {
    const prefix = option.label.endsWith(option.code)
      ? option.label.slice(0, option.label.length - option.code.length)
      : option.label;
    const last = slots[slots.length - 1];
    if (last && last.label === prefix) last.codes.push(option.code);
    else slots.push({ label: prefix, codes: [option.code] });
  }
  return slots;
}

function bettingNumberOf(slotCount: number, slot: number, code: string): string {
  if (slotCount === 1) return code;
  return Array.from({ length: slotCount }, (_, i) => (i === slot ? code : '')).join('|');
}

/** What a one-slot play's track is called in the list (the play's own name otherwise). */
const ONE_SLOT_NAMES: Readonly<Record<string, string>> = {
  PK10H11: '冠亚和',
  SSCL11: '龙虎',
  BJ28A01: '和值',
  STOCKB11: '牛熊',
  STOCKC11: '总和',
};

const trackCache = new Map<string, readonly DragonTrack[]>();

/** Every long-dragon track of a lottery's family (cached per family and draw length). */
export function dragonTracks(lottery: Pick<LotteryDef, 'family' | 'resultLength'>): readonly DragonTrack[] {
  const key = `${lottery.family}:${lottery.resultLength}`;
  const known = trackCache.get(key);
  if (known) return known;
  const tracks: DragonTrack[] = [];
  for (const mode of TWO_FACE_PLAYS[lottery.family] ?? []) {
    const play = findPlay(lottery.family, mode, lottery.resultLength);
    if (!play) continue;
    const slots = slotsOf(play);
    slots.forEach((slot, index) => {
      for (const [a, b] of DRAGON_PAIRS) {
        if (!slot.codes.includes(a) || !slot.codes.includes(b)) continue;
        const option = (label: string): DragonOption => ({
          label,
          bettingNumber: bettingNumberOf(slots.length, index, label),
        });
        const options = [option(a), option(b)] as const;
        // Only lines the play itself accepts as one note (a dragon line is one note, spec §9).
        if (options.some((o) => play.count(o.bettingNumber) !== 1)) continue;
        const name = slot.label || ONE_SLOT_NAMES[`${play.family}${play.code}`] || play.name;
        tracks.push({ play, slot: index, name, options });
      }
    });
  }
  trackCache.set(key, tracks);
  return tracks;
}

const wins = (play: PlayDef, bettingNumber: string, draw: DrawNumbers): boolean => {
  const outcome = play.settle(bettingNumber, draw);
  return !outcome.refund && outcome.hits.some((h) => h.notes > 0);
};

export interface DragonStreak {
  /** playDetailCode of the play: lottery code + mode, e.g. '1201G11'. */
  playCode: string;
  playName: string;
  name: string;
  /** The button that keeps coming up, e.g. '大'. */
  value: string;
  /** Issues in a row (spec: times). */
  times: number;
  /** The issue that last gave `value` (the newest drawn). */
  lastIssue: string;
  options: readonly [DragonOption, DragonOption];
}

export interface DrawnRecord {
  issue: string;
  numbers: DrawNumbers;
}

/**
 * The current runs of a lottery from its drawn issues, newest first (consecutive issues as drawn):
 * runs of at least `minTimes`, longest first, then in play and slot order.
 */
export function longDragonStreaks(
  lottery: Pick<LotteryDef, 'code' | 'family' | 'resultLength'>,
  history: readonly DrawnRecord[],
  minTimes = LONG_DRAGON_MIN,
): DragonStreak[] {
  const newest = history[0];
  if (!newest) return [];
  const out: DragonStreak[] = [];
  for (const track of dragonTracks(lottery)) {
    const side = track.options.findIndex((o) => wins(track.play, o.bettingNumber, newest.numbers));
    if (side < 0) continue;
    const repeating = track.options[side]!;
    const other = track.options[1 - side]!;
    let times = 1;
    while (times < history.length) {
      const numbers = history[times]!.numbers;
      if (
        !wins(track.play, repeating.bettingNumber, numbers) ||
        wins(track.play, other.bettingNumber, numbers)
      )
        break;
      times++;
    }
    if (times < minTimes) continue;
    out.push({
      playCode: `${lottery.code}${track.play.code}`,
      playName: track.play.name,
      name: track.name,
      value: repeating.label,
      times,
      lastIssue: newest.issue,
      options: track.options,
    });
  }
  // Stable: equal runs keep play and slot order.
  return out.sort((a, b) => b.times - a.times);
}

const oddsCache = new Map<string, bigint>();

/**
 * Odds per 1 yuan of one button at prize group `group` (credit play: G/(2000·p), stake included),
 * in minor units: what one yuan on that line is paid when it wins, exactly as settlement pays it.
 */
export function dragonOddsMinor(play: PlayDef, bettingNumber: string, group: number): bigint {
  const key = `${play.family}${play.code}|${bettingNumber}|${group}`;
  let odds = oddsCache.get(key);
  if (odds === undefined) {
    odds = lineMaxWinMinor(play, bettingNumber, group, CREDIT_UNIT_MINOR, CREDIT_UNIT_MINOR);
    oddsCache.set(key, odds);
  }
  return odds;
}

/** 最高可中 of a long-dragon line: amount × odds, floored to 2 decimals (spec §5). */
export function dragonMaxWinMinor(oddsMinor: bigint, amountMinor: bigint): bigint {
  return singleOptionMaxWinMinor(oddsMinor, amountMinor);
}
