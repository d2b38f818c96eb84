import { LOTTERY_TYPES } from '@lottery/rules/lotteries';
import { rebateTenths } from './levels';

/**
 * Per-lottery-type rebates on the phone (users/createInviteCode and users/childOpening take
 * `typeRebates` as "1:6.0,8:3.0"; docs/adr/0702-per-type-rebates.md). One rebate applies to every
 * type; where the agent's own for a type is lower, that type follows the own (as the server does);
 * the 按彩种设置 list changes single types.
 */

export interface OwnType {
  lotteryType: number;
  name: string;
  /** The agent's own rebate for this type. */
  rebate: string;
}

/** What a type gets when it is not set by hand: the one rebate, capped at the own for the type. */
export function typeDefault(base: string, own: string): string {
  return rebateTenths(own) < rebateTenths(base) ? own : base;
}

/**
 * The levels a type can take: the agent's levels that are not above its own for the type, nor
 * below `floor` when given (a downline's current rebate for the type, which a raise keeps).
 */
export function typeLevels<L extends { rebate: string }>(
  levels: readonly L[],
  own: string,
  floor?: string,
): L[] {
  const top = rebateTenths(own);
  const bottom = floor === undefined ? 0 : rebateTenths(floor);
  return levels.filter((l) => rebateTenths(l.rebate) <= top && rebateTenths(l.rebate) >= bottom);
}

/** A member's rebate for each of the agent's types: its per-type figure, else its one rebate. */
export function memberTypeRebates(
  types: readonly OwnType[],
  member: { rebate: string; typeRebates: readonly { lotteryType: number; rebate: string }[] },
): Record<number, string> {
  const out: Record<number, string> = {};
  for (const t of types)
    out[t.lotteryType] =
      member.typeRebates.find((i) => i.lotteryType === t.lotteryType)?.rebate ?? member.rebate;
  return out;
}

/** The value of each type as the form shows it: set by hand, else its default. */
export function typeValue(type: OwnType, base: string, chosen: Readonly<Record<number, string>>): string {
  const picked = chosen[type.lotteryType];
  if (picked !== undefined && rebateTenths(picked) <= rebateTenths(type.rebate)) return picked;
  return typeDefault(base, type.rebate);
}

/** The wire form of the types set by hand that differ from their default; '' when none. */
export function encodeTypeRebates(
  types: readonly OwnType[],
  base: string,
  chosen: Readonly<Record<number, string>>,
): string {
  return types
    .filter((t) => chosen[t.lotteryType] !== undefined)
    .map((t) => [t, typeValue(t, base, chosen)] as const)
    .filter(([t, value]) => rebateTenths(value) !== rebateTenths(typeDefault(base, t.rebate)))
    .map(([t, value]) => `${t.lotteryType}:${value}`)
    .join(',');
}

/** "快三 6.0% · 六合彩 3.0%": the per-type figures a code or member has beside its one rebate. */
export function typeRebatesLabel(
  items: readonly { lotteryType: number; rebate: string }[],
  names: ReadonlyMap<number, string>,
): string {
  return items.map((i) => `${names.get(i.lotteryType) ?? i.lotteryType} ${i.rebate}%`).join(' · ');
}

/** The sixteen types' names (packages/rules), for labels of codes and members. */
export const TYPE_NAMES: ReadonlyMap<number, string> = new Map(
  LOTTERY_TYPES.map((t) => [t.lotteryType as number, t.name as string]),
);
