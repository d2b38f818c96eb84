import { describe, expect, it } from 'vitest';
import { decimalsOf, padDecimals } from './rebate-table-page';

describe('the odds table has one precision', () => {
  it('writes every bonus with the most decimals of the table, never rounding', () => {
    const bonuses = ['1.983', '9.8765', '432', '19.6'];
    const places = decimalsOf(bonuses);
    expect(places).toBe(4);
    expect(bonuses.map((b) => padDecimals(b, places))).toEqual(['1.9830', '9.8765', '432.0000', '19.6000']);
  });
});
