import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { instantDraw, newServerSeed, serverSeedHash, verifyInstantRound } from './instant-draw';

const SEED = '1f'.repeat(32);

describe('instant rounds', () => {
  it('draws K3 dice from HMAC(serverSeed, lotteryCode:clientSeed:nonce:block) by rejection sampling', () => {
    // Recomputed by hand: every byte of block 0 below 252 gives (b mod 6) + 1.
    const block = hmac(sha256, hexToBytes(SEED), utf8ToBytes('1401:lucky:7:0'));
    const dice = [...block]
      .filter((b) => b < 252)
      .slice(0, 3)
      .map((b) => String((b % 6) + 1));
    expect(instantDraw('1401', SEED, 'lucky', 7)).toEqual(dice);
  });

  it('gives other numbers for another nonce or client seed, the same for the same inputs', () => {
    const a = instantDraw('1701', SEED, 'lucky', 1);
    expect(instantDraw('1701', SEED, 'lucky', 1)).toEqual(a);
    expect(instantDraw('1701', SEED, 'lucky', 2)).not.toEqual(a);
    expect(instantDraw('1701', SEED, 'other', 1)).not.toEqual(a);
    expect(a).toHaveLength(20);
  });

  it('verifies a revealed round and refuses a wrong seed, hash or result', () => {
    const seed = newServerSeed();
    const hash = serverSeedHash(seed);
    expect(hash).toBe(bytesToHex(sha256(hexToBytes(seed))));
    const numbers = instantDraw('1201', seed, 'abc', 3);
    const input = {
      lotteryCode: '1201',
      serverSeedHex: seed,
      serverSeedHash: hash,
      clientSeed: 'abc',
      nonce: 3,
    };
    expect(verifyInstantRound({ ...input, claimedNumbers: numbers })).toEqual({ ok: true, numbers });
    expect(verifyInstantRound({ ...input, serverSeedHex: newServerSeed(), claimedNumbers: numbers }).ok).toBe(
      false,
    );
    expect(verifyInstantRound({ ...input, nonce: 4, claimedNumbers: numbers })).toMatchObject({
      ok: false,
      reason: 'numbersDiffer',
    });
    expect(verifyInstantRound({ ...input, clientSeed: 'a:b', claimedNumbers: numbers })).toMatchObject({
      reason: 'badSeed',
    });
  });
});
