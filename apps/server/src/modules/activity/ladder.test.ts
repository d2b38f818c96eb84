import { describe, expect, it } from 'vitest';
import { beijingDay, gradeFor, ladderDay, nextStreak, progressPercent } from './ladder';

describe('sign-in and grade rules', () => {
  it('splits days at Beijing midnight, not UTC', () => {
    const utc1559 = Date.UTC(2026, 0, 1, 15, 59, 59);
    const utc1600 = Date.UTC(2026, 0, 1, 16, 0, 0);
    expect(beijingDay(utc1600) - beijingDay(utc1559)).toBe(1);
    expect(beijingDay(Date.UTC(2026, 0, 1, 0, 0))).toBe(beijingDay(utc1559));
  });

  it('continues a streak only from yesterday and cycles the ladder', () => {
    expect(nextStreak(undefined, 100)).toBe(1);
    expect(nextStreak({ signDay: 99, streak: 3 }, 100)).toBe(4);
    expect(nextStreak({ signDay: 98, streak: 3 }, 100)).toBe(1);
    expect(ladderDay(1, 7)).toBe(1);
    expect(ladderDay(7, 7)).toBe(7);
    expect(ladderDay(8, 7)).toBe(1);
  });

  it('gives the highest grade whose threshold the growth reaches', () => {
    const rules = [
      { grade: 1, growthMinor: 0n },
      { grade: 2, growthMinor: 1_000_000n },
      { grade: 3, growthMinor: 5_000_000n },
    ];
    expect(gradeFor(0n, rules)).toBe(1);
    expect(gradeFor(999_999n, rules)).toBe(1);
    expect(gradeFor(1_000_000n, rules)).toBe(2);
    expect(gradeFor(9_000_000n, rules)).toBe(3);
    expect(progressPercent(3_000_000n, 1_000_000n, 5_000_000n)).toBe(50);
    expect(progressPercent(9n, 0n, null)).toBe(100);
  });
});
