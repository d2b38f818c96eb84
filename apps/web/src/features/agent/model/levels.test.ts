import { describe, expect, it } from 'vitest';
import { raisableLevels, rebateTenths } from './levels';

const levels = ['8.0', '7.9', '7.5', '7.1', '7.0', '6.9', '0.0'].map((rebate, i) => ({
  rebate,
  group: 1860 - i,
}));

describe('rebateTenths', () => {
  it('reads tenths exactly', () => {
    expect(rebateTenths('7.5')).toBe(75);
    expect(rebateTenths('8')).toBe(80);
    expect(rebateTenths('0.1')).toBe(1);
    expect(rebateTenths('0')).toBe(0);
  });
});

describe('raisableLevels', () => {
  it('offers only levels above the current rebate, lowest first', () => {
    expect(raisableLevels(levels, '7.0').map((l) => l.rebate)).toEqual(['7.1', '7.5', '7.9', '8.0']);
  });
  it('offers nothing to a downline already at the agent’s own rebate', () => {
    expect(raisableLevels(levels, '8.0')).toEqual([]);
    expect(raisableLevels(levels, '8')).toEqual([]);
  });
});
