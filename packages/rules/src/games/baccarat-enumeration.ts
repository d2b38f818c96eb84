import { BACCARAT_DECKS, type BaccaratRound, playCoup } from './baccarat';
import type { Card, Rank } from './cards';

/**
 * Every deal of the 8-deck shoe that matters to a baccarat bet, each with its exact weight (the
 * number of card sequences it stands for), played by the engine's tableau. The rebate cap
 * (rebate-cap.ts) and the return proofs (baccarat.test.ts) read the game's exact odds from here.
 */

/** A card worth v points: A..9, or K for 0. */
const worth = (v: number): Card => ({ rank: (v === 0 ? 13 : v) as Rank, suit: 'H' });

/**
 * The main bets (庄, 闲, 和) depend on the two totals only: every ordered sequence of six card values
 * (128 zeros, 32 of each 1-9), its weight summed per (player, banker) total, with one real coup of
 * each total. The weights of all 416·415·...·411 sequences sum below 2^53, so the sums are exact.
 */
export function coupsByTotals(): { coup: BaccaratRound; weight: number }[] {
  const left = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
  const byTotals = new Map<number, { coup: BaccaratRound; weight: number }>();
  const shoe = new Array<Card>(6);
  const walk = (depth: number, weight: number) => {
    if (depth === 6) {
      const coup = playCoup(shoe);
      const key = coup.playerTotal * 10 + coup.bankerTotal;
      const cell = byTotals.get(key);
      if (cell) cell.weight += weight;
      else byTotals.set(key, { coup, weight });
      return;
    }
    for (let v = 0; v < 10; v++) {
      if (left[v] === 0) continue;
      const w = weight * left[v]!;
      left[v]!--;
      shoe[depth] = worth(v);
      walk(depth + 1, w);
      left[v]!++;
    }
  };
  walk(0, 1);
  const cells = [...byTotals.values()];
  const total = cells.reduce((sum, c) => sum + c.weight, 0);
  if (!Number.isSafeInteger(total)) throw new Error('weights overflowed the exact range of doubles');
  return cells;
}

/**
 * The pairs (庄对, 闲对) depend on the first four cards' ranks only: each of the 13^4 rank sequences
 * (32 cards a rank) is played once, with its weight.
 */
export function forEachPairDeal(visit: (coup: BaccaratRound, weight: bigint) => void): void {
  const left = new Array<number>(13).fill(4 * BACCARAT_DECKS);
  const shoe: Card[] = [worth(1), worth(1), worth(1), worth(1), worth(0), worth(0)];
  const walk = (depth: number, weight: bigint) => {
    if (depth === 4) {
      visit(playCoup(shoe), weight);
      return;
    }
    for (let r = 0; r < 13; r++) {
      const w = weight * BigInt(left[r]!);
      left[r]!--;
      shoe[depth] = { rank: (r + 1) as Rank, suit: 'S' };
      walk(depth + 1, w);
      left[r]!++;
    }
  };
  walk(0, 1n);
}
