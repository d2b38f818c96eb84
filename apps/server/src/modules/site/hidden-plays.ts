import type { Config } from '../../config';

/**
 * spec/betting.md §5: "Some K3 modes (two-same multiple F10, two-same single G10) are hidden for two
 * tenant codes." The spec does not name the tenants, so the operator lists them
 * (K3_TWO_SAME_HIDDEN_TENANTS). A hidden play is left out of everything that offers plays (the
 * catalogue's lotteryConfig[].hiddenPlays, which the play page filters by, and the odds tables) and
 * refused when bet, by the same check as an unknown play.
 */
export const K3_TWO_SAME_MODES: readonly string[] = ['F10', 'G10'];

const NONE: readonly string[] = [];

/** The modes (last three characters of a playDetailCode) hidden for `family` on this tenant. */
export function hiddenModes(
  config: Pick<Config, 'K3_TWO_SAME_HIDDEN_TENANTS'>,
  tenantCode: string,
  family: string,
): readonly string[] {
  return family === 'K3' && config.K3_TWO_SAME_HIDDEN_TENANTS.includes(tenantCode) ? K3_TWO_SAME_MODES : NONE;
}
