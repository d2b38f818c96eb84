import { arrangements, forEachTuple } from './math';
import { CREDIT_UNIT_MINOR, NOTE_STAKE_MINOR, playRates } from './odds';
import type { Chance, DrawNumbers, PlayDef } from './play';

/**
 * Return-to-player proof helpers. Settle one bet line against every possible draw (each with its
 * exact weight), price the wins with the play's odds at group G, and compare the expected return
 * with the stake × G/2000 the model promises. Rounding: prizes are rounded down to the minor unit,
 * so the expected return of one note is short of the target by less than 1 minor unit.
 */

export interface WeightedDraw {
  draw: DrawNumbers;
  weight: bigint;
}

export interface RtpResult {
  notes: number;
  /** Stake of the line: notes × 2 yuan (number plays) or notes × 1 yuan (credit plays). */
  stakeMinor: bigint;
  /** Exact expected payout (minor units). */
  expectedMinor: Chance;
  /** stake × G/2000 (minor units). */
  targetMinor: Chance;
  /** (target − expected) / notes, in minor units: must be in [0, 1). */
  shortfallPerNoteMinor: Chance;
  /** Sum of the draw weights enumerated. */
  totalWeight: bigint;
}

/** Winning notes per tier and refunds of one line, summed over weighted draws. */
export interface LineTally {
  bettingNumber: string;
  notes: number;
  hitWeight: Map<string, bigint>;
  refundWeight: bigint;
  totalWeight: bigint;
}

export function tallyLine(
  play: PlayDef,
  bettingNumber: string,
  draws: Iterable<DrawNumbers | WeightedDraw>,
): LineTally {
  const notes = play.count(bettingNumber);
  const hitWeight = new Map<string, bigint>();
  let refundWeight = 0n;
  let totalWeight = 0n;
  for (const item of draws) {
    const weighted = !Array.isArray(item) && 'weight' in (item as WeightedDraw);
    const draw = weighted ? (item as WeightedDraw).draw : (item as DrawNumbers);
    const weight = weighted ? (item as WeightedDraw).weight : 1n;
    totalWeight += weight;
    const outcome = play.settle(bettingNumber, draw);
    if (outcome.refund) refundWeight += weight;
    for (const h of outcome.hits) {
      if (!Number.isInteger(h.notes) || h.notes < 0 || h.notes > notes) {
        throw new Error(`${play.family}${play.code}: ${h.notes} winning notes of ${notes}`);
      }
      hitWeight.set(h.tier, (hitWeight.get(h.tier) ?? 0n) + BigInt(h.notes) * weight);
    }
  }
  return { bettingNumber, notes, hitWeight, refundWeight, totalWeight };
}

/** Prices a tally at prize group G: expected payout against stake × G/2000. */
export function priceTally(play: PlayDef, tally: LineTally, group: number): RtpResult {
  const { notes, totalWeight } = tally;
  const base = play.credit ? CREDIT_UNIT_MINOR : NOTE_STAKE_MINOR;
  const stakeMinor = base * BigInt(notes);
  const rates = playRates(play, group);
  let payout = tally.refundWeight * stakeMinor;
  for (const [tier, w] of tally.hitWeight) {
    const rate = rates.get(tier);
    if (rate === undefined) throw new Error(`${play.family}${play.code}: unknown tier ${tier}`);
    payout += w * rate;
  }
  const expectedMinor = { num: payout, den: totalWeight };
  const targetMinor = { num: stakeMinor * BigInt(group), den: 2000n };
  const shortfallPerNoteMinor = {
    num: targetMinor.num * expectedMinor.den - expectedMinor.num * targetMinor.den,
    den: targetMinor.den * expectedMinor.den * BigInt(notes),
  };
  return { notes, stakeMinor, expectedMinor, targetMinor, shortfallPerNoteMinor, totalWeight };
}

/** Settles a line against every draw and prices it at group G. */
export function lineRtp(
  play: PlayDef,
  bettingNumber: string,
  group: number,
  draws: Iterable<DrawNumbers | WeightedDraw>,
): RtpResult {
  return priceTally(play, tallyLine(play, bettingNumber, draws), group);
}

/** True when the shortfall per note is in [0, 1) minor unit: the RTP proof holds for that line. */
export function rtpHolds(r: RtpResult): boolean {
  const s = r.shortfallPerNoteMinor;
  return s.num >= 0n && s.num < s.den;
}

// ----------------------------------------------------------------------------------------------
// Draw spaces

/** Every k-digit draw 0-9 (SSC 100000, three digits 1000, BJ28 1000), each weight 1. */
export function* allDigitDraws(k: number): Generator<DrawNumbers> {
  const out: string[][] = [];
  forEachTuple(k, 10, (t) => {
    out.push(t.map(String));
  });
  yield* out;
}

/** Every ordered throw of three dice (216). */
export function* allDiceDraws(): Generator<DrawNumbers> {
  const out: string[][] = [];
  forEachTuple(3, 6, (t) => {
    out.push(t.map((d) => String(d + 1)));
  });
  yield* out;
}

/**
 * PK10 draws for a line that looks only at `positions` (0-based): every arrangement of distinct
 * numbers on those positions, the others filled with the remaining numbers in ascending order.
 * In a uniform permutation of 1-10 every arrangement on a fixed set of positions is equally
 * likely, so these equally weighted draws give the exact expectation for such a line.
 */
export function* pk10Draws(positions: readonly number[]): Generator<DrawNumbers> {
  const numbers = Array.from({ length: 10 }, (_, i) => i + 1);
  for (const arr of arrangements(numbers, positions.length)) {
    const rest = numbers.filter((n) => !arr.includes(n));
    const draw: string[] = [];
    let r = 0;
    for (let p = 0; p < 10; p++) {
      const at = positions.indexOf(p);
      const n = at >= 0 ? arr[at]! : rest[r++]!;
      draw.push(String(n).padStart(2, '0'));
    }
    yield draw;
  }
}

export interface RtpFailure {
  bettingNumber: string;
  group: number;
  /** Shortfall per note in minor units (should be in [0, 1)). */
  shortfallPerNote: number;
}

/**
 * The RTP proof for one play: every line settled once against every draw, priced at each group.
 * Returns the lines that miss stake × G/2000 by more than the rounding allows (empty = proved).
 */
export function proveRtp(
  play: PlayDef,
  lines: readonly string[],
  groups: readonly number[],
  draws: readonly (DrawNumbers | WeightedDraw)[],
): RtpFailure[] {
  const failures: RtpFailure[] = [];
  for (const line of lines) {
    const tally = tallyLine(play, line, draws);
    for (const group of groups) {
      const r = priceTally(play, tally, group);
      if (!rtpHolds(r)) {
        const s = r.shortfallPerNoteMinor;
        failures.push({ bettingNumber: line, group, shortfallPerNote: Number(s.num) / Number(s.den) });
      }
    }
  }
  return failures;
}

/** A small deterministic PRNG (mulberry32) for repeatable quick picks in tests and benches. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The most a line can win on any one draw (the single-mode footer's 最高可中): every draw settled,
 * priced with `linePayoutMinor`'s rule, the maximum kept. Meant for small draw spaces (K3 216,
 * BJ28 and three digits 1000); the server may use it for any family.
 */
export function maxWinMinor(
  play: PlayDef,
  bettingNumber: string,
  group: number,
  stakePerNoteMinor: bigint,
  draws: Iterable<DrawNumbers>,
): bigint {
  const notes = BigInt(play.count(bettingNumber));
  const base = play.credit ? CREDIT_UNIT_MINOR : NOTE_STAKE_MINOR;
  const rates = playRates(play, group);
  let best = 0n;
  for (const draw of draws) {
    const outcome = play.settle(bettingNumber, draw);
    let sum = 0n;
    for (const h of outcome.hits) sum += BigInt(h.notes) * rates.get(h.tier)!;
    let won = (sum * stakePerNoteMinor) / base;
    if (outcome.refund) won += stakePerNoteMinor * notes;
    if (won > best) best = won;
  }
  return best;
}
