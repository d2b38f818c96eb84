import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildChain,
  drawResult,
  houseStockIndex,
  isChainLink,
  newChainSeed,
  previousSecret,
  stockDigitsFromIndex,
  verifyDraw,
} from './fair';
import { FAMILIES } from './family';
import { type LotteryDef, lotteryByCode } from './lotteries';

const lottery = (code: string): LotteryDef => lotteryByCode(code)!;

/** The published vectors of docs/rules-fairness.md. */
const SEED = '5a1f0e3c9b7d2468ace013579bdf2468ace013579bdf02468ace13579bdf0246';
const CHAIN = [
  'db21e82ff78f80c6e56db3083042cd7dc734d2ba9ce047c0f0b69438c1b313cd',
  '46608a0ba9f1eac0b36f79f3dafd9b7edb2ec399362884d7e158579640c2b45e',
  '3eb591549f4b66e4374bd918bca21c242ba90280a96e17fd8d35290c748d394a',
  SEED,
];
const VECTORS: [code: string, issue: string, numbers: string][] = [
  ['1401', '202603100601', '2,6,2'],
  ['1005', '20260310122', '0,4,3,8,2'],
  ['1001', '1000289', '4,6,9,1,1'],
  ['1101', '202603100001', '09,02,04,03,06'],
  ['1201', '202603100001', '06,02,01,08,10,09,03,07,04,05'],
  ['1501', '2026069', '3,5,9'],
  ['1602', '2026069', '1,4,6,3,3'],
  ['1701', '202603100001', '04,06,10,21,26,31,37,39,45,54,56,60,61,67,69,70,72,75,78,79'],
  ['1301', '2026030', '22,48,38,13,42,26,16'],
  ['1801', '202603100001', '5,2,5'],
  ['1902', '20260310001', '5,1,1,6,2'],
];

/** An independent re-implementation of the documented scheme on node:crypto (dice and digits). */
function referenceUniform(
  secretHex: string,
  code: string,
  issue: string,
  n: number,
  count: number,
): number[] {
  const out: number[] = [];
  const limit = 256 - (256 % n);
  for (let block = 0; out.length < count; block++) {
    const bytes = createHmac('sha256', Buffer.from(secretHex, 'hex'))
      .update(`${code}:${issue}:${block}`)
      .digest();
    for (const b of bytes) if (out.length < count && b < limit) out.push(b % n);
  }
  return out;
}

/** Upper critical value of chi-square at p = 0.001 (Wilson-Hilferty). */
function chiSquareCritical(df: number): number {
  const z = 3.0902;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

function chiSquare(counts: number[], expected: number): number {
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

/** Secrets for many issues: one fixed chain, so the statistical tests are deterministic. */
const STAT_CHAIN = buildChain(`${'00'.repeat(31)}2a`, 4000);

function drawMany(code: string, issues: number): string[][] {
  const l = lottery(code);
  return Array.from({ length: issues }, (_, k) =>
    drawResult(l, `2026031${String(k).padStart(5, '0')}`, STAT_CHAIN[(k % 4000) + 1]!),
  );
}

describe('hash chain', () => {
  it('links every secret to the previous one by sha256 over the raw bytes', () => {
    expect(buildChain(SEED, 3)).toEqual(CHAIN);
    const byNode = createHash('sha256').update(Buffer.from(CHAIN[1]!, 'hex')).digest('hex');
    expect(byNode).toBe(CHAIN[0]);
    expect(previousSecret(CHAIN[2]!)).toBe(CHAIN[1]);
    expect(isChainLink(CHAIN[3]!, CHAIN[2]!)).toBe(true);
    expect(isChainLink(CHAIN[2]!, CHAIN[3]!)).toBe(false);
  });

  it('draws fresh random seeds', () => {
    const a = newChainSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newChainSeed()).not.toBe(a);
  });
});

describe('published vectors', () => {
  it.each(VECTORS)('lottery %s issue %s drawn from s_1', (code, issue, numbers) => {
    expect(drawResult(lottery(code), issue, CHAIN[1]!).join(',')).toBe(numbers);
    expect(
      verifyDraw({
        lotteryCode: code,
        issue,
        secretHex: CHAIN[1]!,
        previousSecretHex: CHAIN[0]!,
        claimedNumbers: numbers.split(','),
      }),
    ).toEqual({ ok: true, numbers: numbers.split(',') });
  });

  it('matches an independent node:crypto implementation of the scheme', () => {
    const dice = referenceUniform(CHAIN[1]!, '1401', '202603100601', 6, 3).map((d) => String(d + 1));
    expect(drawResult(lottery('1401'), '202603100601', CHAIN[1]!)).toEqual(dice);
    const digits = referenceUniform(CHAIN[2]!, '1005', '20260310122', 10, 5).map(String);
    expect(drawResult(lottery('1005'), '20260310122', CHAIN[2]!)).toEqual(digits);
  });

  it('derives the house stock digits from its index value', () => {
    expect(houseStockIndex('1902', '20260310001', CHAIN[1]!)).toBe('3511.62');
  });
});

describe('draw shapes', () => {
  it('is deterministic and depends on lottery, issue and secret', () => {
    const l = lottery('1002');
    const a = drawResult(l, '202603100001', CHAIN[1]!);
    expect(drawResult(l, '202603100001', CHAIN[1]!)).toEqual(a);
    const others = [
      drawResult(l, '202603100002', CHAIN[1]!),
      drawResult(l, '202603100001', CHAIN[2]!),
      drawResult(lottery('1005'), '202603100001', CHAIN[1]!),
    ];
    expect(others.some((o) => o.join() !== a.join())).toBe(true);
  });

  it('gives every family its shape', () => {
    const syx5 = drawMany('1101', 300);
    for (const d of syx5) {
      expect(new Set(d).size).toBe(5);
      for (const n of d) expect(Number(n)).toBeGreaterThanOrEqual(1);
      for (const n of d) expect(n).toMatch(/^(0[1-9]|1[01])$/);
    }
    for (const d of drawMany('1201', 300))
      expect([...d].sort()).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10']);
    for (const d of drawMany('1701', 300)) {
      expect(new Set(d).size).toBe(20);
      expect([...d].sort()).toEqual(d);
      for (const n of d) expect(Number(n)).toBeLessThanOrEqual(80);
    }
    for (const d of drawMany('1302', 300)) {
      expect(new Set(d).size).toBe(7);
      for (const n of d) expect(n).toMatch(/^(0[1-9]|[1-3]\d|4[0-9])$/);
    }
    for (const d of drawMany('1401', 300)) for (const n of d) expect(n).toMatch(/^[1-6]$/);
    for (const d of drawMany('1801', 300)) expect(d.join('')).toMatch(/^\d{3}$/);
    for (const d of drawMany('1902', 300)) expect(d.join('')).toMatch(/^\d{5}$/);
  });
});

describe('uniformity (chi-square, p = 0.001)', () => {
  it('K3 dice: every one of the 216 ordered triples equally likely', () => {
    const counts = new Array(216).fill(0);
    for (const d of drawMany('1401', 21_600))
      counts[(Number(d[0]) - 1) * 36 + (Number(d[1]) - 1) * 6 + Number(d[2]) - 1]++;
    expect(chiSquare(counts, 100)).toBeLessThan(chiSquareCritical(215));
  });

  it('SSC digits: every position uniform over 0-9', () => {
    const draws = drawMany('1002', 10_000);
    for (let pos = 0; pos < 5; pos++) {
      const counts = new Array(10).fill(0);
      for (const d of draws) counts[Number(d[pos])]++;
      expect(chiSquare(counts, 1000)).toBeLessThan(chiSquareCritical(9));
    }
  });

  it('SYX5: first and last drawn number uniform over 01-11', () => {
    const draws = drawMany('1101', 11_000);
    for (const pos of [0, 4]) {
      const counts = new Array(11).fill(0);
      for (const d of draws) counts[Number(d[pos]) - 1]++;
      expect(chiSquare(counts, 1000)).toBeLessThan(chiSquareCritical(10));
    }
  });

  it('PK10: champion uniform over 01-10', () => {
    const counts = new Array(10).fill(0);
    for (const d of drawMany('1201', 10_000)) counts[Number(d[0]) - 1]++;
    expect(chiSquare(counts, 1000)).toBeLessThan(chiSquareCritical(9));
  });

  it('KL8: each of 01-80 drawn equally often', () => {
    const counts = new Array(80).fill(0);
    for (const d of drawMany('1701', 4_000)) for (const n of d) counts[Number(n) - 1]++;
    expect(chiSquare(counts, 1000)).toBeLessThan(chiSquareCritical(79));
  });

  it('LHC: special number and first number uniform over 01-49', () => {
    const draws = drawMany('1302', 9_800);
    for (const pos of [0, 6]) {
      const counts = new Array(49).fill(0);
      for (const d of draws) counts[Number(d[pos]) - 1]++;
      expect(chiSquare(counts, 200)).toBeLessThan(chiSquareCritical(48));
    }
  });

  // The digit families: every position uniform over 0-9 (FC3D, PL3/5, BJ28, house stock index).
  it.each([
    ['FC3D', '1501'],
    ['PL35', '1602'],
    ['BJ28', '1801'],
    ['STOCK', '1902'],
  ])('%s (%s) digits: every position uniform over 0-9', (_family, code) => {
    const draws = drawMany(code, 10_000);
    for (let pos = 0; pos < lottery(code).resultLength; pos++) {
      const counts = new Array(10).fill(0);
      for (const d of draws) counts[Number(d[pos])]++;
      expect(chiSquare(counts, 1000)).toBeLessThan(chiSquareCritical(9));
    }
  });

  it('BJ28: the sum 0-27 follows the distribution of a sum of three uniform digits', () => {
    const ways = new Array(28).fill(0);
    for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) for (let c = 0; c < 10; c++) ways[a + b + c]++;
    const n = 40_000;
    const counts = new Array(28).fill(0);
    for (const d of drawMany('1801', n)) counts[d.reduce((sum, x) => sum + Number(x), 0)]++;
    const stat = counts.reduce(
      (sum, c, k) => sum + (c - (n * ways[k]) / 1000) ** 2 / ((n * ways[k]) / 1000),
      0,
    );
    expect(stat).toBeLessThan(chiSquareCritical(27));
  });

  it('covers every family', () => {
    const covered = ['K3', 'SSC', 'SYX5', 'PK10', 'KL8', 'LHC', 'FC3D', 'PL35', 'BJ28', 'STOCK'];
    expect([...covered].sort()).toEqual([...FAMILIES].sort());
  });

  it('catches a biased sampler (the test has teeth)', () => {
    // modulo without rejection over 0..255 for n = 49 favours 01-11 (6 chances vs 5)
    const counts = new Array(49).fill(0);
    for (let b = 0; b < 256; b++) counts[b % 49] += 200;
    const total = counts.reduce((a, c) => a + c, 0);
    expect(chiSquare(counts, total / 49)).toBeGreaterThan(chiSquareCritical(48));
  });
});

describe('verification', () => {
  const base = {
    lotteryCode: '1401',
    issue: '202603100601',
    secretHex: CHAIN[1]!,
    previousSecretHex: CHAIN[0]!,
    claimedNumbers: ['2', '6', '2'],
  };

  it('fails for a tampered secret', () => {
    const tampered = `${CHAIN[1]!.slice(0, 63)}${CHAIN[1]!.endsWith('e') ? 'f' : 'e'}`;
    expect(verifyDraw({ ...base, secretHex: tampered })).toEqual({ ok: false, reason: 'brokenChain' });
  });

  it('fails for a wrong previous secret', () => {
    expect(verifyDraw({ ...base, previousSecretHex: CHAIN[2]! })).toEqual({
      ok: false,
      reason: 'brokenChain',
    });
  });

  it('fails for numbers that differ from the recomputed draw and says which are right', () => {
    expect(verifyDraw({ ...base, claimedNumbers: ['2', '6', '3'] })).toEqual({
      ok: false,
      reason: 'numbersDiffer',
      numbers: ['2', '6', '2'],
    });
  });

  it('fails for the right secrets used on another issue', () => {
    expect(verifyDraw({ ...base, issue: '202603100602' }).ok).toBe(false);
  });

  it('rejects malformed secrets and unknown lotteries', () => {
    expect(verifyDraw({ ...base, secretHex: 'xyz' })).toEqual({ ok: false, reason: 'badSecret' });
    expect(verifyDraw({ ...base, lotteryCode: '9999' })).toEqual({ ok: false, reason: 'unknownLottery' });
  });
});

describe('stock index digits', () => {
  it('takes the last five digits of the value with its two decimals', () => {
    expect(stockDigitsFromIndex('3245.67')).toEqual(['2', '4', '5', '6', '7']);
    expect(stockDigitsFromIndex('38654.12')).toEqual(['6', '5', '4', '1', '2']);
    expect(stockDigitsFromIndex('12.30')).toEqual(['0', '1', '2', '3', '0']);
    expect(() => stockDigitsFromIndex('3245.6')).toThrow();
  });
});
