import type { Family } from './family';

/**
 * The contract every play implements. The web app uses it to draw the picker, count notes and
 * quick-pick; the server uses the same object to validate a bet line, recount it and settle it.
 */

/** An exact probability: num / den, both positive bigints, reduced or not. */
export interface Chance {
  num: bigint;
  den: bigint;
}

/** How the picker for a play is drawn. */
export type PlayInput =
  /** Rows of balls, one row per position (万位 千位 ...), each with quick buttons 全大小单双清. */
  | { kind: 'positional'; rows: { label: string; numbers: string[] }[]; quickButtons: boolean }
  /** One pool of balls; pick between min and max of them. */
  | { kind: 'multiPick'; numbers: string[]; min: number; max: number; label?: string }
  /** Free text of tickets, cleaned as spec/betting.md §5 says; each ticket has `digits` numbers. */
  | { kind: 'manual'; ticketLength: number; numbers: string[] }
  /** Banker numbers (at least 1, at most pick-1) plus drag numbers. */
  | { kind: 'bankerDrag'; numbers: string[]; pick: number }
  /** Option buttons, each carrying its own odds (credit-style plays: two-sides, BJ28, LHC ...). */
  | { kind: 'options'; options: { code: string; label: string }[]; min: number; max: number };

/** One prize level of a play. A single-tier play has exactly one. */
export interface PrizeTier {
  /** Stable key, e.g. 'main', 'group3', 'hit4of5', or an option code for credit-style plays. */
  key: string;
  name: string;
  /** Chance that ONE note wins this tier (used for odds; enumerated, never typed in). */
  chance: Chance;
  /**
   * Share of the return G/2000 this tier carries for a note that can win several tiers (the shares
   * of one note kind sum to 1). Absent = 1: the note kind wins only this tier. See odds.ts.
   */
  share?: Chance;
  /** Chance that a note of this kind is refunded instead (stock tie ...); odds are lowered to match. */
  refund?: Chance;
}

/** What settling one bet line against a draw gives: how many notes won each tier. */
export interface TierHit {
  tier: string;
  notes: number;
}

/** Settlement outcome of one line. `refund` = the stake goes back (stock tie, LHC 49 as 和 ...). */
export interface LineOutcome {
  hits: TierHit[];
  refund: boolean;
}

/** A validation failure, with the message the spec prescribes (or a precise one). */
export class RuleError extends Error {
  override readonly name = 'RuleError';
}

/** A drawn result as the rules see it: the numbers in draw order, as strings with their padding. */
export type DrawNumbers = readonly string[];

export interface PlayDef {
  family: Family;
  /** Mode code, the last 3 characters of playDetailCode (e.g. 'A10', 'D21'). */
  code: string;
  group: string;
  subGroup: string;
  name: string;
  tip: string;
  example: string;
  isDefault: boolean;
  /** Credit-style: stake per unit, odds = G/(2000·p); otherwise 2-yuan notes, prize = G/(1000·p). */
  credit: boolean;
  input: PlayInput;
  tiers: PrizeTier[];
  /** Offered only on lotteries whose draws have this many numbers (PL5's five-digit straight). */
  resultLength?: number;
  /** Parse and validate the `bettingNumber` text; throws RuleError with the spec's message. */
  count(bettingNumber: string): number;
  /** A random valid bettingNumber for one note (机选); `random()` returns [0,1). */
  quickPick(random: () => number): string;
  /** Winning notes per tier for this line against a draw. Must never pay a line that cannot win. */
  settle(bettingNumber: string, draw: DrawNumbers): LineOutcome;
}
