import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addChance, chance, choose, combinations, equalChance, multiplyChance } from '../math';
import { exactTierRate } from '../odds';
import { type Chance, type PlayDef, RuleError } from '../play';
import { lineRtp, rtpHolds } from '../rtp';
import { KL8_NUMBERS, kl8HitChance, kl8OddEven, kl8UpDown, PLAYS } from './kl8';

const play = (code: string): PlayDef => {
  const found = PLAYS.find((p) => p.code === code);
  if (!found) throw new Error(`no play ${code}`);
  return found;
};
const pad = (n: number) => String(n).padStart(2, '0');
const nums = (...n: number[]) => n.map(pad).join(',');
/** 01-20 drawn. */
const LOW_DRAW = Array.from({ length: 20 }, (_, i) => pad(i + 1));

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface WeightedDraw {
  draw: string[];
  weight: bigint;
}

/**
 * Exact return per unit staked of `line` over classes of draws that cover all C(80,20) draws, each
 * class given as one concrete draw and the number of draws it stands for.
 */
function exactReturn(p: PlayDef, line: string, classes: readonly WeightedDraw[], group: number): Chance {
  const notes = BigInt(p.count(line));
  const base = p.credit ? 10000n : 20000n;
  let total = 0n;
  let sum: Chance = { num: 0n, den: 1n };
  for (const { draw, weight } of classes) {
    total += weight;
    const outcome = p.settle(line, draw);
    if (outcome.refund) sum = addChance(sum, chance(weight * notes * base, 1n));
    for (const h of outcome.hits) {
      const tier = p.tiers.find((t) => t.key === h.tier);
      if (!tier) throw new Error(`unknown tier ${h.tier}`);
      sum = addChance(
        sum,
        multiplyChance(exactTierRate(tier, group, p.credit), chance(weight * BigInt(h.notes), 1n)),
      );
    }
  }
  expect(total).toBe(choose(80, 20));
  // With the rounded odds actually paid: short of G/2000 by less than one minor unit per note.
  expect(rtpHolds(lineRtp(p, line, group, classes)), `${p.code} ${line} rounded`).toBe(true);
  return multiplyChance(sum, chance(1n, total * notes * base));
}

/** Draw classes for a note on `picked`: which of its numbers are drawn decides the outcome. */
function classesForPicked(picked: readonly number[]): WeightedDraw[] {
  const others = Array.from({ length: 80 }, (_, i) => i + 1).filter((n) => !picked.includes(n));
  const out: WeightedDraw[] = [];
  for (let size = 0; size <= picked.length; size++) {
    for (const inDraw of combinations(picked, size)) {
      const draw = [...inDraw, ...others.slice(0, 20 - size)].map(pad);
      out.push({ draw, weight: choose(80 - picked.length, 20 - size) });
    }
  }
  return out;
}

/** Draw classes by how many of the 20 fall in `half` (40 numbers). */
function classesByHalf(half: readonly number[]): WeightedDraw[] {
  const rest = Array.from({ length: 80 }, (_, i) => i + 1).filter((n) => !half.includes(n));
  const out: WeightedDraw[] = [];
  for (let j = 0; j <= 20; j++) {
    out.push({
      draw: [...half.slice(0, j), ...rest.slice(0, 20 - j)].map(pad),
      weight: choose(40, j) * choose(40, 20 - j),
    });
  }
  return out;
}

describe('KL8 catalogue', () => {
  it('has A10-A16 and B10-B12', () => {
    expect(PLAYS.map((p) => p.code)).toEqual([
      'A10',
      'A11',
      'A12',
      'A13',
      'A14',
      'A15',
      'A16',
      'B10',
      'B11',
      'B12',
    ]);
    expect(PLAYS.filter((p) => p.isDefault)).toHaveLength(1);
    expect(PLAYS.filter((p) => p.credit).map((p) => p.code)).toEqual(['B10', 'B11', 'B12']);
  });

  it('gives the official tiers with shares summing to 1', () => {
    expect(play('A14').tiers.map((t) => t.key)).toEqual(['hit5', 'hit4', 'hit3']);
    expect(play('A16').tiers.map((t) => t.key)).toEqual(['hit7', 'hit6', 'hit5', 'hit4', 'hit0']);
    for (const p of PLAYS.filter((x) => !x.credit && x.tiers.length > 1)) {
      const total = p.tiers.reduce<Chance>((s, t) => addChance(s, t.share ?? chance(1n, 1n)), {
        num: 0n,
        den: 1n,
      });
      expect(equalChance(total, chance(1n, 1n))).toBe(true);
    }
    // 选五中5: C(20,5)/C(80,5) = 15504/24040016.
    expect(equalChance(kl8HitChance(5, 5), chance(15504n, 24040016n))).toBe(true);
  });
});

describe('KL8 counting', () => {
  it('counts any-pick lines as C(n, k) with k..8 numbers', () => {
    expect(play('A10').count(nums(1, 2, 3))).toBe(3);
    expect(play('A14').count(nums(1, 2, 3, 4, 5, 6, 7, 8))).toBe(56);
    expect(play('A16').count(nums(1, 2, 3, 4, 5, 6, 7))).toBe(1);
    expect(() => play('A13').count(nums(1, 2, 3))).toThrow('至少选择4个号码');
    expect(() => play('A11').count(nums(1, 2, 3, 4, 5, 6, 7, 8, 9))).toThrow('最多选择8个号码');
    expect(() => play('A11').count('')).toThrow('请至少选择一注号码投注');
    expect(() => play('A11').count('01,81')).toThrow('号码格式错误');
    expect(() => play('A11').count('01,1')).toThrow('号码格式错误');
    expect(() => play('A11').count('05,05')).toThrow('号码重复');
  });

  it('counts option plays one unit per option', () => {
    expect(play('B10').count('上,中,下')).toBe(3);
    expect(play('B12').count('大单,小双')).toBe(2);
    expect(() => play('B11').count('上')).toThrow('选项不正确');
    expect(() => play('B12').count('大,大')).toThrow('选项重复');
  });
});

describe('KL8 settlement', () => {
  it('counts notes per hit level for a multi-number line', () => {
    // 选三 with 5 numbers, 3 of them drawn (01 02 03): 中3 = C(3,3) = 1, 中2 = C(3,2)·C(2,1) = 6.
    expect(play('A12').settle(nums(1, 2, 3, 41, 42), LOW_DRAW).hits).toEqual([
      { tier: 'hit3', notes: 1 },
      { tier: 'hit2', notes: 6 },
    ]);
    // 选七 with 8 numbers none drawn: 中0 = C(8,7) = 8.
    expect(play('A16').settle(nums(41, 42, 43, 44, 45, 46, 47, 48), LOW_DRAW).hits).toEqual([
      { tier: 'hit0', notes: 8 },
    ]);
    // 选七 with 7 numbers, 1 drawn: no tier (中1 does not win).
    expect(play('A16').settle(nums(1, 42, 43, 44, 45, 46, 47), LOW_DRAW).hits).toEqual([]);
    expect(play('A10').settle(nums(1, 2, 50), LOW_DRAW).hits).toEqual([{ tier: 'hit1', notes: 2 }]);
    expect(play('A11').settle(nums(1, 50), LOW_DRAW).hits).toEqual([]);
  });

  it('settles 上下盘, 奇偶盘 and the sum options', () => {
    // 01-20: all 上; 10 odd, 10 even → 和; sum 210 → 小, 双.
    expect(play('B10').settle('上,下', LOW_DRAW).hits).toEqual([{ tier: '上', notes: 1 }]);
    expect(play('B11').settle('奇,和,偶', LOW_DRAW).hits).toEqual([{ tier: '和', notes: 1 }]);
    expect(
      play('B12')
        .settle('大,小,单,双,大单,大双,小单,小双', LOW_DRAW)
        .hits.map((h) => h.tier),
    ).toEqual(['小', '双', '小双']);
    // 31-50: ten each side → 中; sum 810 → 小 (≤ 810), 双.
    const middle = Array.from({ length: 20 }, (_, i) => pad(31 + i));
    expect(play('B10').settle('中', middle).hits).toEqual([{ tier: '中', notes: 1 }]);
    expect(play('B12').settle('小双,大双', middle).hits).toEqual([{ tier: '小双', notes: 1 }]);
    // 32-51: sum 830 → 大 双.
    const high = Array.from({ length: 20 }, (_, i) => pad(32 + i));
    expect(play('B12').settle('大双,小双', high).hits).toEqual([{ tier: '大双', notes: 1 }]);
    expect(kl8UpDown(high.map(Number))).toBe('下');
    expect(kl8OddEven([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 2, 4, 6, 8, 10, 12, 14, 16, 18])).toBe('奇');
  });

  it('rejects a draw that is not 20 distinct numbers of 01-80', () => {
    expect(() => play('A10').settle('01', LOW_DRAW.slice(1))).toThrow(RuleError);
    expect(() => play('A10').settle('01', [...LOW_DRAW.slice(1), '02'])).toThrow(RuleError);
    expect(() => play('A10').settle('01', [...LOW_DRAW.slice(1), '81'])).toThrow(RuleError);
  });
});

describe('KL8 properties', () => {
  const drawArb = fc.shuffledSubarray([...KL8_NUMBERS], { minLength: 20, maxLength: 20 });

  it('quick picks are always one valid note', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAYS), fc.integer(), (p, seed) => {
        expect(p.count(p.quickPick(seeded(seed)))).toBe(1);
      }),
    );
  });

  it('malformed text is refused with a RuleError, and accepted text settles within its notes', () => {
    const text = fc
      .array(fc.constantFrom('0', '1', '8', ',', ';', ' ', '01', '80', '81', '00', '上', '大单', '和'), {
        maxLength: 14,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.constantFrom(...PLAYS), text, (p, line) => {
        let notes: number;
        try {
          notes = p.count(line);
        } catch (e) {
          expect(e).toBeInstanceOf(RuleError);
          return;
        }
        expect(Number.isInteger(notes) && notes > 0).toBe(true);
        const won = p.settle(line, LOW_DRAW).hits.reduce((sum, h) => sum + h.notes, 0);
        expect(won).toBeLessThanOrEqual(notes);
      }),
      { numRuns: 2000 },
    );
  });

  it('any-pick lines win exactly what a note-by-note check finds', () => {
    const picks = PLAYS.filter((p) => !p.credit);
    fc.assert(
      fc.property(
        fc.constantFrom(...picks),
        fc.shuffledSubarray([...KL8_NUMBERS], { minLength: 1, maxLength: 8 }),
        drawArb,
        (p, picked, draw) => {
          const k = Number(p.code[2]) + 1;
          if (picked.length < k) return;
          const line = picked.join(',');
          const expected = new Map<string, number>();
          for (const note of combinations(picked, k)) {
            const key = `hit${note.filter((n) => draw.includes(n)).length}`;
            if (p.tiers.some((t) => t.key === key)) expected.set(key, (expected.get(key) ?? 0) + 1);
          }
          const got = new Map(p.settle(line, draw).hits.map((h) => [h.tier, h.notes]));
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('option lines win at most one of 上中下 / 奇和偶 and never a tier they did not pick', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLAYS.filter((p) => p.credit)),
        fc.integer(),
        drawArb,
        (p, seed, draw) => {
          const line = p.quickPick(seeded(seed));
          const hits = p.settle(line, draw).hits;
          expect(hits.length).toBeLessThanOrEqual(1);
          for (const h of hits) expect(h.tier).toBe(line);
        },
      ),
    );
  });
});

describe('KL8 return to player', () => {
  for (const group of [1700, 1880]) {
    it(`any-pick notes return exactly G/2000 at G=${group} (every pattern of drawn numbers)`, () => {
      for (const p of PLAYS.filter((x) => !x.credit)) {
        const k = Number(p.code[2]) + 1;
        const picked = Array.from({ length: k }, (_, i) => 7 * i + 3);
        const r = exactReturn(p, nums(...picked), classesForPicked(picked), group);
        expect(equalChance(r, chance(BigInt(group), 2000n)), `${p.code}: ${r.num}/${r.den}`).toBe(true);
      }
    });

    it(`上下盘 and 奇偶盘 return exactly G/2000 at G=${group}`, () => {
      const low = Array.from({ length: 40 }, (_, i) => i + 1);
      const odd = Array.from({ length: 40 }, (_, i) => 2 * i + 1);
      for (const [code, half] of [
        ['B10', low],
        ['B11', odd],
      ] as const) {
        for (const option of (play(code).input as { options: { code: string }[] }).options) {
          const r = exactReturn(play(code), option.code, classesByHalf(half), group);
          expect(equalChance(r, chance(BigInt(group), 2000n)), `${code} ${option.code}`).toBe(true);
        }
      }
    });
  }

  it('sum options: exact parity and symmetry checks, and a sampled distribution that agrees', () => {
    const tiers = new Map(play('B12').tiers.map((t) => [t.key, t.chance]));
    const get = (k: string) => tiers.get(k) as Chance;
    // The sum is odd exactly when an odd number of odd numbers is drawn.
    let oddWays = 0n;
    for (let j = 1; j <= 20; j += 2) oddWays += choose(40, j) * choose(40, 20 - j);
    expect(equalChance(get('单'), chance(oddWays, choose(80, 20)))).toBe(true);
    // x → 81 − x maps sum s to 1620 − s keeping parity, so odd sums split evenly around 810.
    expect(equalChance(get('大单'), get('小单'))).toBe(true);
    expect(equalChance(addChance(get('大单'), get('小单')), get('单'))).toBe(true);
    expect(equalChance(addChance(get('大'), get('小')), chance(1n, 1n))).toBe(true);
    expect(equalChance(addChance(get('大双'), get('大单')), get('大'))).toBe(true);

    // Sample 40,000 draws with a fixed seed: every option within 4.5 standard errors.
    const random = seeded(20261122);
    const wins = new Map<string, number>();
    const n = 40000;
    const all = Array.from({ length: 80 }, (_, i) => i + 1);
    const options = [...tiers.keys()];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < 20; j++) {
        const r = j + Math.floor(random() * (80 - j));
        [all[j], all[r]] = [all[r] as number, all[j] as number];
      }
      const draw = all.slice(0, 20).map(pad);
      for (const h of play('B12').settle(options.join(','), draw).hits)
        wins.set(h.tier, (wins.get(h.tier) ?? 0) + 1);
    }
    for (const [key, c] of tiers) {
      const p = Number(c.num) / Number(c.den);
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs((wins.get(key) ?? 0) / n - p), key).toBeLessThan(4.5 * se);
    }
  });

  it('sum options return exactly G/2000 at two groups, over every possible sum', () => {
    // Independent count of 20-subsets of 1-80 by sum (numbers taken from 80 down), then one concrete
    // draw per sum settled against every option.
    let bySize: Map<number, bigint>[] = [new Map([[0, 1n]])];
    for (let x = 80; x >= 1; x--) {
      const next = bySize.map((m) => new Map(m));
      for (let j = 0; j < Math.min(bySize.length, 20); j++) {
        const target = next[j + 1] ?? new Map<number, bigint>();
        next[j + 1] = target;
        for (const [sum, ways] of bySize[j] as Map<number, bigint>)
          target.set(sum + x, (target.get(sum + x) ?? 0n) + ways);
      }
      bySize = next;
    }
    const classes: WeightedDraw[] = [];
    for (const [sum, weight] of bySize[20] as Map<number, bigint>) {
      const draw = Array.from({ length: 20 }, (_, i) => i + 1);
      let extra = sum - 210;
      for (let i = 19; i >= 0 && extra > 0; i--) {
        const raise = Math.min(extra, 60);
        draw[i] = (draw[i] as number) + raise;
        extra -= raise;
      }
      expect(draw.reduce((a, b) => a + b, 0)).toBe(sum);
      classes.push({ draw: draw.map(pad), weight });
    }
    for (const group of [1700, 1880]) {
      for (const t of play('B12').tiers) {
        const r = exactReturn(play('B12'), t.key, classes, group);
        expect(equalChance(r, chance(BigInt(group), 2000n)), t.key).toBe(true);
      }
    }
  });
});
