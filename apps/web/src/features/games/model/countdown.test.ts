import { describe, expect, it } from 'vitest';
import { clockOffset, secondsLeft } from './countdown';

describe('secondsLeft', () => {
  it('counts whole seconds to the deadline on the server clock', () => {
    const offset = clockOffset(10_000, 9_000); // server 1 s ahead
    expect(secondsLeft(25_000, 9_000, offset)).toBe(15);
    expect(secondsLeft(25_000, 9_001, offset)).toBe(15);
    expect(secondsLeft(25_000, 23_001, offset)).toBe(1);
  });
  it('never goes below zero', () => {
    expect(secondsLeft(1_000, 5_000, 0)).toBe(0);
  });
});
