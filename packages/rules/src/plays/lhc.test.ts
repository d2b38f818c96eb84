import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yearZodiac, ZODIACS, zodiacTable } from '../lhc-zodiac';
import { addChance, chance, choose, combinations, equalChance, multiplyChance, permutations } from '../math';
import { lineMaxWinMinor } from '../max-win';
import { exactTierRate, floorToCents, linePayoutMinor, playRates } from '../odds';
import { type Chance, type PlayDef, RuleError } from '../play';
import { lineRtp, rtpHolds } from '../rtp';
import { LHC_NUMBERS, lhcOptionTier, PLAYS } from './lhc';

const play = (code: string): PlayDef => {
  const found = PLAYS.find((p) => p.code === code);
  if (!found) throw new Error(`no play ${code}`);
  return found;
};
const pad = (n: number) => String(n).padStart(2, '0');
const nums = (...n: number[]) => n.map(pad).join(',');
/** Six regular numbers, the special, and the zodiac year. */
const drawOf = (regular: number[], special: number, year = 2026) => [
  ...regular.map(pad),
  pad(special),
  String(year),
];
const hits = (code: string, line: string, draw: string[]) => play(code).settle(line, draw).hits;

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

/** Exact return per unit staked of `line` over draw classes that together hold `total` draws. */
function exactReturn(
  p: PlayDef,
  line: string,
  classes: readonly WeightedDraw[],
  group: number,
  total: bigint,
): Chance {
  const units = BigInt(p.count(line));
  let sum: Chance = { num: 0n, den: 1n };
  let seen = 0n;
  for (const { draw, weight } of classes) {
    seen += weight;
    const outcome = p.settle(line, draw);
    if (outcome.refund) sum = addChance(sum, chance(weight * units * 10000n, 1n));
    for (const h of outcome.hits) {
      const tier = p.tiers.find((t) => t.key === h.tier);
      if (!tier) throw new Error(`unknown tier ${h.tier}`);
      sum = addChance(
        sum,
        multiplyChance(exactTierRate(tier, group, true), chance(weight * BigInt(h.notes), 1n)),
      );
    }
  }
  expect(seen).toBe(total);
  // With the rounded odds actually paid: short of G/2000 by less than one minor unit per unit.
  expect(rtpHolds(lineRtp(p, line, group, classes)), `${p.code} ${line} rounded`).toBe(true);
  return multiplyChance(sum, chance(1n, total * units * 10000n));
}

const expectFair = (r: Chance, group: number, label: string) =>
  expect(equalChance(r, chance(BigInt(group), 2000n)), `${label}: ${r.num}/${r.den}`).toBe(true);

/** One class per special number (regular numbers fixed away from it): for plays reading only the special. */
function classesBySpecial(year: number): WeightedDraw[] {
  return Array.from({ length: 49 }, (_, i) => {
    const special = i + 1;
    const regular = Array.from({ length: 49 }, (_, j) => j + 1)
      .filter((n) => n !== special)
      .slice(0, 6);
    return { draw: drawOf(regular, special, year), weight: 1n };
  });
}

/**
 * Classes for a unit on `picked` numbers over unordered (six regular, special) draws, C(49,6)·43 in
 * all: each picked number is regular, special or not drawn.
 */
function classesByNumbers(picked: readonly number[]): WeightedDraw[] {
  const others = Array.from({ length: 49 }, (_, i) => i + 1).filter((n) => !picked.includes(n));
  const k = picked.length;
  const out: WeightedDraw[] = [];
  for (let r = 0; r <= Math.min(6, k); r++) {
    for (const regular of combinations(picked, r)) {
      const filler = others.slice(0, 6 - r);
      const rest = picked.filter((n) => !regular.includes(n));
      for (const s of rest)
        out.push({ draw: drawOf([...regular, ...filler], s), weight: choose(49 - k, 6 - r) });
      out.push({
        draw: drawOf([...regular, ...filler], others[6 - r] as number),
        weight: choose(49 - k, 6 - r) * BigInt(49 - k - (6 - r)),
      });
    }
  }
  return out;
}

/** Classes of 7-number draws by how many numbers fall in each group (zodiacs or tails): C(49,7) in all. */
function classesByGroups(groups: readonly (readonly number[])[], year: number): WeightedDraw[] {
  const out: WeightedDraw[] = [];
  const counts = new Array<number>(groups.length).fill(0);
  const walk = (g: number, left: number) => {
    if (g === groups.length) {
      if (left !== 0) return;
      const numbers = groups.flatMap((grp, i) => grp.slice(0, counts[i]));
      const weight = groups.reduce((w, grp, i) => w * choose(grp.length, counts[i] as number), 1n);
      out.push({ draw: drawOf(numbers.slice(0, 6), numbers[6] as number, year), weight });
      return;
    }
    for (let c = 0; c <= Math.min(left, (groups[g] as readonly number[]).length); c++) {
      counts[g] = c;
      walk(g + 1, left - c);
    }
    counts[g] = 0;
  };
  walk(0, 7);
  return out;
}

const TAIL_GROUPS = Array.from({ length: 10 }, (_, t) =>
  Array.from({ length: 49 }, (_, i) => i + 1).filter((n) => n % 10 === t),
);

describe('LHC catalogue', () => {
  it('covers the seven groups, credit-style, with 特码 as default', () => {
    expect(new Set(PLAYS.map((p) => p.group))).toEqual(
      new Set(['特码', '正码', '连码', '半波', '生肖', '尾数', '不中']),
    );
    expect(PLAYS.every((p) => p.credit && p.family === 'LHC')).toBe(true);
    expect(PLAYS.filter((p) => p.isDefault).map((p) => p.code)).toEqual(['A01']);
    const codes = PLAYS.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('LHC option tiers (odds on buttons)', () => {
  it('names the tier a single option pays on', () => {
    expect(lhcOptionTier('E01', '马', 2026)).toBe('year');
    expect(lhcOptionTier('E01', '鼠', 2026)).toBe('other');
    expect(lhcOptionTier('E02', '龙', 2024)).toBe('year');
    expect(lhcOptionTier('E03', '鼠', 2026, 4)).toBe('k4');
    expect(lhcOptionTier('E03', '鼠', 2026, 1)).toBeUndefined();
    expect(lhcOptionTier('A02', '合单', 2026)).toBe('合单');
    expect(lhcOptionTier('D01', '绿合双', 2026)).toBe('绿合双');
    expect(lhcOptionTier('A01', '08', 2026)).toBe('main');
    expect(lhcOptionTier('C01', '08', 2026)).toBeUndefined();
    expect(lhcOptionTier('E05', '鼠', 2026)).toBeUndefined();
    expect(lhcOptionTier('Z99', '鼠', 2026)).toBeUndefined();
  });
});

describe('LHC maximum win', () => {
  const G = 1900;
  const yuan = 10000n;
  const rate = (code: string, tier: string) => playRates(play(code), G).get(tier) as bigint;
  /** max-win.ts over a line with `yuan` on each unit, floored to cents as the footer shows it. */
  const maxOf = (p: PlayDef, line: string, year: number) =>
    floorToCents(lineMaxWinMinor(p, line, G, yuan, yuan * BigInt(p.count(line)), 1n, year));
  const max = (code: string, line: string, year = 2026) => maxOf(play(code), line, year);

  it('caps winning units at one special, six regular, seven drawn and 42 undrawn numbers', () => {
    expect(max('A01', nums(1, 2, 3))).toBe(floorToCents(rate('A01', 'main')));
    expect(max('B01', nums(1, 2, 3, 4, 5, 6, 7, 8))).toBe(floorToCents(6n * rate('B01', 'main')));
    expect(max('C01', nums(1, 2, 3, 4, 5, 6, 7, 8))).toBe(floorToCents(20n * rate('C01', 'main'))); // C(6,3)
    const fortyFour = Array.from({ length: 44 }, (_, i) => i + 1);
    expect(max('G05', nums(...fortyFour))).toBe(floorToCents(choose(42, 5) * rate('G05', 'main')));
    // All twelve zodiacs: seven can appear; leaving out the year's zodiac pays the higher 'other' odds.
    expect(max('E02', ZODIACS.join(','))).toBe(floorToCents(7n * rate('E02', 'other')));
    // 正码特 with the same single number on two positions: only one position can hold it.
    expect(max('B02', '08|08||||')).toBe(floorToCents(rate('B02', 'main')));
    expect(max('B02', '08|08,09||||')).toBe(floorToCents(2n * rate('B02', 'main')));
    // Two-face: the best special wins three of 大 单 合大 … at once.
    const twoFace = max('A02', '大,单,合大,尾大');
    expect(twoFace).toBe(
      floorToCents(rate('A02', '大') + rate('A02', '单') + rate('A02', '合大') + rate('A02', '尾大')),
    );
  });

  it('is never beaten by an actual draw', () => {
    const drawArb = fc
      .tuple(
        fc.shuffledSubarray([...LHC_NUMBERS], { minLength: 7, maxLength: 7 }),
        fc.constantFrom(2024, 2026),
      )
      .map(([numbers, year]) => [...numbers, String(year)]);
    const lineArb = fc
      .tuple(fc.constantFrom(...PLAYS), fc.integer(), fc.integer({ min: 0, max: 3 }))
      .map(([p, seed, extra]) => {
        // A quick pick widened by a few more numbers/options of the same kind, when the play allows it.
        const random = seeded(seed);
        let line = p.quickPick(random);
        for (let i = 0; i < extra; i++) {
          const more = p.quickPick(random);
          const merged = [...new Set([...line.split(','), ...more.split(',')])].sort().join(',');
          try {
            if (!line.includes('|') && p.count(merged) > 0) line = merged;
          } catch {
            // not a valid widening for this play (e.g. 合肖 beyond 10 zodiacs)
          }
        }
        return [p, line] as const;
      });
    fc.assert(
      fc.property(lineArb, drawArb, ([p, line], draw) => {
        const year = Number(draw[7]);
        const outcome = p.settle(line, draw);
        if (outcome.refund) return;
        const won = linePayoutMinor(p, outcome, G, yuan, yuan * BigInt(p.count(line)));
        expect(floorToCents(won)).toBeLessThanOrEqual(maxOf(p, line, year));
      }),
      { numRuns: 1500 },
    );
  });
});

describe('LHC counting and validation', () => {
  it('counts numbers, combinations and options', () => {
    expect(play('A01').count(nums(1, 2, 49))).toBe(3);
    expect(play('B02').count('01,02||03|||49')).toBe(4);
    expect(play('C01').count(nums(1, 2, 3, 4, 5))).toBe(10); // C(5,3)
    expect(play('C03').count(nums(1, 2, 3, 4))).toBe(6);
    expect(play('G05').count(nums(1, 2, 3, 4, 5, 6, 7))).toBe(21);
    expect(play('E06').count('鼠,牛,虎,兔')).toBe(4);
    expect(play('F03').count('0尾,1尾,2尾')).toBe(3);
    expect(play('E03').count('鼠,牛,虎')).toBe(1);
    expect(play('A02').count('大,单,家禽')).toBe(3);
    expect(play('D01').count('红大,绿合双')).toBe(2);
  });

  it('enforces the spec minimums with precise messages', () => {
    expect(() => play('E03').count('鼠')).toThrow('合肖中需选择2-10个生肖');
    expect(() => play('E04').count(ZODIACS.slice(0, 11).join(','))).toThrow('合肖不中需选择2-10个生肖');
    expect(() => play('E05').count('鼠')).toThrow('二肖连至少选择2个生肖');
    expect(() => play('E07').count('鼠,牛,虎')).toThrow('四肖连至少选择4个生肖');
    expect(() => play('C02').count(nums(1, 2))).toThrow('三中二至少选择3个号码');
    expect(() => play('C05').count(nums(1))).toThrow('特串至少选择2个号码');
    expect(() => play('G10').count(nums(1, 2, 3, 4, 5, 6, 7, 8, 9))).toThrow('十不中至少选择10个号码');
    expect(() => play('F05').count('1尾,2尾,3尾')).toThrow('四尾连至少选择4个尾数');
    expect(() => play('A01').count('')).toThrow('请至少选择一注号码投注');
    expect(() => play('A01').count('50')).toThrow('号码格式错误');
    expect(() => play('A01').count('08,08')).toThrow('号码重复');
    expect(() => play('A02').count('红波')).toThrow('选项不正确');
    expect(() => play('B02').count('01|02')).toThrow('应有6个位置');
  });
});

describe('LHC settlement', () => {
  // 2026 (马 year): 01 13 25 37 49 are 马, 02 14 26 38 蛇, 12 24 36 48 羊, 11 23 35 47 猴.
  const draw = drawOf([1, 2, 12, 23, 30, 40], 14);

  it('settles special, regular and positional numbers', () => {
    expect(hits('A01', nums(14, 1), draw)).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('B01', nums(1, 2, 14, 49), draw)).toEqual([{ tier: 'main', notes: 2 }]);
    expect(hits('B02', '01,02|01||||40', draw)).toEqual([{ tier: 'main', notes: 2 }]);
  });

  it('settles two-face options, waves and half waves, refunding on 49', () => {
    // 14: small, even, digit sum 5 (合小, 合单), tail 4 (尾小), 蛇 (野兽), blue.
    expect(
      hits('A02', '大,小,单,双,合大,合小,合单,合双,尾大,尾小,家禽,野兽', draw).map((h) => h.tier),
    ).toEqual(['小', '双', '合小', '合单', '尾小', '野兽']);
    expect(hits('A03', '红波,蓝波', draw)).toEqual([{ tier: '蓝波', notes: 1 }]);
    expect(hits('D01', '蓝小,蓝双,蓝合单,蓝大,红小', draw).map((h) => h.tier)).toEqual([
      '蓝小',
      '蓝双',
      '蓝合单',
    ]);
    const on49 = drawOf([1, 2, 3, 4, 5, 6], 49);
    expect(play('A02').settle('大,家禽', on49)).toEqual({ hits: [], refund: true });
    expect(play('D01').settle('绿单', on49)).toEqual({ hits: [], refund: true });
    expect(play('E03').settle('马,牛', on49)).toEqual({ hits: [], refund: true });
    expect(play('A03').settle('绿波', on49)).toEqual({ hits: [{ tier: '绿波', notes: 1 }], refund: false });
    expect(play('A01').settle('49', on49).refund).toBe(false);
  });

  it('settles 连码 per combination, with the 中三/中二 and 中二/中特 tiers', () => {
    // Chosen 01 02 12 14 20: regular 01 02 12 (r = 3), 14 is the special, 20 not drawn.
    const line = nums(1, 2, 12, 14, 20);
    expect(hits('C01', line, draw)).toEqual([{ tier: 'main', notes: 1 }]);
    // 中二: C(3,2)·(5−3) = 6.
    expect(hits('C02', line, draw)).toEqual([
      { tier: 'hit3', notes: 1 },
      { tier: 'hit2', notes: 6 },
    ]);
    expect(hits('C03', line, draw)).toEqual([{ tier: 'main', notes: 3 }]);
    expect(hits('C04', line, draw)).toEqual([
      { tier: 'hit2', notes: 3 },
      { tier: 'special', notes: 3 },
    ]);
    expect(hits('C05', line, draw)).toEqual([{ tier: 'main', notes: 3 }]);
    expect(hits('C05', nums(1, 2, 3), draw)).toEqual([]);
  });

  it('settles zodiac plays by the draw year, with the year zodiac in its own tier', () => {
    // Special 14 is 蛇 in 2026; zodiacs present: 马(01) 蛇(02 14) 羊(12) 猴(23) 牛(30) 兔(40).
    expect(hits('E01', '蛇,马', draw)).toEqual([{ tier: 'other', notes: 1 }]);
    expect(hits('E01', '蛇', drawOf([1, 2, 12, 23, 30, 40], 14, 2025))).toEqual([]); // 14 is 龙 in 2025 (蛇 year)
    expect(hits('E01', '马', drawOf([2, 3, 4, 5, 6, 7], 25))).toEqual([{ tier: 'year', notes: 1 }]);
    expect(hits('E02', '马,蛇,羊,猴,牛,虎,鼠', draw)).toEqual([
      { tier: 'year', notes: 1 },
      { tier: 'other', notes: 4 },
    ]);
    // 二肖连 with 马 蛇 羊 鼠: winning pairs among 马 蛇 羊 → with 马: 2, without: 1.
    expect(hits('E05', '马,蛇,羊,鼠', draw)).toEqual([
      { tier: 'year', notes: 2 },
      { tier: 'other', notes: 1 },
    ]);
    expect(hits('E07', '马,蛇,羊,鼠', draw)).toEqual([]);
    expect(hits('E03', '蛇,鼠', draw)).toEqual([{ tier: 'k2', notes: 1 }]);
    expect(hits('E03', '马,鼠,牛', draw)).toEqual([]);
    expect(hits('E04', '马,鼠,牛', draw)).toEqual([{ tier: 'k3', notes: 1 }]);
    expect(hits('E04', '蛇,鼠', draw)).toEqual([]);
  });

  it('settles tails and 不中', () => {
    // Tails present: 1 2 2 3 0 0 4 → {0,1,2,3,4}; special tail 4.
    expect(hits('F01', '4尾,0尾', draw)).toEqual([{ tier: '4尾', notes: 1 }]);
    expect(hits('F02', '0尾,5尾,2尾', draw)).toEqual([
      { tier: '0尾', notes: 1 },
      { tier: '2尾', notes: 1 },
    ]);
    // 三尾连 with 0 1 2 5: winning triple only {0,1,2} (holds 0尾).
    expect(hits('F04', '0尾,1尾,2尾,5尾', draw)).toEqual([{ tier: 'zero', notes: 1 }]);
    expect(hits('F03', '1尾,2尾,3尾', draw)).toEqual([{ tier: 'other', notes: 3 }]);
    // 五不中 with 01 + six undrawn numbers: units avoiding 01 = C(6,5) = 6.
    expect(hits('G05', nums(1, 41, 42, 43, 44, 45, 46), draw)).toEqual([{ tier: 'main', notes: 6 }]);
    expect(hits('G05', nums(1, 2, 41, 42, 43), draw)).toEqual([]);
  });

  it('needs the zodiac year only for zodiac plays and rejects malformed draws', () => {
    const noYear = drawOf([1, 2, 12, 23, 30, 40], 14).slice(0, 7);
    expect(hits('A01', '14', noYear)).toEqual([{ tier: 'main', notes: 1 }]);
    expect(hits('A02', '小', noYear)).toEqual([{ tier: '小', notes: 1 }]);
    expect(() => hits('A02', '家禽', noYear)).toThrow('开奖结果缺少生肖年份');
    expect(() => hits('E01', '蛇', noYear)).toThrow('开奖结果缺少生肖年份');
    expect(() => hits('A01', '14', ['01', '01', '02', '03', '04', '05', '06'])).toThrow(RuleError);
    expect(() => hits('A01', '14', ['01', '02', '03', '04', '05', '06'])).toThrow(RuleError);
    expect(() => hits('A01', '14', [...noYear, '26'])).toThrow(RuleError);
  });
});

describe('LHC properties', () => {
  const drawArb = fc
    .tuple(
      fc.shuffledSubarray([...LHC_NUMBERS], { minLength: 7, maxLength: 7 }),
      fc.integer({ min: 2017, max: 2050 }),
    )
    .map(([numbers, year]) => [...numbers, String(year)]);

  it('quick picks are always one valid unit', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAYS), fc.integer(), (p, seed) => {
        expect(p.count(p.quickPick(seeded(seed)))).toBe(1);
      }),
    );
  });

  it('never pays more units than a line has, nor a unit together with a refund', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAYS), fc.integer(), drawArb, (p, seed, draw) => {
        const line = p.quickPick(seeded(seed));
        const outcome = p.settle(line, draw);
        const won = outcome.hits.reduce((s, h) => s + h.notes, 0);
        expect(won).toBeLessThanOrEqual(p.count(line));
        if (outcome.refund) expect(won).toBe(0);
        for (const h of outcome.hits) expect(p.tiers.map((t) => t.key)).toContain(h.tier);
      }),
    );
  });

  it('malformed text is refused with a RuleError, and accepted text settles within its units', () => {
    const text = fc
      .array(
        fc.constantFrom(
          '0',
          '4',
          '9',
          ',',
          '|',
          ' ',
          '01',
          '49',
          '50',
          '大',
          '红单',
          '马',
          '鼠',
          '3尾',
          '尾',
        ),
        {
          maxLength: 14,
        },
      )
      .map((parts) => parts.join(''));
    const draw = drawOf([1, 2, 12, 23, 30, 40], 14);
    fc.assert(
      fc.property(fc.constantFrom(...PLAYS), text, (p, line) => {
        let units: number;
        try {
          units = p.count(line);
        } catch (e) {
          expect(e).toBeInstanceOf(RuleError);
          return;
        }
        expect(Number.isInteger(units) && units > 0).toBe(true);
        const won = p.settle(line, draw).hits.reduce((sum, h) => sum + h.notes, 0);
        expect(won).toBeLessThanOrEqual(units);
      }),
      { numRuns: 2000 },
    );
  });

  it('连码 and 不中 lines win exactly what a unit-by-unit check finds', () => {
    const codes = ['C01', 'C02', 'C03', 'C04', 'C05', 'G05', 'G07'];
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.shuffledSubarray([...LHC_NUMBERS], { minLength: 2, maxLength: 10 }),
        drawArb,
        (code, picked, draw) => {
          const p = play(code);
          const k = p.input.kind === 'multiPick' ? p.input.min : 0;
          if (picked.length < k) return;
          const regular = draw.slice(0, 6);
          const special = draw[6] as string;
          const expected = new Map<string, number>();
          const add = (tier: string) => expected.set(tier, (expected.get(tier) ?? 0) + 1);
          for (const unit of combinations(picked, k)) {
            const r = unit.filter((n) => regular.includes(n)).length;
            const s = unit.includes(special);
            if (code === 'C01' && r === 3) add('main');
            if (code === 'C02' && r === 3) add('hit3');
            if (code === 'C02' && r === 2) add('hit2');
            if (code === 'C03' && r === 2) add('main');
            if (code === 'C04' && r === 2) add('hit2');
            if (code === 'C04' && r === 1 && s) add('special');
            if (code === 'C05' && r === 1 && s) add('main');
            if (code[0] === 'G' && r === 0 && !s) add('main');
          }
          expect(new Map(p.settle(picked.join(','), draw).hits.map((h) => [h.tier, h.notes]))).toEqual(
            expected,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('LHC return to player', () => {
  const groups = [1700, 1880];
  const optionsOf = (p: PlayDef) => (p.input.kind === 'options' ? p.input.options.map((o) => o.code) : []);

  for (const group of groups) {
    it(`plays on the special number return exactly G/2000 at G=${group} (2026 and 2024)`, () => {
      for (const year of [2026, 2024]) {
        const classes = classesBySpecial(year);
        const own = yearZodiac(year);
        const other = ZODIACS.find((z) => z !== own) as string;
        const lines: [string, string][] = [
          ['A01', '08'],
          ...['A02', 'A03', 'D01', 'F01'].flatMap((code) =>
            optionsOf(play(code)).map((o): [string, string] => [code, o]),
          ),
          ['E01', own],
          ['E01', other],
        ];
        for (let k = 2; k <= 10; k++) {
          lines.push(['E03', ZODIACS.slice(0, k).join(',')], ['E04', ZODIACS.slice(12 - k).join(',')]);
        }
        for (const [code, line] of lines)
          expectFair(exactReturn(play(code), line, classes, group, 49n), group, `${code} ${line} ${year}`);
      }
    });

    it(`number plays return exactly G/2000 at G=${group}`, () => {
      const total = choose(49, 6) * 43n;
      const lines: [string, number[]][] = [
        ['B01', [8]],
        ['C01', [3, 17, 40]],
        ['C02', [3, 17, 40]],
        ['C03', [5, 49]],
        ['C04', [5, 49]],
        ['C05', [5, 49]],
        ...[5, 6, 7, 8, 9, 10].map((k): [string, number[]] => [
          `G${pad(k)}`,
          Array.from({ length: k }, (_, i) => 4 * i + 1),
        ]),
      ];
      for (const [code, picked] of lines) {
        expectFair(
          exactReturn(play(code), nums(...picked), classesByNumbers(picked), group, total),
          group,
          code,
        );
      }
      // 正码特 over ordered draws: the number sits at its position in P(48,6) of P(49,7) draws.
      const ordered = permutations(49, 7);
      const atPosition = permutations(48, 6);
      const b02 = [
        { draw: drawOf([1, 8, 2, 3, 4, 5], 6), weight: atPosition },
        { draw: drawOf([1, 2, 3, 4, 5, 6], 7), weight: ordered - atPosition },
      ];
      expectFair(exactReturn(play('B02'), '|08||||', b02, group, ordered), group, 'B02');
    });

    it(`zodiac and tail presence plays return exactly G/2000 at G=${group}`, () => {
      const year = 2026;
      const byZodiac = classesByGroups(
        zodiacTable(year).map((z) => z.numbers),
        year,
      );
      const byTail = classesByGroups(TAIL_GROUPS, year);
      const own = yearZodiac(year);
      const others = ZODIACS.filter((z) => z !== own);
      const zodiacLines: [string, string][] = [
        ['E02', own],
        ['E02', others[0] as string],
        ...[2, 3, 4].flatMap((k): [string, string][] => [
          [`E0${k + 3}`, [own, ...others.slice(0, k - 1)].join(',')],
          [`E0${k + 3}`, others.slice(0, k).join(',')],
        ]),
      ];
      for (const [code, line] of zodiacLines) {
        expectFair(exactReturn(play(code), line, byZodiac, group, choose(49, 7)), group, `${code} ${line}`);
      }
      const tailLines: [string, string][] = [
        ['F02', '0尾'],
        ['F02', '7尾'],
        ...[2, 3, 4].flatMap((k): [string, string][] => [
          [`F0${k + 1}`, Array.from({ length: k }, (_, t) => `${t}尾`).join(',')],
          [`F0${k + 1}`, Array.from({ length: k }, (_, t) => `${t + 1}尾`).join(',')],
        ]),
      ];
      for (const [code, line] of tailLines) {
        expectFair(exactReturn(play(code), line, byTail, group, choose(49, 7)), group, `${code} ${line}`);
      }
    });
  }

  it('every tier of every play is exercised by the proofs above', () => {
    // Guards against adding a play or tier without a proof: the tiers the proofs touch, by play.
    const proved = new Set([
      'A01',
      'A02',
      'A03',
      'B01',
      'B02',
      'C01',
      'C02',
      'C03',
      'C04',
      'C05',
      'D01',
      'E01',
      'E02',
      'E03',
      'E04',
      'E05',
      'E06',
      'E07',
      'F01',
      'F02',
      'F03',
      'F04',
      'F05',
      'G05',
      'G06',
      'G07',
      'G08',
      'G09',
      'G10',
    ]);
    expect(new Set(PLAYS.map((p) => p.code))).toEqual(proved);
  });
});
