import { describe, expect, it } from 'vitest';
import { buildChain } from '../fair';
import { TABLE_GAMES } from './catalogue';
import { GAME_CODES } from './game';
import { verifyRound } from './verify';

/** The chain of docs/rules-fairness.md: s_0 (head), s_1; docs/games-engine.md lists these results. */
const SEED = '5a1f0e3c9b7d2468ace013579bdf2468ace013579bdf02468ace13579bdf0246';
const [S0, S1] = buildChain(SEED, 3) as [string, string];
const ROUND = '20260310-0001';
const VECTORS: Record<string, string> = {
  nn100: '10C KC 7H 5D 4S 9S 7D AC 6H 10S 2H JH 9H AS AD QH 6C 2D 6D 3C JC 6S JD 8H 5S',
  dragonTigerWar: 'JC 2S',
  redBlackWar: '9C AH AD 4D 6C 10S',
  baccarat: '3C 8C AS KC',
  benz: 'vwBig 25',
  sicbo: '4 6 3',
};

describe('verifying a revealed round', () => {
  it.each(GAME_CODES)('%s round 20260310-0001 from s_1 matches the published vector', (code) => {
    const claimedResult = VECTORS[code]!.split(' ');
    expect(TABLE_GAMES[code].spell(TABLE_GAMES[code].deal(S1, ROUND))).toEqual(claimedResult);
    expect(
      verifyRound({ gameCode: code, roundId: ROUND, secretHex: S1, previousSecretHex: S0, claimedResult }),
    ).toEqual({ ok: true, result: claimedResult });
  });

  it('names what is wrong: game, secret, round id, chain or result', () => {
    const base = { gameCode: 'sicbo', roundId: ROUND, secretHex: S1, claimedResult: ['4', '6', '3'] };
    expect(verifyRound(base).ok).toBe(true);
    expect(verifyRound({ ...base, gameCode: 'roulette' })).toEqual({ ok: false, reason: 'unknownGame' });
    expect(verifyRound({ ...base, gameCode: 'toString' })).toEqual({ ok: false, reason: 'unknownGame' });
    expect(verifyRound({ ...base, secretHex: S1.toUpperCase() })).toMatchObject({ reason: 'badSecret' });
    expect(verifyRound({ ...base, roundId: 'a:b' })).toMatchObject({ reason: 'badRoundId' });
    expect(verifyRound({ ...base, previousSecretHex: S1 })).toMatchObject({ reason: 'brokenChain' });
    expect(verifyRound({ ...base, claimedResult: ['4', '6', '4'] })).toEqual({
      ok: false,
      reason: 'resultDiffers',
      result: ['4', '6', '3'],
    });
    expect(verifyRound({ ...base, roundId: '20260310-0002' })).toMatchObject({ ok: false });
  });
});
