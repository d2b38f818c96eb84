import { describe, expect, it } from 'vitest';
import { FAMILIES } from './family';
import { DEFAULT_POLICY, rebateTable } from './odds';
import {
  allPlays,
  defaultPlay,
  findPlay,
  parsePlayDetailCode,
  playDetailCode,
  playsOf,
  playTitle,
} from './plays';

describe('play registry', () => {
  it('has plays for every family and finds them by mode code', () => {
    for (const f of FAMILIES) expect(playsOf(f).length).toBeGreaterThan(0);
    expect(findPlay('K3', 'A10')?.name).toBe('和值');
    expect(findPlay('SSC', 'D25')?.name).toBe('组选包胆');
    expect(findPlay('SSC', 'Z99')).toBeUndefined();
    expect(defaultPlay('SSC').code).toBe('A11');
    expect(defaultPlay('K3').code).toBe('A10');
    expect(defaultPlay('PL35', 5).code).toBe('E11');
    expect(defaultPlay('PL35', 3).code).toBe('D11');
  });

  it('titles a play group-name, and a play that is its own group once (混合, not 混合-混合)', () => {
    const mixed = findPlay('BJ28', 'A01')!;
    expect(mixed.group).toBe(mixed.name);
    expect(playTitle(mixed)).toBe('混合');
    const grouped = findPlay('SSC', 'D25')!;
    expect(grouped.group).not.toBe(grouped.name);
    expect(playTitle(grouped)).toBe(`${grouped.group}-${grouped.name}`);
  });

  it('builds and splits playDetailCode (last 3 characters are the mode)', () => {
    expect(playDetailCode('1101', 'A10')).toBe('1101A10');
    expect(parsePlayDetailCode('1101A10')).toEqual({ lotteryCode: '1101', modeCode: 'A10' });
    expect(parsePlayDetailCode('A10')).toBeNull();
    expect(parsePlayDetailCode('1101a10')).toBeNull();
    expect(() => playDetailCode('1101', 'A1')).toThrow(RangeError);
  });

  it('gives every play a positive prize for every tier at the lowest and highest group', () => {
    for (const f of FAMILIES) {
      for (const rebate of [0, DEFAULT_POLICY.maxRebateTenths]) {
        const table = rebateTable(playsOf(f), DEFAULT_POLICY, rebate);
        expect(table.odds.length).toBeGreaterThan(0);
        for (const o of table.odds) expect(o.bonusMinor).toBeGreaterThan(0n);
      }
    }
    expect(allPlays().every((p) => /^[A-Z]\d{2}$/.test(p.code))).toBe(true);
  });
});
