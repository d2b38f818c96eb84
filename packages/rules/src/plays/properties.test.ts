import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DrawNumbers, PlayDef } from '../play';
import { allDiceDraws, allDigitDraws, proveRtp, seededRandom } from '../rtp';
import { PLAYS as BJ28 } from './bj28';
import { PLAYS as K3 } from './k3';
import { PLAYS as PK10 } from './pk10';
import { PLAYS as SSC } from './ssc';
import { PLAYS as STOCK } from './stock';
import { FC3D_PLAYS, PL35_PLAYS } from './three-digit';

const digits = (k: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: k, maxLength: k }).map((a) => a.map(String));

function drawOf(p: PlayDef): fc.Arbitrary<DrawNumbers> {
  switch (p.family) {
    case 'K3':
      return fc
        .array(fc.integer({ min: 1, max: 6 }), { minLength: 3, maxLength: 3 })
        .map((a) => a.map(String));
    case 'PK10':
      return fc.shuffledSubarray(
        Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(2, '0')),
        { minLength: 10, maxLength: 10 },
      );
    case 'SSC':
    case 'STOCK':
      return digits(5);
    case 'PL35':
      return digits(p.resultLength ?? 3);
    default:
      return digits(3);
  }
}

const MINE: PlayDef[] = [...K3, ...SSC, ...FC3D_PLAYS, ...PL35_PLAYS, ...PK10, ...BJ28, ...STOCK];

describe('properties of every K3/SSC/FC3D/PL35/PK10/BJ28/STOCK play', () => {
  for (const p of MINE) {
    it(`${p.family}${p.code}: quick picks are valid; settlement stays within the line`, () => {
      const tiers = new Set(p.tiers.map((t) => t.key));
      fc.assert(
        fc.property(fc.integer(), drawOf(p), (seed, draw) => {
          const line = p.quickPick(seededRandom(seed));
          const notes = p.count(line);
          expect(notes).toBeGreaterThanOrEqual(1);
          const outcome = p.settle(line, draw);
          let won = 0;
          for (const h of outcome.hits) {
            expect(tiers.has(h.tier)).toBe(true);
            expect(h.notes).toBeGreaterThan(0);
            won += h.notes;
          }
          expect(won).toBeLessThanOrEqual(notes);
          if (outcome.refund) expect(outcome.hits).toEqual([]);
          // a draw of another shape never pays
          expect(p.settle(line, [...draw, '1']).hits).toEqual([]);
        }),
        { numRuns: 60 },
      );
    });
  }
});

describe('random lines return exactly G/2000 over every draw (no line is paid where it cannot win)', () => {
  const dice = [...allDiceDraws()];
  const three = [...allDigitDraws(3)];
  const small = [...K3, ...FC3D_PLAYS, ...BJ28];
  for (const p of small) {
    it(`${p.family}${p.code}`, () => {
      const draws = p.family === 'K3' ? dice : three;
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          expect(proveRtp(p, [p.quickPick(seededRandom(seed))], [1700, 1880], draws)).toEqual([]);
        }),
        { numRuns: 8 },
      );
    });
  }
});
