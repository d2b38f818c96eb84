import { describe, expect, it } from 'vitest';
import { buildChain, drawResult } from './fair';
import { zodiacYearAt } from './lhc-zodiac';
import { LOTTERIES } from './lotteries';
import { playsOf } from './plays';
import { seededRandom } from './rtp';

/**
 * Fair draws are in the shape settlement reads: for every house-drawn lottery and every play offered
 * on it, quick-pick lines settled against fair draws win sometimes. A draw spelled wrongly (padding,
 * order, length) makes a play decode nothing and never pay, which this catches.
 */

const seeded = seededRandom;

const chain = buildChain('7e'.repeat(32), 400);
const DRAWS = 400;
const LINES = 20;

/** One lottery per family and draw size. */
const sample = LOTTERIES.filter(
  (l, i) => LOTTERIES.findIndex((o) => o.family === l.family && o.resultLength === l.resultLength) === i,
);

describe('fair draws settle', () => {
  it.each(sample.map((l) => [l.code, l.name, l] as const))(
    '%s %s: every play can win on fair draws',
    (_code, _name, lottery) => {
      const draws = Array.from({ length: DRAWS }, (_, k) => {
        const numbers = drawResult(lottery, String(100_000 + k), chain[k + 1]!);
        // LHC plays that read zodiacs take the zodiac year as an eighth element
        return lottery.family === 'LHC'
          ? [...numbers, String(zodiacYearAt(Date.parse('2026-03-10T21:30:00+08:00')))]
          : numbers;
      });
      const random = seeded(Number(lottery.code));
      const neverWon: string[] = [];
      for (const play of playsOf(lottery.family, lottery.resultLength)) {
        const best = play.tiers.reduce(
          (m, t) => (t.chance.num * 1000n > m * t.chance.den ? (t.chance.num * 1000n) / t.chance.den : m),
          0n,
        );
        if (best < 20n) continue; // rarer than 1 in 50: no promise over 400 draws
        let wins = 0;
        for (let i = 0; i < LINES; i++) {
          const line = play.quickPick(random);
          for (const draw of draws) {
            const outcome = play.settle(line, draw);
            wins += outcome.hits.reduce((n, h) => n + h.notes, 0);
          }
        }
        if (wins === 0) neverWon.push(`${play.code} ${play.name}`);
      }
      expect(neverWon).toEqual([]);
    },
  );
});
