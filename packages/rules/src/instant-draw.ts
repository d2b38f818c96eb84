import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes } from '@noble/hashes/utils.js';
import { drawResult } from './fair';
import { lotteryByCode } from './lotteries';

/**
 * Provably fair instant rounds (快速开奖 / 连续开奖, DESIGN.md §10). Each player has a server seed
 * (32 random bytes) whose SHA-256 is shown before the seed is used; his client seed (settable); and
 * a nonce that counts his rounds on that server seed (0, 1, 2, ...).
 *
 * Round numbers: exactly the lottery draws' byte stream and rejection sampling (fair.ts
 * `drawResult`), keyed by the server seed, with the round's label `${clientSeed}:${nonce}` in place
 * of the issue. So block_i = HMAC-SHA256(key = serverSeed, message = UTF-8 of
 * `${lotteryCode}:${clientSeed}:${nonce}:${i}`), and a uniform integer in [0, n) takes the next
 * byte b, rejecting b >= 256 - (256 mod n). Example: lottery 1401 (极速快三), client seed
 * "lucky", nonce 0 → message of block 0 is "1401:lucky:0:0".
 *
 * Rotating the seed reveals it: anyone then checks sha256(serverSeed) = the hash shown before and
 * recomputes every round played on it.
 */

/** Client seeds: 1-64 letters, digits, '-' or '_' (no ':' so a label has one reading). */
export const CLIENT_SEED = /^[\w-]{1,64}$/;
const SEED_HEX = /^[0-9a-f]{64}$/;

/** A fresh server seed (hex) from the platform's CSPRNG. */
export function newServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** A default client seed: 16 random hex characters. */
export function newClientSeed(): string {
  return bytesToHex(randomBytes(8));
}

/** The commitment shown before a server seed is used: hex SHA-256 of its 32 bytes. */
export function serverSeedHash(serverSeedHex: string): string {
  if (!SEED_HEX.test(serverSeedHex)) throw new Error('a server seed is 64 lower-case hex characters');
  return bytesToHex(sha256(hexToBytes(serverSeedHex)));
}

/** The numbers of one instant round, spelled as settlement reads them (like an issue's draw). */
export function instantDraw(
  lotteryCode: string,
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
): string[] {
  const lottery = lotteryByCode(lotteryCode);
  if (!lottery) throw new Error(`unknown lottery ${lotteryCode}`);
  if (!CLIENT_SEED.test(clientSeed)) throw new Error('bad client seed');
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error('bad nonce');
  return drawResult(lottery, `${clientSeed}:${nonce}`, serverSeedHex);
}

export interface InstantVerifyInput {
  lotteryCode: string;
  /** The revealed server seed. */
  serverSeedHex: string;
  /** The hash shown before the round. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  claimedNumbers: readonly string[];
}

export type InstantVerifyOutcome =
  | { ok: true; numbers: string[] }
  | { ok: false; reason: 'unknownLottery' | 'badSeed' | 'hashDiffers' | 'numbersDiffer'; numbers?: string[] };

/** Checks the revealed seed against its commitment and recomputes the round. */
export function verifyInstantRound(input: InstantVerifyInput): InstantVerifyOutcome {
  if (!lotteryByCode(input.lotteryCode)) return { ok: false, reason: 'unknownLottery' };
  if (
    !SEED_HEX.test(input.serverSeedHex) ||
    !CLIENT_SEED.test(input.clientSeed) ||
    !Number.isSafeInteger(input.nonce) ||
    input.nonce < 0
  )
    return { ok: false, reason: 'badSeed' };
  if (serverSeedHash(input.serverSeedHex) !== input.serverSeedHash.toLowerCase())
    return { ok: false, reason: 'hashDiffers' };
  const numbers = instantDraw(input.lotteryCode, input.serverSeedHex, input.clientSeed, input.nonce);
  const same =
    numbers.length === input.claimedNumbers.length && numbers.every((n, i) => n === input.claimedNumbers[i]);
  return same ? { ok: true, numbers } : { ok: false, reason: 'numbersDiffer', numbers };
}
