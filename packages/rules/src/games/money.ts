import { MINOR_PER_YUAN } from '../amount';

/**
 * Money of the table games. A bet is an area and a stake in minor units (1/10000 yuan, DESIGN.md §5),
 * a whole number of cents. Each round gives every bet area an outcome with its return per unit of
 * stake as an exact fraction (a banker win in baccarat returns 39/20: the stake and 19/20 profit).
 * A bet's return is stake × that fraction rounded down to the cent; a push returns the stake; a lost
 * bet returns nothing. Where the game debits more than the stake at bet time (百人牛牛 holds the
 * stake times its largest multiplier) the return is measured against the stake all the same and
 * includes the held part (see nn100.ts).
 */

export const CENT_MINOR = MINOR_PER_YUAN / 100n;

export type BetOutcome = 'win' | 'lose' | 'push' | 'halfLost';

export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

export interface AreaOutcome {
  readonly outcome: BetOutcome;
  /** What a unit of stake brings back at settlement, the stake included (0/1 for a lost bet). */
  readonly returnPerStake: Fraction;
}

export interface TableBet<Area extends string = string> {
  readonly area: Area;
  readonly stakeMinor: bigint;
}

export interface BetSettlement {
  readonly area: string;
  readonly outcome: BetOutcome;
  readonly stakeMinor: bigint;
  /** Credited at settlement: 0 for a loss, the stake for a push, never negative. */
  readonly returnMinor: bigint;
}

export const fraction = (num: bigint, den = 1n): Fraction => {
  if (den <= 0n || num < 0n) throw new RangeError('a return fraction is non-negative over a positive');
  return { num, den };
};

export const won = (returnPerStake: Fraction): AreaOutcome => ({ outcome: 'win', returnPerStake });
export const LOST: AreaOutcome = { outcome: 'lose', returnPerStake: fraction(0n) };
export const PUSH: AreaOutcome = { outcome: 'push', returnPerStake: fraction(1n) };
export const HALF_LOST: AreaOutcome = { outcome: 'halfLost', returnPerStake: fraction(1n, 2n) };

/** Profit odds "a:b" (e.g. 8:1, 0.95:1 = 19:20) as the return fraction (a + b) / b. */
export const paysToOne = (profit: bigint, per = 1n): AreaOutcome => won(fraction(profit + per, per));

export function floorToCent(minor: bigint): bigint {
  return minor - (minor % CENT_MINOR);
}

export function assertStake(stakeMinor: bigint): void {
  if (typeof stakeMinor !== 'bigint' || stakeMinor <= 0n || stakeMinor % CENT_MINOR !== 0n)
    throw new RangeError('a stake is a positive whole number of cents in minor units');
}

/** The debit of a game whose bets risk their stake and no more. */
export function stakeDebit(_area: string, stakeMinor: bigint): bigint {
  assertStake(stakeMinor);
  return stakeMinor;
}

/** stake × return fraction, rounded down to the cent (exact for a push: the stake is whole cents). */
export function settleStake(stakeMinor: bigint, outcome: AreaOutcome): bigint {
  assertStake(stakeMinor);
  return floorToCent((stakeMinor * outcome.returnPerStake.num) / outcome.returnPerStake.den);
}

/** Settles bets against a round's area outcomes, in bet order. An unknown area is an error. */
export function settleBets(
  outcomes: Readonly<Record<string, AreaOutcome>>,
  bets: readonly TableBet[],
): BetSettlement[] {
  return bets.map((bet) => {
    const outcome = Object.hasOwn(outcomes, bet.area) ? outcomes[bet.area] : undefined;
    if (!outcome) throw new RangeError(`unknown bet area ${JSON.stringify(bet.area)}`);
    return {
      area: bet.area,
      outcome: outcome.outcome,
      stakeMinor: bet.stakeMinor,
      returnMinor: settleStake(bet.stakeMinor, outcome),
    };
  });
}
