import { type AreaDef, areaGuard, type TableGame } from './game';
import { type AreaOutcome, LOST, paysToOne, settleBets, stakeDebit } from './money';
import { RoundStream } from './stream';

/**
 * 骰宝 (sicbo): three dice, each uniform(6) + 1 from the round's stream, in order.
 *
 * | area | code | wins when | pays |
 * |---|---|---|---|
 * | 大 / 小 | `big` / `small` | total 11-17 / 4-10, no triple | 1:1 |
 * | 单 / 双 | `odd` / `even` | total odd / even, no triple | 1:1 |
 * | 点数 4..17 | `total4`..`total17` | that total | 4/17 50:1, 5/16 18:1, 6/15 14:1, 7/14 12:1, 8/13 8:1, 9/12 6:1, 10/11 6:1 |
 * | 单骰 1..6 | `single1`..`single6` | the face shows | 1:1 on one die, 2:1 on two, 3:1 on three |
 * | 对子 1..6 | `double1`..`double6` | the face on at least two dice | 10:1 |
 * | 围骰 1..6 | `triple1`..`triple6` | all three show the face | 180:1 |
 * | 全围 | `anyTriple` | any triple | 30:1 |
 *
 * Triples make 大/小/单/双 lose (that is their whole edge, 1/36 = 2.78 %).
 */

export type Die = 1 | 2 | 3 | 4 | 5 | 6;
export interface SicboRound {
  readonly dice: readonly [Die, Die, Die];
  readonly total: number;
  readonly triple: boolean;
}

const FACES = [1, 2, 3, 4, 5, 6] as const;
const TOTALS = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17] as const;
type Total = (typeof TOTALS)[number];
export type SicboArea =
  | 'big'
  | 'small'
  | 'odd'
  | 'even'
  | `total${Total}`
  | `single${Die}`
  | `double${Die}`
  | `triple${Die}`
  | 'anyTriple';

/** Profit per unit on a total, by distance from the middle: 4 and 17 pay 50:1, 10 and 11 pay 6:1. */
const TOTAL_PAYS: Readonly<Record<Total, bigint>> = {
  4: 50n,
  5: 18n,
  6: 14n,
  7: 12n,
  8: 8n,
  9: 6n,
  10: 6n,
  11: 6n,
  12: 6n,
  13: 8n,
  14: 12n,
  15: 14n,
  16: 18n,
  17: 50n,
};
const DOUBLE_PAYS = 10n;
const TRIPLE_PAYS = 180n;
const ANY_TRIPLE_PAYS = 30n;

export const SICBO_AREAS: readonly AreaDef<SicboArea>[] = [
  { code: 'big', name: '大', pays: '1:1' },
  { code: 'small', name: '小', pays: '1:1' },
  { code: 'odd', name: '单', pays: '1:1' },
  { code: 'even', name: '双', pays: '1:1' },
  ...TOTALS.map((t) => ({ code: `total${t}` as const, name: `${t}点`, pays: `${TOTAL_PAYS[t]}:1` })),
  ...FACES.map((f) => ({ code: `single${f}` as const, name: `单骰${f}`, pays: '1:1 / 2:1 / 3:1' })),
  ...FACES.map((f) => ({ code: `double${f}` as const, name: `对子${f}`, pays: `${DOUBLE_PAYS}:1` })),
  ...FACES.map((f) => ({ code: `triple${f}` as const, name: `围骰${f}`, pays: `${TRIPLE_PAYS}:1` })),
  { code: 'anyTriple', name: '全围', pays: `${ANY_TRIPLE_PAYS}:1` },
];

export function sicboRound(dice: readonly [Die, Die, Die]): SicboRound {
  const [a, b, c] = dice;
  return { dice: [a, b, c], total: a + b + c, triple: a === b && b === c };
}

export function dealSicbo(secretHex: string, roundId: string): SicboRound {
  const stream = new RoundStream(secretHex, 'sicbo', roundId);
  const die = () => (stream.uniform(6) + 1) as Die;
  return sicboRound([die(), die(), die()]);
}

function sicboOutcomes(round: SicboRound): Record<SicboArea, AreaOutcome> {
  const { total, triple, dice } = round;
  const even = (when: boolean) => (when ? paysToOne(1n) : LOST);
  const out = {
    big: even(!triple && total >= 11),
    small: even(!triple && total <= 10),
    odd: even(!triple && total % 2 === 1),
    even: even(!triple && total % 2 === 0),
    anyTriple: triple ? paysToOne(ANY_TRIPLE_PAYS) : LOST,
  } as Record<SicboArea, AreaOutcome>;
  for (const t of TOTALS) out[`total${t}`] = total === t ? paysToOne(TOTAL_PAYS[t]) : LOST;
  for (const f of FACES) {
    const count = dice.filter((d) => d === f).length;
    out[`single${f}`] = count > 0 ? paysToOne(BigInt(count)) : LOST;
    out[`double${f}`] = count >= 2 ? paysToOne(DOUBLE_PAYS) : LOST;
    out[`triple${f}`] = count === 3 ? paysToOne(TRIPLE_PAYS) : LOST;
  }
  return out;
}

export const sicbo: TableGame<SicboRound, SicboArea> = {
  code: 'sicbo',
  name: '骰宝',
  areas: SICBO_AREAS,
  deal: dealSicbo,
  spell: (round) => round.dice.map(String),
  outcomes: sicboOutcomes,
  debitMinor: stakeDebit,
  settle: (round, bets) => settleBets(sicboOutcomes(round), bets),
  isArea: areaGuard(SICBO_AREAS),
};
