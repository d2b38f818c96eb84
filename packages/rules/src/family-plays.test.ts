import { describe, expect, it } from 'vitest';
import { FAMILIES } from './family';
import { loadFamilyPlays, PLAYS_SOURCE, withoutHidden } from './family-plays';

describe('PLAYS_SOURCE', () => {
  it.each(FAMILIES)('names the module that loadFamilyPlays(%s) takes its plays from', async (family) => {
    const loaded = await loadFamilyPlays(family);
    const module: Record<string, unknown> = await import(`./${PLAYS_SOURCE[family]}`);
    expect(Object.values(module)).toContain(loaded);
  });
});

describe('withoutHidden', () => {
  it("leaves out the tenant's hidden modes (K3 F10, G10) and keeps the rest in order", async () => {
    const plays = await loadFamilyPlays('K3');
    const codes = withoutHidden(plays, ['F10', 'G10']).map((p) => p.code);
    expect(codes).toEqual(plays.map((p) => p.code).filter((c) => c !== 'F10' && c !== 'G10'));
    expect(codes).toContain('H10');
  });

  it('keeps the same list when nothing is hidden', async () => {
    const plays = await loadFamilyPlays('K3');
    expect(withoutHidden(plays, [])).toBe(plays);
    expect(withoutHidden(plays, undefined)).toBe(plays);
  });
});
