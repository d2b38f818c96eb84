import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawResult } from '../fair';
import { lotteryByCode } from '../lotteries';
import { cardOfIndex, DECK_SIZE, dealShoe, indexOfCard, parseCard, spellCard } from './cards';
import { RoundStream } from './stream';

const SECRET = '3eb591549f4b66e4374bd918bca21c242ba90280a96e17fd8d35290c748d394a';

/** The documented scheme again, on node:crypto: w-byte big-endian values, rejection, Fisher-Yates. */
function referenceShuffleTop(secretHex: string, label: string, size: number, count: number): number[] {
  const bytes: number[] = [];
  let block = 0;
  const byte = () => {
    if (bytes.length === 0) {
      bytes.push(
        ...createHmac('sha256', Buffer.from(secretHex, 'hex')).update(`${label}:${block++}`).digest(),
      );
    }
    return bytes.shift()!;
  };
  const uniform = (n: number) => {
    const width = n <= 256 ? 1 : n <= 65536 ? 2 : 3;
    const span = 256 ** width;
    for (;;) {
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + byte();
      if (v < span - (span % n)) return v % n;
    }
  };
  const order = Array.from({ length: size }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + uniform(size - i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order.slice(0, count);
}

describe('round stream', () => {
  it('reads one byte below 256 exactly as the lottery draws do (K3 dice agree)', () => {
    const stream = new RoundStream(SECRET, '1401', '202603100601');
    const dice = Array.from({ length: 3 }, () => String(stream.uniform(6) + 1));
    expect(dice).toEqual(drawResult(lotteryByCode('1401')!, '202603100601', SECRET));
  });

  it('shuffles an 8-deck shoe with two-byte rejection sampling, as an independent implementation', () => {
    const label = 'baccarat:20260310-0001';
    expect(new RoundStream(SECRET, 'baccarat', '20260310-0001').shuffleTop(416, 6)).toEqual(
      referenceShuffleTop(SECRET, label, 416, 6),
    );
    // A whole one-deck shuffle crosses HMAC blocks.
    expect(new RoundStream(SECRET, 'nn100', 'r-7').shuffleTop(52, 52)).toEqual(
      referenceShuffleTop(SECRET, 'nn100:r-7', 52, 52),
    );
  });

  it('gives a permutation: every shoe position once', () => {
    const top = new RoundStream(SECRET, 'nn100', 'perm').shuffleTop(52, 52);
    expect([...top].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });

  it('refuses a bad secret, a round id with a colon, and out-of-range requests', () => {
    expect(() => new RoundStream('AB'.repeat(32), 'sicbo', '1')).toThrow(/secret/);
    expect(() => new RoundStream(SECRET, 'sicbo', 'a:b')).toThrow(/round id/);
    expect(() => new RoundStream(SECRET, 'sicbo', '')).toThrow(/round id/);
    const stream = new RoundStream(SECRET, 'sicbo', '1');
    expect(() => stream.uniform(0)).toThrow(RangeError);
    expect(() => stream.uniform(2 ** 32 + 1)).toThrow(RangeError);
    expect(stream.uniform(1)).toBe(0);
    expect(() => stream.shuffleTop(52, 53)).toThrow(RangeError);
  });
});

describe('cards', () => {
  it('spells and parses every card of the deck, one index each', () => {
    const spelled = Array.from({ length: DECK_SIZE }, (_, i) => spellCard(cardOfIndex(i)));
    expect(new Set(spelled).size).toBe(52);
    expect(spelled.slice(0, 3)).toEqual(['AS', '2S', '3S']);
    expect(spelled[9]).toBe('10S');
    expect(spelled[51]).toBe('KD');
    for (let i = 0; i < DECK_SIZE; i++) expect(indexOfCard(parseCard(spelled[i]!))).toBe(i);
    expect(() => parseCard('1S')).toThrow();
    expect(() => parseCard('AX')).toThrow();
  });

  it('maps an 8-deck shoe onto eight copies of each card', () => {
    const cards = dealShoe(new RoundStream(SECRET, 'x', 'shoe'), 8, 416).map(spellCard);
    const counts = new Map<string, number>();
    for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(52);
    expect([...counts.values()].every((n) => n === 8)).toBe(true);
  });
});
