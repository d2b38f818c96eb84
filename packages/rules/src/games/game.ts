import type { AreaOutcome, BetSettlement, TableBet } from './money';

/** The six table games of issue 16, by the spec's path names (/games/multiplayer/{code}). */
export const GAME_CODES = ['nn100', 'dragonTigerWar', 'redBlackWar', 'baccarat', 'benz', 'sicbo'] as const;
export type GameCode = (typeof GAME_CODES)[number];

export interface AreaDef<Area extends string> {
  readonly code: Area;
  /** The table's label, e.g. 庄对. */
  readonly name: string;
  /** How it pays, as the table prints it, e.g. 1:0.95 or 40倍. */
  readonly pays: string;
}

/**
 * One game's rules: how a round is dealt from a chain secret, how the result is spelled for
 * /fairness, and what every bet area gets back for a dealt round.
 */
export interface TableGame<Round, Area extends string> {
  readonly code: GameCode;
  readonly name: string;
  readonly areas: readonly AreaDef<Area>[];
  /** The round drawn from chain secret s_k (64 hex) and the round id (docs/games-engine.md §2). */
  deal(secretHex: string, roundId: string): Round;
  /** The result as published and verified: cards, dice or wheel symbol, in draw order. */
  spell(round: Round): string[];
  /** Every area's outcome for this round. */
  outcomes(round: Round): Record<Area, AreaOutcome>;
  /** What leaves the wallet when the bet is placed (the stake, or more where a loss can exceed it). */
  debitMinor(area: Area, stakeMinor: bigint): bigint;
  /** Settles bets in their order: returns what each gets back. */
  settle(round: Round, bets: readonly TableBet<Area>[]): BetSettlement[];
  isArea(area: string): area is Area;
}

export function areaGuard<Area extends string>(areas: readonly AreaDef<Area>[]) {
  const codes = new Set<string>(areas.map((a) => a.code));
  return (area: string): area is Area => codes.has(area);
}
