import type { Family } from './family';
import { defaultOf, offeredPlays } from './family-plays';
import type { PlayDef } from './play';
import { PLAYS as BJ28 } from './plays/bj28';
import { PLAYS as K3 } from './plays/k3';
import { PLAYS as KL8 } from './plays/kl8';
import { PLAYS as LHC } from './plays/lhc';
import { PLAYS as PK10 } from './plays/pk10';
import { PLAYS as SSC } from './plays/ssc';
import { PLAYS as STOCK } from './plays/stock';
import { PLAYS as SYX5 } from './plays/syx5';
import { FC3D_PLAYS, PL35_PLAYS } from './plays/three-digit';

/**
 * The play registry: every family's plays, looked up by mode code. A bet line's playDetailCode is
 * the lottery code followed by the 3-character mode code (spec §3), e.g. '1101' + 'A10'.
 */

const BY_FAMILY: Readonly<Record<Family, readonly PlayDef[]>> = {
  K3,
  SSC,
  SYX5,
  PK10,
  FC3D: FC3D_PLAYS,
  PL35: PL35_PLAYS,
  KL8,
  LHC,
  BJ28,
  STOCK,
};

const INDEX = new Map<string, PlayDef>();
for (const [family, plays] of Object.entries(BY_FAMILY)) {
  for (const play of plays) {
    const key = `${family}:${play.code}:${play.resultLength ?? ''}`;
    if (INDEX.has(key)) throw new Error(`duplicate play ${key}`);
    INDEX.set(key, play);
  }
}

/**
 * Plays of a family. With `resultLength` (the lottery's draw size) only the plays offered on that
 * lottery: PL3 (3) gets the three-digit set, PL5 (5) the five-digit straight.
 */
export function playsOf(family: Family, resultLength?: number): readonly PlayDef[] {
  return offeredPlays(BY_FAMILY[family], resultLength);
}

/** The play of a family by mode code, or undefined. PL35 codes shared by PL3 and PL5 need resultLength. */
export function findPlay(family: Family, code: string, resultLength?: number): PlayDef | undefined {
  return playsOf(family, resultLength).find((p) => p.code === code);
}

/** The default play of a family (the first flagged one offered for the draw size). */
export function defaultPlay(family: Family, resultLength?: number): PlayDef {
  return defaultOf(playsOf(family, resultLength));
}

/** Every play of every family (for odds tables and proofs). */
export function allPlays(): readonly PlayDef[] {
  return Object.values(BY_FAMILY).flat();
}

/** A play as a bet's detail names it: `group-name`, or the name once when the group is the play (混合). */
export function playTitle(play: Pick<PlayDef, 'group' | 'name'>): string {
  return play.group === play.name ? play.name : `${play.group}-${play.name}`;
}

export { parsePlayDetailCode, playDetailCode } from './play-code';
