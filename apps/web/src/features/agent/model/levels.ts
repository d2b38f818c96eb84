/** Tenths of a rebate point ('7.5' → 75), exact: the string is split, never read as a float. */
export function rebateTenths(rebate: string): number {
  const [whole = '0', tenth = '0'] = rebate.trim().split('.');
  return Number(whole) * 10 + Number(tenth.slice(0, 1) || '0');
}

/**
 * The levels a downline's rebate may be raised to: strictly above its current one (users/userManage
 * refuses lower; equal changes nothing), from the agent's levels (which stop at the agent's own).
 * Lowest first, the usual small step on top of the list.
 */
export function raisableLevels<L extends { rebate: string }>(levels: readonly L[], current: string): L[] {
  const floor = rebateTenths(current);
  return levels
    .filter((l) => rebateTenths(l.rebate) > floor)
    .sort((a, b) => rebateTenths(a.rebate) - rebateTenths(b.rebate));
}
