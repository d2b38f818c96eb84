import { gcd } from '../math';
import { baccaratOutcomes } from './baccarat';
import { coupsByTotals, forEachPairDeal } from './baccarat-enumeration';
import { BENZ_SYMBOLS, benz, benzRound } from './benz';
import type { Rank } from './cards';
import { dragonTiger, dragonTigerRound } from './dragon-tiger';
import type { GameCode } from './game';
import type { AreaOutcome } from './money';
import { type Die, sicbo, sicboRound } from './sicbo';

/**
 * The cap of the table-game rebates (docs/games.md "Rebates"). A table game has no odds to trade a
 * rebate against (a lottery prices its rebate into the prize group), so the rebate a player may get
 * on a game must stay below the house edge of that game's lowest-edge area: then every bet, and
 * every hedge (whose valid turnover is only the net exposure, valid-turnover.ts), still returns less
 * than its stake. The edges are computed here from the exact probabilities of each game:
 *
 * - 百家乐: every ordered six-card draw of the 8-deck shoe by card value (main bets) and every
 *   ordered four-card draw by rank (pairs), played by the engine (banker 1.0579 %).
 * - 龙虎斗: every pair of ranks from the 8-deck shoe (龙/虎 3.73 %).
 * - 骰宝: the 216 throws (大小单双 2.78 %).
 * - 奔驰宝马: the wheel's slot weights (4 % every symbol).
 * - 红黑大战 红/黑 and 百人牛牛 天地玄黄: the two hands of a deal are exchangeable (dealt alike from one
 *   deck, no ties), so a side wins exactly half the time with the same multiplier distribution as it
 *   loses, and the only edge is the 5 % commission on a win: 红/黑 (1 − 39/20 × ½) = 1/40 exactly;
 *   牛牛 0.025 × E[multiplier] ≥ 1/40 (multipliers are 1..4), so 1/40 is a lower bound of its edge
 *   (nn100.test.ts and red-black.test.ts enumerate them). 红黑 幸运一击 has a far higher edge.
 *
 * Rates are in basis points (1 = 0.01 %); the cap is the largest whole basis point strictly below
 * the lowest edge.
 */

export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

function rat(num: bigint, den: bigint): Rational {
  const g = gcd(num < 0n ? -num : num, den) || 1n;
  return { num: num / g, den: den / g };
}

/** Σ weight × return per area, over outcomes of known weight: edge = 1 − E[return]. */
class Tally {
  private readonly sums = new Map<string, Rational>();
  private total = 0n;
  add(outcomes: Readonly<Record<string, AreaOutcome>>, weight: bigint): void {
    this.total += weight;
    for (const [area, o] of Object.entries(outcomes)) {
      const s = this.sums.get(area) ?? { num: 0n, den: 1n };
      const f = o.returnPerStake;
      this.sums.set(area, rat(s.num * f.den + weight * f.num * s.den, s.den * f.den));
    }
  }
  edges(): Record<string, Rational> {
    const out: Record<string, Rational> = {};
    for (const [area, s] of this.sums) out[area] = rat(s.den * this.total - s.num, s.den * this.total);
    return out;
  }
}

function baccaratEdges(): Record<string, Rational> {
  const main = new Tally();
  for (const { coup, weight } of coupsByTotals()) {
    const { banker, player, tie } = baccaratOutcomes(coup);
    main.add({ banker, player, tie }, BigInt(weight));
  }
  const pairs = new Tally();
  forEachPairDeal((coup, weight) => {
    const { bankerPair, playerPair } = baccaratOutcomes(coup);
    pairs.add({ bankerPair, playerPair }, weight);
  });
  return { ...main.edges(), ...pairs.edges() };
}

function dragonTigerEdges(): Record<string, Rational> {
  const t = new Tally();
  const perRank = 4n * 8n;
  for (let a = 1; a <= 13; a++)
    for (let b = 1; b <= 13; b++)
      t.add(
        dragonTiger.outcomes(
          dragonTigerRound({ rank: a as Rank, suit: 'S' }, { rank: b as Rank, suit: 'H' }),
        ),
        perRank * (a === b ? perRank - 1n : perRank),
      );
  return t.edges();
}

function sicboEdges(): Record<string, Rational> {
  const t = new Tally();
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) t.add(sicbo.outcomes(sicboRound([a as Die, b as Die, c as Die])), 1n);
  return t.edges();
}

function benzEdges(): Record<string, Rational> {
  const t = new Tally();
  let slot = 0;
  for (const s of BENZ_SYMBOLS) {
    t.add(benz.outcomes(benzRound(slot)), BigInt(s.weight));
    slot += s.weight;
  }
  return t.edges();
}

/** 1 − (1 + 19/20) × ½: a side of two exchangeable hands paying 1:0.95 (see above). */
const COMMISSION_SIDE_EDGE = rat(1n, 40n);

const cache = new Map<GameCode, Readonly<Record<string, Rational>>>();

/** The exact house edge of every area of a game (a lower bound for 百人牛牛, see above). */
export function areaEdges(code: GameCode): Readonly<Record<string, Rational>> {
  const hit = cache.get(code);
  if (hit) return hit;
  const edges: Record<string, Rational> =
    code === 'baccarat'
      ? baccaratEdges()
      : code === 'dragonTigerWar'
        ? dragonTigerEdges()
        : code === 'sicbo'
          ? sicboEdges()
          : code === 'benz'
            ? benzEdges()
            : code === 'redBlackWar'
              ? { red: COMMISSION_SIDE_EDGE, black: COMMISSION_SIDE_EDGE }
              : {
                  tian: COMMISSION_SIDE_EDGE,
                  di: COMMISSION_SIDE_EDGE,
                  xuan: COMMISSION_SIDE_EDGE,
                  huang: COMMISSION_SIDE_EDGE,
                };
  cache.set(code, edges);
  return edges;
}

/** The lowest area edge of a game. */
export function lowestEdge(code: GameCode): Rational {
  let low: Rational | undefined;
  for (const e of Object.values(areaEdges(code))) if (!low || e.num * low.den < low.num * e.den) low = e;
  return low!;
}

/** Basis points per unit (10000 bp = 100 %). */
export const REBATE_BP_PER_UNIT = 10_000n;

/** The highest table-game rebate the operator may set on a game, in basis points: strictly below its lowest edge. */
export function rebateCapBp(code: GameCode): number {
  const e = lowestEdge(code);
  // largest bp with bp / 10000 < num / den
  const bp = (e.num * REBATE_BP_PER_UNIT - 1n) / e.den;
  return Number(bp);
}

/** A table-game rebate on valid turnover: turnover × bp / 10000, rounded down to the cent. */
export function gameRebateMinor(validTurnoverMinor: bigint, bp: number): bigint {
  const minor = (validTurnoverMinor * BigInt(bp)) / REBATE_BP_PER_UNIT;
  return minor - (minor % 100n);
}
