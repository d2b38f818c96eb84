import { type AreaDef, areaGuard, type TableGame } from './game';
import { type AreaOutcome, fraction, LOST, settleBets, stakeDebit, won } from './money';
import { RoundStream } from './stream';

/**
 * 奔驰宝马 (benz): a wheel of 125 equally likely slots carrying eight symbols, four marques each big
 * (大) and small (小). The round picks slot uniform(125); the symbol is the one whose run of slots
 * (in the order of BENZ_SYMBOLS) holds it. A bet on the symbol returns its multiple of the stake (the
 * stake included: 40倍 returns 40 for 1), every other bet loses.
 *
 * | symbol | code | slots (weight) | returns | return to player |
 * |---|---|---|---|---|
 * | 大保时捷 | `porscheBig` | 3 | 40倍 | 120/125 = 96 % |
 * | 大宝马 | `bmwBig` | 6 | 20倍 | 96 % |
 * | 大奔驰 | `benzBig` | 8 | 15倍 | 96 % |
 * | 大大众 | `vwBig` | 12 | 10倍 | 96 % |
 * | 小保时捷 / 小宝马 / 小奔驰 / 小大众 | `porscheSmall` ... | 24 each | 5倍 | 96 % |
 *
 * The weights × multiples are 120 for every symbol, so every area has the same 4 % edge; the
 * multiples' reciprocals sum to 125/120, which is what makes a fixed wheel with an edge possible
 * (the arcade table 40/30/20/10 with 5倍 smalls would need the wheel to return over 99 %).
 */

export type BenzSymbol =
  | 'porscheBig'
  | 'bmwBig'
  | 'benzBig'
  | 'vwBig'
  | 'porscheSmall'
  | 'bmwSmall'
  | 'benzSmall'
  | 'vwSmall';

export interface BenzSymbolDef {
  readonly code: BenzSymbol;
  readonly name: string;
  /** Slots of the wheel that show it. */
  readonly weight: number;
  /** Return per unit of stake, stake included. */
  readonly multiple: number;
}

export const BENZ_SYMBOLS: readonly BenzSymbolDef[] = [
  { code: 'porscheBig', name: '大保时捷', weight: 3, multiple: 40 },
  { code: 'bmwBig', name: '大宝马', weight: 6, multiple: 20 },
  { code: 'benzBig', name: '大奔驰', weight: 8, multiple: 15 },
  { code: 'vwBig', name: '大大众', weight: 12, multiple: 10 },
  { code: 'porscheSmall', name: '小保时捷', weight: 24, multiple: 5 },
  { code: 'bmwSmall', name: '小宝马', weight: 24, multiple: 5 },
  { code: 'benzSmall', name: '小奔驰', weight: 24, multiple: 5 },
  { code: 'vwSmall', name: '小大众', weight: 24, multiple: 5 },
];

export const BENZ_SLOTS = BENZ_SYMBOLS.reduce((sum, s) => sum + s.weight, 0);

export interface BenzRound {
  /** 0..BENZ_SLOTS-1. */
  readonly slot: number;
  readonly symbol: BenzSymbol;
}

export const BENZ_AREAS: readonly AreaDef<BenzSymbol>[] = BENZ_SYMBOLS.map((s) => ({
  code: s.code,
  name: s.name,
  pays: `${s.multiple}倍`,
}));

export function benzSymbolAt(slot: number): BenzSymbol {
  if (!Number.isInteger(slot) || slot < 0 || slot >= BENZ_SLOTS) throw new RangeError(`slot ${slot}`);
  let start = 0;
  for (const s of BENZ_SYMBOLS) {
    if (slot < start + s.weight) return s.code;
    start += s.weight;
  }
  throw new Error('unreachable: the weights cover every slot');
}

export function benzRound(slot: number): BenzRound {
  return { slot, symbol: benzSymbolAt(slot) };
}

export function dealBenz(secretHex: string, roundId: string): BenzRound {
  return benzRound(new RoundStream(secretHex, 'benz', roundId).uniform(BENZ_SLOTS));
}

function benzOutcomes(round: BenzRound): Record<BenzSymbol, AreaOutcome> {
  const out = {} as Record<BenzSymbol, AreaOutcome>;
  for (const s of BENZ_SYMBOLS)
    out[s.code] = s.code === round.symbol ? won(fraction(BigInt(s.multiple))) : LOST;
  return out;
}

export const benz: TableGame<BenzRound, BenzSymbol> = {
  code: 'benz',
  name: '奔驰宝马',
  areas: BENZ_AREAS,
  deal: dealBenz,
  spell: (round) => [round.symbol, String(round.slot)],
  outcomes: benzOutcomes,
  debitMinor: stakeDebit,
  settle: (round, bets) => settleBets(benzOutcomes(round), bets),
  isArea: areaGuard(BENZ_AREAS),
};
