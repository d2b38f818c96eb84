import { FAMILY_LOTTERY_TYPE } from '@lottery/rules/lotteries';

/**
 * The family a /lotteryHall `key` names (spec: key = lotteryType): a lottery type number (`8` is
 * 六合彩) or, as the app's own links write it, the family code (`LHC`). Unknown: undefined.
 */
export function familyOfHallKey(key: string | null): string | undefined {
  if (!key) return undefined;
  if (/^\d+$/.test(key)) {
    const type = Number(key);
    return Object.entries(FAMILY_LOTTERY_TYPE).find(([, t]) => t === type)?.[0];
  }
  return key.toUpperCase() in FAMILY_LOTTERY_TYPE ? key.toUpperCase() : undefined;
}

/** The key the app writes for a family: its lottery type (spec: key = lotteryType), e.g. LHC → '8'. */
export function hallKeyOf(family: string): string {
  const type = (FAMILY_LOTTERY_TYPE as Readonly<Record<string, number>>)[family];
  return type === undefined ? family : String(type);
}
