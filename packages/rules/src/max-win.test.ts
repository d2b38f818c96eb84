import { describe, expect, it } from 'vitest';
import type { Family } from './family';
import { zodiacIndexOf } from './lhc-zodiac';
import { choose, combinations } from './math';
import { lineMaxWinMinor } from './max-win';
import { CREDIT_UNIT_MINOR, linePayoutMinor, playRates } from './odds';
import type { DrawNumbers, PlayDef } from './play';
import { findPlay, playsOf } from './plays';
import { allDiceDraws, allDigitDraws, pk10Draws, seededRandom } from './rtp';

/**
 * 最高可中 against brute force. For K3, BJ28, SSC and STOCK every draw is settled (216, 1000,
 * 100,000); PK10 lines are settled against every arrangement of the positions they read; KL8 and
 * LHC against every class of draw their settlement reads (stated per block), and against values
 * worked out by hand from the spec's caps: 6 regular numbers, 7 numbers with the special, 42
 * numbers left undrawn, 49 numbers in all.
 */

const G = 1900;
const UNIT = CREDIT_UNIT_MINOR; // 1 yuan per note
const YEAR = 2026;

const play = (family: Family, code: string): PlayDef => {
  const p = findPlay(family, code);
  if (!p) throw new Error(`no play ${family}${code}`);
  return p;
};
const rate = (p: PlayDef, tier: string) => playRates(p, G).get(tier)!;
/** 最高可中 of a line with `stake` on each note. */
const maxOf = (p: PlayDef, line: string, stake = UNIT, year: number | undefined = YEAR) =>
  lineMaxWinMinor(p, line, G, stake, stake * BigInt(p.count(line)), 1n, year);
/** What `n` notes of `tier` pay at `stake` each (the server's rounding). */
const pays = (p: PlayDef, tier: string, n: bigint, stake = UNIT) => (n * rate(p, tier) * stake) / UNIT;

/** The best payout of each line over `draws` (draws outer: each draw is decoded once for all lines). */
function bruteMax(p: PlayDef, lines: readonly string[], draws: Iterable<DrawNumbers>): bigint[] {
  const best = lines.map(() => 0n);
  const stakes = lines.map((l) => UNIT * BigInt(p.count(l)));
  for (const draw of draws) {
    lines.forEach((line, i) => {
      const won = linePayoutMinor(p, p.settle(line, draw), G, UNIT, stakes[i]!);
      if (won > best[i]!) best[i] = won;
    });
  }
  return best;
}

/** Lines made of unions of quick picks (1, 2, 3, 6 and 400 of them), each valid for the play. */
function selections(p: PlayDef, seed: number, sizes = [1, 2, 3, 6, 400]): string[] {
  const random = seededRandom(seed);
  const out: string[] = [];
  for (const k of sizes) {
    let parts: Set<string>[] = [];
    let line = '';
    for (let i = 0; i < k; i++) {
      const pick = p.quickPick(random).split('|');
      const next = pick.map((x, j) => new Set([...(parts[j] ?? []), ...x.split(',').filter(Boolean)]));
      const text = next.map((s) => [...s].sort().join(',')).join('|');
      try {
        p.count(text);
      } catch {
        continue; // e.g. 合肖 beyond 10 zodiacs
      }
      parts = next;
      line = text;
    }
    if (line && !out.includes(line)) out.push(line);
  }
  return out;
}

function expectMatches(p: PlayDef, lines: readonly string[], draws: Iterable<DrawNumbers>, year?: number) {
  const want = bruteMax(p, lines, draws);
  const got = lines.map((l) => maxOf(p, l, UNIT, year));
  expect(lines.map((l, i) => `${l} ${got[i]}`)).toEqual(lines.map((l, i) => `${l} ${want[i]}`));
}

const creditPlays = (family: Family) => playsOf(family).filter((p) => p.credit);

describe('the issue: 最高可中 counts every note that can win together', () => {
  it('LHC 正码 with 6 numbers at 10 each: all six can be drawn as the six regular numbers', () => {
    const p = play('LHC', 'B01');
    const ten = 10n * UNIT;
    expect(maxOf(p, '01,02,03,04,05,06', ten)).toBe(pays(p, 'main', 6n, ten));
    // A seventh number cannot also be regular: the cap is 6.
    expect(maxOf(p, '01,02,03,04,05,06,07', ten)).toBe(pays(p, 'main', 6n, ten));
  });

  it('K3 二不同号 1,2,3: a 1-2-3 throw pays all three pairs', () => {
    const p = play('K3', 'H10');
    expect(maxOf(p, '1,2,3')).toBe(pays(p, 'main', 3n));
    expect(maxOf(p, '1,2,3,4,5,6')).toBe(pays(p, 'main', 3n)); // three faces at most
  });

  it('SSC 两面 with several options of one position: 大 and 单 win together, 小 cannot join them', () => {
    const p = play('SSC', 'K11');
    expect(maxOf(p, '|大,小,单||||')).toBe(pays(p, 'digitBig', 1n) + pays(p, 'digitOdd', 1n));
    // 总和小 with 大 on all five positions: five digits ≥ 5 sum ≥ 25, so one position gives way.
    expect(maxOf(p, '小|大|大|大|大|大')).toBe(pays(p, 'digitBig', 4n) + pays(p, 'sumSmall', 1n));
  });

  it('LHC 三全中 with 10 numbers: six of them regular make C(6,3) = 20 winning units', () => {
    const p = play('LHC', 'C01');
    expect(maxOf(p, '01,02,03,04,05,06,07,08,09,10')).toBe(pays(p, 'main', 20n));
  });

  it('refunds count as the server counts them: STOCK 牛,熊 is best on a tie (both stakes back)', () => {
    const p = play('STOCK', 'B11');
    expect(rate(p, 'bull')).toBeLessThan(2n * UNIT);
    expect(maxOf(p, '牛,熊')).toBe(2n * UNIT);
    expect(maxOf(p, '牛')).toBe(pays(p, 'bull', 1n));
  });

  it('an invalid line wins nothing', () => {
    expect(lineMaxWinMinor(play('LHC', 'C01'), '01,02', G, UNIT, 2n * UNIT)).toBe(0n);
    expect(lineMaxWinMinor(play('K3', 'H10'), '', G, UNIT, 0n)).toBe(0n);
  });
});

describe('every credit play against the full draw space', () => {
  const dice = [...allDiceDraws()];
  const three = [...allDigitDraws(3)];
  const five = [...allDigitDraws(5)];

  it.each(creditPlays('K3').map((p) => [p.code, p.name, p] as const))(
    'K3 %s %s (216 throws)',
    (_c, _n, p) => {
      expectMatches(p, selections(p, 1), dice);
    },
  );

  it.each(creditPlays('BJ28').map((p) => [p.code, p.name, p] as const))(
    'BJ28 %s %s (1000 draws)',
    (_c, _n, p) => {
      expectMatches(p, selections(p, 2), three);
    },
  );

  /** Lines where the slots compete: the sum against the digits, overlapping windows. */
  const hard: Record<string, string[]> = {
    K11: ['小,双|大|大|大|大|大', '大,单|小,双|小,双|小,双|小,双|小,双', '小,单|大,双|大,双|大,双||'],
    J11: ['豹子|顺子|豹子', '顺子|豹子|顺子', '对子,豹子|杂六|豹子', '半顺|豹子|杂六'],
    C11: ['大,单', '小,双'],
  };

  it.each(
    [...creditPlays('SSC'), ...creditPlays('STOCK')].map((p) => [p.family, p.code, p.name, p] as const),
  )('%s %s %s (100,000 draws)', (_f, _c, _n, p) => {
    expectMatches(p, [...selections(p, 3, [1, 3, 6, 400]), ...(hard[p.code] ?? [])], five);
  });

  it('STOCK 定位胆 with the line amount divided by the count (stakeDivisor)', () => {
    const p = play('STOCK', 'A11');
    const line = '1,2|3||4,5,6|';
    const amount = 10n * UNIT;
    const count = BigInt(p.count(line));
    const got = lineMaxWinMinor(p, line, G, amount, amount, count);
    let want = 0n;
    for (const d of five) {
      const won = linePayoutMinor(p, p.settle(line, d), G, amount, amount, count);
      if (won > want) want = won;
    }
    expect(got).toBe(want);
    expect(got).toBe((3n * rate(p, 'main') * amount) / (UNIT * count));
  });
});

describe('PK10 credit plays against every arrangement of the positions they read', () => {
  it('冠亚和 reads 冠军 and 亚军: 90 arrangements', () => {
    const p = play('PK10', 'H11');
    expectMatches(p, selections(p, 4), pk10Draws([0, 1]));
  });

  it('双面盘: lines on up to three position pairs, every arrangement of their six positions', () => {
    const p = play('PK10', 'G11');
    const lines = [
      '大,单|大,单|大,单||||||大,单|大,单', // only 7 and 9 are big and odd
      '大,龙|||||||||小,单',
      '龙|龙|龙||||||大|大',
      '小,双,虎|大,单,龙|||||||小,双|大,单',
      '单,虎||大,双,龙|||||单||小',
    ];
    const read = (line: string) => {
      const at = new Set<number>();
      line.split('|').forEach((x, i) => {
        if (x) at.add(i).add(9 - i);
      });
      return [...at].sort((a, b) => a - b);
    };
    for (const line of lines) expectMatches(p, [line], pk10Draws(read(line)));
  });

  it('双面盘 with every option: each position wins one size and one parity, each pair one of 龙虎', () => {
    const p = play('PK10', 'G11');
    const all = Array.from({ length: 10 }, (_, i) => (i < 5 ? '大,小,单,双,龙,虎' : '大,小,单,双')).join('|');
    const perPosition = rate(p, 'big') + rate(p, 'odd');
    expect(rate(p, 'small')).toBe(rate(p, 'big'));
    expect(rate(p, 'even')).toBe(rate(p, 'odd'));
    expect(rate(p, 'tiger')).toBe(rate(p, 'dragon'));
    expect(maxOf(p, all)).toBe(10n * perPosition + 5n * rate(p, 'dragon'));
    // 大单 everywhere: 07 and 09 are both, 06 08 10 01 03 05 one of the two, 02 and 04 neither.
    const bigOdd = Array.from({ length: 10 }, () => '大,单').join('|');
    expect(maxOf(p, bigOdd)).toBe(2n * perPosition + 6n * rate(p, 'big'));
  });
});

describe('KL8 趣味 against every value of the statistic it reads', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  /** Twenty distinct numbers of 1-80: `low` of them in 01-40, the rest in 41-80, odd ones chosen first or not. */
  function withLow(low: number): string[] {
    return [
      ...Array.from({ length: low }, (_, i) => i + 1),
      ...Array.from({ length: 20 - low }, (_, i) => 41 + i),
    ].map(pad);
  }
  function withOdd(odd: number): string[] {
    return [
      ...Array.from({ length: odd }, (_, i) => 2 * i + 1),
      ...Array.from({ length: 20 - odd }, (_, i) => 2 * i + 2),
    ].map(pad);
  }
  /** A draw with sum s (210 ≤ s ≤ 1410): start at 1..20 and raise the largest numbers that can rise. */
  function withSum(s: number): string[] {
    const d = Array.from({ length: 20 }, (_, i) => i + 1);
    let left = s - 210;
    for (let i = 19; i >= 0 && left > 0; i--) {
      const room = 60; // each number can rise by 60 while keeping order (i+1 → i+61)
      const up = Math.min(room, left);
      d[i] = d[i]! + up;
      left -= up;
    }
    return d.map(pad);
  }

  it('上下盘 reads how many of the 20 are in 01-40 (0-20)', () => {
    const p = play('KL8', 'B10');
    expectMatches(
      p,
      selections(p, 5),
      Array.from({ length: 21 }, (_, k) => withLow(k)),
    );
  });

  it('奇偶盘 reads how many are odd (0-20)', () => {
    const p = play('KL8', 'B11');
    expectMatches(
      p,
      selections(p, 6),
      Array.from({ length: 21 }, (_, k) => withOdd(k)),
    );
  });

  it('总和 reads the sum (210-1410 covers both sides of 810 and both parities)', () => {
    const p = play('KL8', 'B12');
    const draws = Array.from({ length: 1201 }, (_, i) => withSum(210 + i));
    expect(new Set(draws.map((d) => d.reduce((a, b) => a + Number(b), 0))).size).toBe(1201);
    expectMatches(p, selections(p, 7), draws);
    // 大,单,大单 win together on a big odd sum.
    expect(maxOf(p, '大,小,单,大单')).toBe(pays(p, '大', 1n) + pays(p, '单', 1n) + pays(p, '大单', 1n));
  });
});

describe('LHC credit plays', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  const ALL = Array.from({ length: 49 }, (_, i) => i + 1);
  const draw = (regular: readonly number[], special: number) => [
    ...regular.map(pad),
    pad(special),
    String(YEAR),
  ];
  const lhc = (code: string) => play('LHC', code);

  it.each(['A01', 'A02', 'A03', 'D01', 'E01', 'E03', 'E04', 'F01'])(
    '%s reads only the special: all 49 specials (with two different sets of regular numbers)',
    (code) => {
      const p = lhc(code);
      const draws = ALL.flatMap((s) => {
        const rest = ALL.filter((n) => n !== s);
        return [draw(rest.slice(0, 6), s), draw(rest.slice(-6), s)];
      });
      expectMatches(p, selections(p, 8), draws);
    },
  );

  it.each(['B01', 'C01', 'C02', 'C03', 'C04', 'C05', 'G05', 'G06', 'G07', 'G08', 'G09', 'G10'])(
    '%s: every draw from the chosen numbers and seven others (which others cannot matter)',
    (code) => {
      const p = lhc(code);
      const k = p.input.kind === 'multiPick' ? p.input.min : 1;
      const lines = selections(p, 9, [1, 2, 3]).filter((l) => l.split(',').length <= Math.max(7, k + 1));
      for (const line of lines) {
        const picked = line.split(',').map(Number);
        const universe = [...picked, ...ALL.filter((n) => !picked.includes(n)).slice(0, 7)];
        const draws: string[][] = [];
        for (const special of universe)
          for (const regular of combinations(
            universe.filter((n) => n !== special),
            6,
          ))
            draws.push(draw(regular, special));
        expectMatches(p, [line], draws);
      }
    },
  );

  it('number plays reach the caps: 6 regular, 7 drawn, 42 undrawn', () => {
    const nums = (n: number, from = 1) => Array.from({ length: n }, (_, i) => pad(from + i)).join(',');
    expect(maxOf(lhc('B01'), nums(49))).toBe(pays(lhc('B01'), 'main', 6n));
    expect(maxOf(lhc('C03'), nums(12))).toBe(pays(lhc('C03'), 'main', choose(6, 2)));
    // 二中特: six regular and the special chosen: C(6,2) 中二 and 6 中特 units.
    const c04 = lhc('C04');
    expect(maxOf(c04, nums(7))).toBe(
      (choose(6, 2) * rate(c04, 'hit2') * UNIT + 6n * rate(c04, 'special') * UNIT) / UNIT,
    );
    // 特串: only one number can be the special: 6 units.
    expect(maxOf(lhc('C05'), nums(20))).toBe(pays(lhc('C05'), 'main', 6n));
    // 不中: at most 42 chosen numbers stay undrawn; with 12 chosen all 12 can.
    expect(maxOf(lhc('G05'), nums(49))).toBe(pays(lhc('G05'), 'main', choose(42, 5)));
    expect(maxOf(lhc('G10'), nums(44))).toBe(pays(lhc('G10'), 'main', choose(42, 10)));
    expect(maxOf(lhc('G10'), nums(12))).toBe(pays(lhc('G10'), 'main', choose(12, 10)));
  });

  it('三中二: every number of regular chosen numbers (hand count C(r,3) 中三 + C(r,2)·(n−r) 中二)', () => {
    const p = lhc('C02');
    for (const n of [3, 5, 8, 12, 30]) {
      let best = 0n;
      for (let r = 0; r <= Math.min(6, n); r++) {
        const won =
          (choose(r, 3) * rate(p, 'hit3') * UNIT + choose(r, 2) * BigInt(n - r) * rate(p, 'hit2') * UNIT) /
          UNIT;
        if (won > best) best = won;
      }
      const line = Array.from({ length: n }, (_, i) => pad(i + 1)).join(',');
      expect(maxOf(p, line)).toBe(best);
    }
  });

  it('正码特: every arrangement of the six positions over the chosen numbers and fillers', () => {
    const p = lhc('B02');
    for (const line of ['08|08||||', '08|08,09||||', '01,02|01|02|01,02,03||', '05||05|05||05']) {
      const used = [...new Set(line.split(/[|,]/).filter(Boolean).map(Number))];
      const universe = [
        ...used,
        ...ALL.filter((n) => !used.includes(n)).slice(0, 6 - Math.min(6, used.length) + 1),
      ];
      const draws: string[][] = [];
      const arrange = (prefix: number[]) => {
        if (prefix.length === 6) {
          draws.push(draw(prefix, ALL.find((n) => !prefix.includes(n))!));
          return;
        }
        for (const n of universe) if (!prefix.includes(n)) arrange([...prefix, n]);
      };
      arrange([]);
      expectMatches(p, [line], draws);
    }
    expect(maxOf(p, '08|08||||')).toBe(pays(p, 'main', 1n));
  });

  /** Draws showing exactly the groups of each set of up to 7 groups (zodiacs of YEAR, or tails). */
  function presenceDraws(groupOf: (n: number) => number, groups: number): string[][] {
    const out: string[][] = [];
    for (let mask = 1; mask < 1 << groups; mask++) {
      const chosen = Array.from({ length: groups }, (_, g) => g).filter((g) => mask & (1 << g));
      if (chosen.length > 7) continue;
      const firsts = chosen.map((g) => ALL.find((n) => groupOf(n) === g)!);
      const fill = ALL.filter((n) => chosen.includes(groupOf(n)) && !firsts.includes(n));
      const seven = [...firsts, ...fill].slice(0, 7);
      if (seven.length < 7) continue; // one or two groups cannot fill seven numbers alone
      out.push(draw(seven.slice(0, 6), seven[6]!));
    }
    return out;
  }

  it.each(['E02', 'E05', 'E06', 'E07'])('%s reads which zodiacs are drawn: every set of up to 7', (code) => {
    const p = lhc(code);
    const draws = presenceDraws((n) => zodiacIndexOf(n, YEAR), 12);
    expectMatches(p, [...selections(p, 10), '鼠,牛,虎,兔,龙,蛇,马,羊,猴,鸡,狗,猪'], draws, YEAR);
  });

  it.each(['F02', 'F03', 'F04', 'F05'])('%s reads which tails are drawn: every set of up to 7', (code) => {
    const p = lhc(code);
    const draws = presenceDraws((n) => n % 10, 10);
    expectMatches(p, [...selections(p, 11), '0尾,1尾,2尾,3尾,4尾,5尾,6尾,7尾,8尾,9尾'], draws);
  });

  it('without a zodiac year the maximum is over every year', () => {
    const p = lhc('E01');
    const years = Array.from({ length: 12 }, (_, i) => 2020 + i);
    const line = '马';
    const perYear = years.map((y) => maxOf(p, line, UNIT, y));
    expect(lineMaxWinMinor(p, line, G, UNIT, UNIT)).toBe(perYear.reduce((a, b) => (a > b ? a : b)));
    // 马 is the year's own zodiac in 2026 (five numbers, lower odds), not in 2025.
    expect(maxOf(p, line, UNIT, 2026)).toBe(pays(p, 'year', 1n));
    expect(maxOf(p, line, UNIT, 2025)).toBe(pays(p, 'other', 1n));
    // Plays that read no zodiac do not need the year.
    const b01 = lhc('B01');
    expect(lineMaxWinMinor(b01, '01,02,03', G, UNIT, 3n * UNIT)).toBe(pays(b01, 'main', 3n));
  });
});

describe('no draw beats it', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  function randomDraw(family: Family, random: () => number): string[] {
    const size = { LHC: 7, KL8: 20, PK10: 10 }[family as 'LHC' | 'KL8' | 'PK10'];
    const pool = Array.from({ length: { LHC: 49, KL8: 80, PK10: 10 }[family as 'LHC'] }, (_, i) => i + 1);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    const draw = pool.slice(0, size).map(pad);
    return family === 'LHC' ? [...draw, String(YEAR)] : draw;
  }

  it.each(
    (['LHC', 'KL8', 'PK10'] as const).flatMap((f) =>
      creditPlays(f).map((p) => [p.family, p.code, p.name, p] as const),
    ),
  )('%s %s %s: 2000 random draws never pay more than the maximum', (family, _c, _n, p) => {
    const random = seededRandom(99);
    const lines = selections(p, 12);
    const max = lines.map((l) => maxOf(p, l));
    const best = bruteMax(
      p,
      lines,
      Array.from({ length: 2000 }, () => randomDraw(family, random)),
    );
    for (const [i, l] of lines.entries()) expect(best[i]!, l).toBeLessThanOrEqual(max[i]!);
  });
});

describe('number plays (the UI shows 最高可中 for credit plays; these are supported too)', () => {
  const five = [...allDigitDraws(5)];
  it.each([
    ['SSC', 'A11'],
    ['SSC', 'B11'],
    ['SSC', 'C21'],
    ['SSC', 'D21'],
    ['SSC', 'D24'],
    ['SSC', 'D31'],
    ['SSC', 'I12'],
  ] as const)('%s %s: every one of the 100,000 draws', (family, code) => {
    const p = play(family, code);
    expectMatches(p, selections(p, 13, [1, 3, 6]), five);
  });

  it('PL5 五星直选 and PK10 猜前五: a ticket of distinct rows is found among overlapping rows', () => {
    const pl5 = findPlay('PL35', 'E11', 5)!;
    expectMatches(pl5, ['1,5|6,8|6,7|3,9|7,8'], five);
    const pk = play('PK10', 'E11');
    expectMatches(
      pk,
      ['01,05|06,08|06,07|03,09|07,08', '01|01,02|02,03|03,04|04,05'],
      pk10Draws([0, 1, 2, 3, 4]),
    );
  });
});

describe('cost: fast enough to run on every tap', () => {
  it('the slowest credit lines found stay within a few milliseconds', () => {
    const worst: [Family, string, string][] = [
      [
        'PK10',
        'G11',
        Array.from({ length: 10 }, (_, i) => (i < 5 ? '大,小,单,双,龙,虎' : '大,小,单,双')).join('|'),
      ],
      ['SSC', 'K11', ['大,小,单,双', ...Array.from({ length: 5 }, () => '大,小,单,双')].join('|')],
      ['SSC', 'J11', Array.from({ length: 3 }, () => '豹子,顺子,对子,半顺,杂六').join('|')],
      ['LHC', 'C01', '01,02,03,04,05,06,07,08,09,10'],
      ['LHC', 'G05', Array.from({ length: 44 }, (_, i) => String(i + 1).padStart(2, '0')).join(',')],
      ['LHC', 'A02', '大,小,单,双,合大,合小,合单,合双,尾大,尾小,家禽,野兽'],
      ['K3', 'H10', '1,2,3,4,5,6'],
      ['BJ28', 'C01', Array.from({ length: 28 }, (_, i) => String(i)).join(',')],
      ['KL8', 'B12', '大,小,单,双,大单,大双,小单,小双'],
    ];
    for (const [family, code, line] of worst) {
      const p = play(family, code);
      maxOf(p, line); // warm: lazy tier chances, parse caches
      const runs = 5;
      const t0 = performance.now();
      for (let i = 0; i < runs; i++) maxOf(p, line);
      const ms = (performance.now() - t0) / runs;
      // Generous bound for a loaded CI machine; measured figures are in max-win.ts's header.
      expect(ms, `${family}${code}`).toBeLessThan(50);
    }
  });
});
