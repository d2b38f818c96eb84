import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AnyTableGame, TABLE_GAMES, tableGameByCode } from './catalogue';
import { GAME_CODES } from './game';
import { CENT_MINOR, floorToCent } from './money';
import { verifyRound } from './verify';

/** Cards a game's shoe holds of each card (decks), or undefined for dice and the wheel. */
const DECKS: Record<string, number | undefined> = {
  nn100: 1,
  dragonTigerWar: 8,
  redBlackWar: 1,
  baccarat: 8,
  benz: undefined,
  sicbo: undefined,
};

const secretArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const roundIdArb = fc.stringMatching(/^[\w-]{1,24}$/);
/** Whole cents from 0.01 to 100000 yuan. */
const stakeArb = fc.bigInt({ min: 1n, max: 10_000_000n }).map((cents) => cents * CENT_MINOR);

describe.each(GAME_CODES)('%s round properties', (code) => {
  const game: AnyTableGame = TABLE_GAMES[code];

  it('a deal is a pure function of (secret, round id), and verifies', () => {
    fc.assert(
      fc.property(secretArb, roundIdArb, (secretHex, roundId) => {
        const round = game.deal(secretHex, roundId);
        expect(game.deal(secretHex, roundId)).toEqual(round);
        const claimedResult = game.spell(round);
        expect(verifyRound({ gameCode: code, roundId, secretHex, claimedResult }).ok).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('no card appears more often than the shoe holds it', () => {
    const decks = DECKS[code];
    if (decks === undefined) return;
    fc.assert(
      fc.property(secretArb, roundIdArb, (secretHex, roundId) => {
        const counts = new Map<string, number>();
        for (const card of game.spell(game.deal(secretHex, roundId)))
          counts.set(card, (counts.get(card) ?? 0) + 1);
        for (const n of counts.values()) expect(n).toBeLessThanOrEqual(decks);
      }),
      { numRuns: 25 },
    );
  });

  it('settles every area: stake × odds for a win, the stake for a push, half or nothing for a loss', () => {
    fc.assert(
      fc.property(secretArb, roundIdArb, stakeArb, (secretHex, roundId, stakeMinor) => {
        const round = game.deal(secretHex, roundId);
        const bets = game.areas.map((a) => ({ area: a.code, stakeMinor }));
        const outcomes = game.outcomes(round);
        const settled = game.settle(round, bets);
        expect(settled).toHaveLength(bets.length);
        settled.forEach((s, i) => {
          const { returnPerStake } = outcomes[bets[i]!.area]!;
          const debit = game.debitMinor(s.area, stakeMinor);
          expect(typeof s.returnMinor).toBe('bigint');
          expect(s.returnMinor).toBeGreaterThanOrEqual(0n);
          expect(s.returnMinor % CENT_MINOR).toBe(0n);
          expect(s.returnMinor).toBe(floorToCent((stakeMinor * returnPerStake.num) / returnPerStake.den));
          switch (s.outcome) {
            case 'win':
              expect(s.returnMinor).toBeGreaterThanOrEqual(debit);
              break;
            case 'push':
              expect(s.returnMinor).toBe(stakeMinor);
              break;
            case 'halfLost':
              expect(s.returnMinor).toBe(floorToCent(stakeMinor / 2n));
              break;
            case 'lose':
              expect(s.returnMinor).toBeLessThan(debit);
              if (debit === stakeMinor) expect(s.returnMinor).toBe(0n);
              break;
          }
        });
      }),
      { numRuns: 25 },
    );
  });

  it('debits at least the stake and refuses unknown areas', () => {
    for (const a of game.areas) expect(game.debitMinor(a.code, 100n)).toBeGreaterThanOrEqual(100n);
    expect(game.isArea('nope')).toBe(false);
    expect(game.areas.every((a) => game.isArea(a.code))).toBe(true);
    const round = game.deal('ab'.repeat(32), 'r1');
    expect(() => game.settle(round, [{ area: 'nope', stakeMinor: 100n }])).toThrow(/unknown bet area/);
    expect(() => game.settle(round, [{ area: game.areas[0]!.code, stakeMinor: -100n }])).toThrow(RangeError);
  });

  it('deals differently from one round to the next', () => {
    const secret = 'cd'.repeat(32);
    const results = new Set(
      Array.from({ length: 30 }, (_, k) => game.spell(game.deal(secret, `r${k}`)).join()),
    );
    // Dice repeat one throw in 216 and the wheel one slot in 125; cards practically never.
    expect(results.size).toBeGreaterThanOrEqual(DECKS[code] === undefined ? 20 : 30);
  });
});

describe('the catalogue', () => {
  it('knows the six games by their spec codes and nothing else', () => {
    expect(Object.keys(TABLE_GAMES)).toEqual([...GAME_CODES]);
    for (const code of GAME_CODES) expect(tableGameByCode(code)?.code).toBe(code);
    expect(tableGameByCode('constructor')).toBeUndefined();
  });
});
