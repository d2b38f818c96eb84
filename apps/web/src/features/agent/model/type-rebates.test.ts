import { describe, expect, it } from 'vitest';
import { encodeTypeRebates, typeDefault, typeLevels, typeRebatesLabel, typeValue } from './type-rebates';

const types = [
  { lotteryType: 1, name: '快三', rebate: '7.0' },
  { lotteryType: 2, name: '时时彩', rebate: '8.0' },
  { lotteryType: 8, name: '六合彩', rebate: '8.0' },
];

describe('per-type rebates', () => {
  it('caps the one rebate at the own of a type', () => {
    expect(typeDefault('7.5', '7.0')).toBe('7.0');
    expect(typeDefault('6.5', '7.0')).toBe('6.5');
  });

  it('offers only the levels up to the own of a type', () => {
    const levels = ['8.0', '7.5', '7.0', '6.9'].map((rebate) => ({ rebate, group: 0 }));
    expect(typeLevels(levels, '7.0').map((l) => l.rebate)).toEqual(['7.0', '6.9']);
  });

  it('sends only the types set by hand that differ from their default', () => {
    expect(encodeTypeRebates(types, '7.5', {})).toBe('');
    expect(encodeTypeRebates(types, '7.5', { 1: '7.0', 8: '3.0' })).toBe('8:3.0');
    expect(encodeTypeRebates(types, '7.5', { 1: '6.0', 2: '7.5' })).toBe('1:6.0');
    // a value above the own of its type (the own changed) falls back to the default
    expect(typeValue(types[0]!, '7.5', { 1: '7.5' })).toBe('7.0');
  });

  it('labels per-type figures by name', () => {
    const names = new Map(types.map((t) => [t.lotteryType, t.name]));
    expect(
      typeRebatesLabel(
        [
          { lotteryType: 1, rebate: '6.0' },
          { lotteryType: 8, rebate: '3.0' },
        ],
        names,
      ),
    ).toBe('快三 6.0% · 六合彩 3.0%');
  });
});
