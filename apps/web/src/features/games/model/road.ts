import { playCoup } from '@lottery/rules/games/baccarat';
import { BENZ_SYMBOLS } from '@lottery/rules/games/benz';
import { parseCard } from '@lottery/rules/games/cards';
import { dragonTigerRound } from '@lottery/rules/games/dragon-tiger';
import { NN100_AREA_CODES, nn100Round } from '@lottery/rules/games/nn100';
import { redBlackRound } from '@lottery/rules/games/red-black';

/**
 * The trend road: each published result (spelled as the engine's `spell`) read back into the
 * winner the table prints, with the engine's own rules (no rule written twice), and the big road
 * of baccarat / dragon-tiger / red-black laid out in columns of one winner.
 */

export interface RoadMark {
  /** Short label in the bead (庄, 龙, 红, 大, 4 胜…). */
  label: string;
  /** Colour family: a (banker / dragon / red / big), b (player / tiger / black / small), tie. */
  side: 'a' | 'b' | 'tie';
}

export function roadMark(gameCode: string, result: readonly string[]): RoadMark | null {
  try {
    switch (gameCode) {
      case 'dragonTigerWar': {
        const w = dragonTigerRound(parseCard(result[0]!), parseCard(result[1]!)).winner;
        return w === 'dragon'
          ? { label: '龙', side: 'a' }
          : w === 'tiger'
            ? { label: '虎', side: 'b' }
            : { label: '和', side: 'tie' };
      }
      case 'baccarat': {
        const w = baccaratCoup(result).winner;
        return w === 'banker'
          ? { label: '庄', side: 'a' }
          : w === 'player'
            ? { label: '闲', side: 'b' }
            : { label: '和', side: 'tie' };
      }
      case 'redBlackWar': {
        const cards = result.map(parseCard);
        const w = redBlackRound(cards.slice(0, 3), cards.slice(3, 6)).winner;
        return w === 'red' ? { label: '红', side: 'a' } : { label: '黑', side: 'b' };
      }
      case 'nn100': {
        const round = nn100Round(result.map(parseCard));
        const wins = NN100_AREA_CODES.filter((c) => round.areas[c].beatsBanker).length;
        return { label: `${wins}胜`, side: wins >= 2 ? 'b' : 'a' };
      }
      case 'sicbo': {
        const dice = result.map(Number);
        const total = dice.reduce((s, d) => s + d, 0);
        if (dice[0] === dice[1] && dice[1] === dice[2]) return { label: '围', side: 'tie' };
        return total >= 11 ? { label: `大${total}`, side: 'a' } : { label: `小${total}`, side: 'b' };
      }
      case 'benz': {
        const def = BENZ_SYMBOLS.find((s) => s.code === result[0]);
        if (!def) return null;
        return { label: def.name, side: def.code.endsWith('Big') ? 'a' : 'b' };
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/**
 * A dealt coup from its spelled cards: the spelled order is the order the cards left the shoe,
 * which is what playCoup reads; it wants six, so a short coup is padded with cards it never reads
 * (it draws exactly the cards the spelling lists).
 */
export function baccaratCoup(result: readonly string[]) {
  const cards = result.map(parseCard);
  const padded = [...cards];
  while (padded.length < 6) padded.push(cards[0]!);
  return playCoup(padded);
}

/** A big-road cell: the winner of a run, with the ties that followed it. */
export interface BigRoadCell {
  side: 'a' | 'b';
  label: string;
  ties: number;
}

export const BIG_ROAD_ROWS = 6;

/**
 * The big road: a new column whenever the winner changes; a tie does not move, it is counted on
 * the cell before it (a leading tie waits for the first winner). Columns longer than six rows are
 * kept as they are (the table scrolls) rather than bent into a dragon tail.
 */
export function bigRoad(marks: readonly RoadMark[]): BigRoadCell[][] {
  const columns: BigRoadCell[][] = [];
  let leadingTies = 0;
  for (const mark of marks) {
    const column = columns.at(-1);
    const last = column?.at(-1);
    if (mark.side === 'tie') {
      if (last) last.ties += 1;
      else leadingTies += 1;
      continue;
    }
    const cell = { side: mark.side, label: mark.label, ties: leadingTies };
    leadingTies = 0;
    if (column && last && last.side === mark.side) column.push(cell);
    else columns.push([cell]);
  }
  return columns;
}
