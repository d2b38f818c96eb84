import { describe, expect, it } from 'vitest';
import { FAMILIES } from './family';
import { loadFamilyPlays, PLAYS_SOURCE } from './family-plays';

describe('PLAYS_SOURCE', () => {
  it.each(FAMILIES)('names the module that loadFamilyPlays(%s) takes its plays from', async (family) => {
    const loaded = await loadFamilyPlays(family);
    const module: Record<string, unknown> = await import(`./${PLAYS_SOURCE[family]}`);
    expect(Object.values(module)).toContain(loaded);
  });
});
