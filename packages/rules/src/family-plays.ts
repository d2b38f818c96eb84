import type { Family } from './family';
import type { PlayDef } from './play';

/**
 * One family's plays, loaded on demand: the web's play screen needs the plays of one family, not
 * the registry of all ten (plays.ts), so each family stays its own chunk (issue 10). The helpers
 * below work on a loaded list; plays.ts answers the same questions over the whole registry.
 */
const LOADERS: Readonly<Record<Family, () => Promise<readonly PlayDef[]>>> = {
  K3: async () => (await import('./plays/k3')).PLAYS,
  SSC: async () => (await import('./plays/ssc')).PLAYS,
  SYX5: async () => (await import('./plays/syx5')).PLAYS,
  PK10: async () => (await import('./plays/pk10')).PLAYS,
  FC3D: async () => (await import('./plays/three-digit')).FC3D_PLAYS,
  PL35: async () => (await import('./plays/three-digit')).PL35_PLAYS,
  KL8: async () => (await import('./plays/kl8')).PLAYS,
  LHC: async () => (await import('./plays/lhc')).PLAYS,
  BJ28: async () => (await import('./plays/bj28')).PLAYS,
  STOCK: async () => (await import('./plays/stock')).PLAYS,
};

/**
 * Each family's plays module, as LOADERS imports it (a path under packages/rules/src): the server
 * names its chunk in a play page's preloads, so the browser fetches it with the page's own scripts
 * instead of after they have run (issue 10). family-plays.test.ts holds it to LOADERS.
 */
export const PLAYS_SOURCE: Readonly<Record<Family, string>> = {
  K3: 'plays/k3.ts',
  SSC: 'plays/ssc.ts',
  SYX5: 'plays/syx5.ts',
  PK10: 'plays/pk10.ts',
  FC3D: 'plays/three-digit.ts',
  PL35: 'plays/three-digit.ts',
  KL8: 'plays/kl8.ts',
  LHC: 'plays/lhc.ts',
  BJ28: 'plays/bj28.ts',
  STOCK: 'plays/stock.ts',
};

export function loadFamilyPlays(family: Family): Promise<readonly PlayDef[]> {
  return LOADERS[family]();
}

/** The plays offered on a lottery whose draws have `resultLength` numbers (PL3 3, PL5 5). */
export function offeredPlays(plays: readonly PlayDef[], resultLength?: number): readonly PlayDef[] {
  if (resultLength === undefined) return plays;
  return plays.filter((p) => p.resultLength === undefined || p.resultLength === resultLength);
}

/**
 * The plays less the modes a tenant does not offer (the catalogue's `hiddenPlays`, spec/betting.md §5:
 * K3 F10 and G10 for the operator's listed tenants); the same list when none is hidden.
 */
export function withoutHidden(
  plays: readonly PlayDef[],
  hiddenModes?: readonly string[],
): readonly PlayDef[] {
  return hiddenModes?.length ? plays.filter((p) => !hiddenModes.includes(p.code)) : plays;
}

/** The default play: the first flagged one, else the first. */
export function defaultOf(plays: readonly PlayDef[]): PlayDef {
  return plays.find((p) => p.isDefault) ?? plays[0]!;
}
