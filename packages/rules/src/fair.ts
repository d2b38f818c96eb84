import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Family } from './family';
import { type LotteryDef, lotteryByCode } from './lotteries';

/**
 * Provably fair draws (DESIGN.md §6; the exact scheme, for re-implementers, is docs/rules-fairness.md).
 *
 * Chain: a random 32-byte secret s_N; s_(k-1) = sha256(s_k) over the raw 32 bytes; the head s_0 is
 * published before the first issue. Issue k (its sequence within the chain) is drawn from s_k, which is
 * published with the result: anyone checks sha256(s_k) = s_(k-1) and recomputes the numbers.
 *
 * Numbers: a byte stream block_0 || block_1 || ... with block_i = HMAC-SHA256(key = s_k,
 * message = UTF-8 of `${lotteryCode}:${issue}:${i}`); a uniform integer in [0, n) takes the next byte b,
 * rejects it when b >= 256 - (256 mod n), else gives b mod n. Uses @noble/hashes so that the browser
 * verifies with the very same code as the server.
 */

const SECRET_BYTES = 32;
const SECRET_HEX = /^[0-9a-f]{64}$/;
/** Far beyond any draw's need (KL8 takes ~25 bytes); bounds the byte stream. */
const MAX_BLOCKS = 64;

function secretBytes(secretHex: string): Uint8Array {
  if (!SECRET_HEX.test(secretHex)) throw new Error('a secret is 64 lower-case hex characters');
  return hexToBytes(secretHex);
}

/** A fresh random chain seed s_N (hex), from the platform's CSPRNG. */
export function newChainSeed(): string {
  return bytesToHex(randomBytes(SECRET_BYTES));
}

/** s_(k-1) from s_k. */
export function previousSecret(secretHex: string): string {
  return bytesToHex(sha256(secretBytes(secretHex)));
}

/**
 * The whole chain from its seed: result[k] = s_k for k = 0..length, result[length] = seed and
 * result[0] the head to publish. Issue k of the chain uses result[k].
 */
export function buildChain(seedHex: string, length: number): string[] {
  if (!Number.isInteger(length) || length < 1 || length > 100_000)
    throw new RangeError('chain length 1..100000');
  const chain = new Array<string>(length + 1);
  let bytes = secretBytes(seedHex);
  chain[length] = seedHex;
  for (let k = length - 1; k >= 0; k--) {
    bytes = sha256(bytes);
    chain[k] = bytesToHex(bytes);
  }
  return chain;
}

/** Whether `secretHex` is the successor of `previousSecretHex` in a chain (sha256(s_k) = s_(k-1)). */
export function isChainLink(secretHex: string, previousSecretHex: string): boolean {
  if (!SECRET_HEX.test(secretHex) || !SECRET_HEX.test(previousSecretHex)) return false;
  return previousSecret(secretHex) === previousSecretHex;
}

/** Uniform integers from the issue's HMAC byte stream, by rejection sampling. */
class IssueStream {
  private readonly key: Uint8Array;
  private readonly label: string;
  private block = 0;
  private buffer: Uint8Array = new Uint8Array(0);
  private pos = 0;

  constructor(secretHex: string, lotteryCode: string, issue: string) {
    this.key = secretBytes(secretHex);
    this.label = `${lotteryCode}:${issue}`;
  }

  private nextByte(): number {
    if (this.pos === this.buffer.length) {
      if (this.block >= MAX_BLOCKS) throw new Error('draw byte stream exhausted');
      this.buffer = hmac(sha256, this.key, utf8ToBytes(`${this.label}:${this.block}`));
      this.block++;
      this.pos = 0;
    }
    return this.buffer[this.pos++]!;
  }

  /** Uniform integer in [0, n), 1 <= n <= 256. */
  below(n: number): number {
    const limit = 256 - (256 % n);
    for (;;) {
      const b = this.nextByte();
      if (b < limit) return b % n;
    }
  }

  /** `count` distinct numbers of 1..pool in draw order (partial Fisher-Yates). */
  distinct(pool: number, count: number): number[] {
    const values = Array.from({ length: pool }, (_, i) => i + 1);
    for (let i = 0; i < count; i++) {
      const j = i + this.below(pool - i);
      [values[i], values[j]] = [values[j]!, values[i]!];
    }
    return values.slice(0, count);
  }
}

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * Last five digits of an index value given with two decimals ('3245.67' -> 2 4 5 6 7): how an
 * index-based stock code turns an official closing value into its result.
 */
export function stockDigitsFromIndex(indexValue: string): string[] {
  const match = /^(\d+)\.(\d{2})$/.exec(indexValue);
  if (!match) throw new Error(`index value ${indexValue} must have two decimals`);
  return (match[1]! + match[2]!).padStart(5, '0').slice(-5).split('');
}

/**
 * The house stock code's index value for an issue: 3000.00 plus a uniform number of hundredths
 * 0..99999 (five uniform digits), so its last five digits are the draw.
 */
export function houseStockIndex(lotteryCode: string, issue: string, secretHex: string): string {
  const stream = new IssueStream(secretHex, lotteryCode, issue);
  let hundredths = 300_000;
  for (let i = 0; i < 5; i++) hundredths += stream.below(10) * 10 ** (4 - i);
  return `${Math.floor(hundredths / 100)}.${two(hundredths % 100)}`;
}

/** The draw for a family from an issue's stream. Number spelling is what settlement expects. */
function drawFamily(family: Family, length: number, stream: IssueStream): string[] {
  const digits = (n: number): string[] => Array.from({ length: n }, () => String(stream.below(10)));
  switch (family) {
    case 'K3':
      return Array.from({ length: 3 }, () => String(stream.below(6) + 1));
    case 'SSC':
    case 'FC3D':
    case 'PL35':
    case 'BJ28':
      return digits(length);
    case 'SYX5':
      return stream.distinct(11, 5).map(two);
    case 'PK10':
      return stream.distinct(10, 10).map(two);
    case 'KL8':
      return stream
        .distinct(80, 20)
        .sort((a, b) => a - b)
        .map(two);
    case 'LHC':
      return stream.distinct(49, 7).map(two);
    case 'STOCK':
      throw new Error('stock draws go through houseStockIndex');
  }
}

/** The result of `issue` of `lottery` drawn from chain secret s_k (hex). */
export function drawResult(lottery: LotteryDef, issue: string, secretHex: string): string[] {
  if (lottery.family === 'STOCK')
    return stockDigitsFromIndex(houseStockIndex(lottery.code, issue, secretHex));
  return drawFamily(lottery.family, lottery.resultLength, new IssueStream(secretHex, lottery.code, issue));
}

export interface VerifyInput {
  lotteryCode: string;
  issue: string;
  /** s_k, revealed with the result. */
  secretHex: string;
  /** s_(k-1): the previous issue's secret, or the published head s_0 for the chain's first issue. */
  previousSecretHex: string;
  /** The numbers the operator published, in order. */
  claimedNumbers: readonly string[];
}

export type VerifyOutcome =
  | { ok: true; numbers: string[] }
  | {
      ok: false;
      reason: 'unknownLottery' | 'badSecret' | 'brokenChain' | 'numbersDiffer';
      numbers?: string[];
    };

/** Checks sha256(s_k) = s_(k-1), recomputes the draw and compares it with the claimed numbers. */
export function verifyDraw(input: VerifyInput): VerifyOutcome {
  const lottery = lotteryByCode(input.lotteryCode);
  if (!lottery) return { ok: false, reason: 'unknownLottery' };
  if (!SECRET_HEX.test(input.secretHex) || !SECRET_HEX.test(input.previousSecretHex)) {
    return { ok: false, reason: 'badSecret' };
  }
  if (!isChainLink(input.secretHex, input.previousSecretHex)) return { ok: false, reason: 'brokenChain' };
  const numbers = drawResult(lottery, input.issue, input.secretHex);
  const same =
    numbers.length === input.claimedNumbers.length && numbers.every((n, i) => n === input.claimedNumbers[i]);
  return same ? { ok: true, numbers } : { ok: false, reason: 'numbersDiffer', numbers };
}
