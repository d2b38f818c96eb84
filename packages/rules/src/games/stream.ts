import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The byte stream of one table-game round (docs/games-engine.md §2), the lotteries' scheme
 * (fair.ts, docs/rules-fairness.md) with the game code in place of the lottery code and the round id
 * in place of the issue:
 *
 *     block_i = HMAC-SHA256(key = s_k (32 raw bytes), message = UTF-8("gameCode:roundId:i"))
 *
 * A uniform integer in [0, n) reads the fewest whole bytes that cover n (one byte up to 256, two up
 * to 65536, ...) as a big-endian value v and rejects v >= 256^w - (256^w mod n), else gives v mod n.
 * For n <= 256 this is byte for byte the lotteries' rule, so a K3 lottery draw and `uniform(6) + 1`
 * here agree for the same key and label (stream.test.ts proves it).
 */

const SECRET_HEX = /^[0-9a-f]{64}$/;
/** Round ids: 1-64 letters, digits, '-' or '_' (no ':' so a label has one reading). */
export const ROUND_ID = /^[\w-]{1,64}$/;
/** 64 blocks = 2048 bytes; an 8-deck shoe round takes under 20, a 25-card deal about 30. */
const MAX_BLOCKS = 64;
const MAX_RANGE = 2 ** 32;

export function isSecretHex(value: string): boolean {
  return SECRET_HEX.test(value);
}

export class RoundStream {
  private readonly key: Uint8Array;
  private readonly label: string;
  private block = 0;
  private buffer: Uint8Array = new Uint8Array(0);
  private pos = 0;

  constructor(secretHex: string, gameCode: string, roundId: string) {
    if (!SECRET_HEX.test(secretHex)) throw new Error('a secret is 64 lower-case hex characters');
    if (!ROUND_ID.test(roundId)) throw new Error(`bad round id ${JSON.stringify(roundId)}`);
    this.key = hexToBytes(secretHex);
    this.label = `${gameCode}:${roundId}`;
  }

  private nextByte(): number {
    if (this.pos === this.buffer.length) {
      if (this.block >= MAX_BLOCKS) throw new Error('round byte stream exhausted');
      this.buffer = hmac(sha256, this.key, utf8ToBytes(`${this.label}:${this.block}`));
      this.block++;
      this.pos = 0;
    }
    return this.buffer[this.pos++]!;
  }

  /** Uniform integer in [0, n), 1 <= n <= 2^32, without modulo bias. */
  uniform(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > MAX_RANGE) throw new RangeError(`uniform(${n})`);
    if (n === 1) return 0;
    let width = 1;
    while (256 ** width < n) width++;
    const span = 256 ** width;
    const limit = span - (span % n);
    for (;;) {
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + this.nextByte();
      if (v < limit) return v % n;
    }
  }

  /**
   * The first `count` positions of a Fisher-Yates shuffle of [0, size): for i = 0..count-1,
   * j = i + uniform(size - i), swap i and j. Position i is final once step i is done, so these are
   * exactly the top `count` cards of the fully shuffled shoe.
   */
  shuffleTop(size: number, count: number): number[] {
    if (!Number.isInteger(count) || count < 0 || count > size) throw new RangeError('shuffleTop count');
    const order = Array.from({ length: size }, (_, i) => i);
    for (let i = 0; i < count; i++) {
      const j = i + this.uniform(size - i);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    return order.slice(0, count);
  }
}
