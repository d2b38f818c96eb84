import type { FastRoundData } from '@lottery/contract/fast-bet';
import { instantDraw, newServerSeed, serverSeedHash } from '@lottery/rules/instant-draw';
import { describe, expect, it } from 'vitest';
import { INSTANT_REASONS, verifyRound } from './verify-instant';

const seed = newServerSeed();
const round: FastRoundData = {
  orderId: '9',
  lotteryCode: '1401',
  issue: 'F1-4',
  numbers: instantDraw('1401', seed, 'abc', 4),
  serverSeedHash: serverSeedHash(seed),
  serverSeed: seed,
  clientSeed: 'abc',
  nonce: 4,
};

describe('instant round verification', () => {
  it('passes a round recomputed from its revealed seed', () => {
    expect(verifyRound(round)).toEqual({ ok: true, numbers: round.numbers });
  });
  it('waits for the reveal, and catches a swapped seed or edited numbers', () => {
    expect(verifyRound({ ...round, serverSeed: null })).toEqual({
      ok: false,
      reason: INSTANT_REASONS.notRevealed,
    });
    expect(verifyRound({ ...round, serverSeed: newServerSeed() })).toMatchObject({
      ok: false,
      reason: INSTANT_REASONS.hashDiffers,
    });
    const edited = [...round.numbers].reverse().map((n, i) => (i === 0 ? String((Number(n) % 6) + 1) : n));
    expect(verifyRound({ ...round, numbers: edited })).toMatchObject({
      ok: false,
      reason: INSTANT_REASONS.numbersDiffer,
    });
  });
});
