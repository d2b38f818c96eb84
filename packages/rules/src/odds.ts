import type { Family } from './family';
import type { Chance, LineOutcome, PlayDef, PrizeTier } from './play';

/**
 * Prize-group odds (DESIGN.md §6).
 *
 * - A rebate point r is kept in tenths of a percent (`rebateTenths`, 0.1 % steps): r = 4.5 % is 45.
 * - Prize group G = Gmin + 20·r(%) = Gmin + 2·rebateTenths. A tenant sets Gmin and the maximum
 *   rebate, e.g. Gmin 1700 and r 0..9.0 % (G 1700..1880).
 * - Return to player is G/2000 for every note of every play.
 * - Number plays (credit = false) pay per 2-yuan note: G/(1000·p) yuan.
 * - Credit plays (credit = true) pay odds per 1 yuan staked: G/(2000·p) (stake included).
 * - Tier share: a tier may carry `share` (default 1). A note kind that can win several tiers gives
 *   each tier a share of the return and the shares of one note kind sum to 1; each tier then pays
 *   share·G/(1000·p). Suggested rule: equal shares over the tiers one note can win.
 * - Refunds: a tier with `refund` (chance that a note of this kind is refunded, e.g. stock tie)
 *   pays (G/2000 − refund)/p per unit so that return, refunds included, is still G/2000.
 * - Every figure is rounded DOWN to the minor unit (1/10000 yuan) once, when the per-note prize or
 *   per-unit odds are computed; payouts are hits × that figure × stake / base, rounded down.
 */

export const MINOR_PER_YUAN = 10000n;
/** Base stake of a number-play note: 2 yuan. */
export const NOTE_STAKE_MINOR = 20000n;
/** Base stake of a credit-play odds figure: 1 yuan. */
export const CREDIT_UNIT_MINOR = 10000n;

export interface PrizeGroupPolicy {
  /** Gmin: the group of a player with rebate 0. */
  minGroup: number;
  /** The tenant's maximum rebate in tenths of a percent (90 = 9.0 %). */
  maxRebateTenths: number;
}

export const DEFAULT_POLICY: PrizeGroupPolicy = { minGroup: 1700, maxRebateTenths: 90 };

function checkTenths(tenths: number, policy: PrizeGroupPolicy): void {
  if (!Number.isInteger(tenths) || tenths < 0 || tenths > policy.maxRebateTenths) {
    throw new RangeError(`rebate ${tenths / 10}% out of 0..${policy.maxRebateTenths / 10}%`);
  }
}

/** G = Gmin + 20·r with r in percent (= 2 per tenth of a percent). */
export function prizeGroup(policy: PrizeGroupPolicy, rebateTenths: number): number {
  checkTenths(rebateTenths, policy);
  return policy.minGroup + 2 * rebateTenths;
}

/** Parses a rebate percent written as text ('4.5', '0', '9.0') into tenths; null when malformed. */
export function parseRebateTenths(text: string): number | null {
  const m = /^(\d{1,2})(?:\.(\d))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 10 + Number(m[2] ?? '0');
}

export function formatRebateTenths(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/**
 * bettingPoint: the player takes `pointTenths` of his rebate r as an immediate rebate on the stake
 * and bets at the lower group Gmin + 2·(r − point). Returns the group used for the bet.
 */
export function betGroup(policy: PrizeGroupPolicy, userRebateTenths: number, pointTenths: number): number {
  checkTenths(userRebateTenths, policy);
  if (!Number.isInteger(pointTenths) || pointTenths < 0 || pointTenths > userRebateTenths) {
    throw new RangeError(`bettingPoint ${pointTenths / 10}% out of 0..${userRebateTenths / 10}%`);
  }
  return prizeGroup(policy, userRebateTenths - pointTenths);
}

/** Immediate rebate paid on a bet's stake for a bettingPoint: stake × point%, rounded down. */
export function immediateRebateMinor(stakeMinor: bigint, pointTenths: number): bigint {
  if (stakeMinor < 0n) throw new RangeError('negative stake');
  return (stakeMinor * BigInt(pointTenths)) / 1000n;
}

/**
 * The exact payout per base stake of one tier, as a fraction of minor units:
 * base × (share·G/2000 − refund)/p. Base is 2 yuan for number plays, 1 yuan for credit plays.
 */
export function exactTierRate(tier: PrizeTier, group: number, credit: boolean): Chance {
  const base = credit ? CREDIT_UNIT_MINOR : NOTE_STAKE_MINOR;
  const share = tier.share ?? { num: 1n, den: 1n };
  const refund = tier.refund ?? { num: 0n, den: 1n };
  // (share.num/share.den · G/2000 − refund.num/refund.den) · base · p.den/p.num
  const num =
    (share.num * BigInt(group) * refund.den - 2000n * refund.num * share.den) * base * tier.chance.den;
  const den = share.den * 2000n * refund.den * tier.chance.num;
  if (num <= 0n || den <= 0n) throw new RangeError(`tier ${tier.key}: no positive payout`);
  return { num, den };
}

/** Prize of one base stake (2-yuan note, or 1 yuan for credit odds) in minor units, rounded down. */
export function tierRateMinor(tier: PrizeTier, group: number, credit: boolean): bigint {
  const r = exactTierRate(tier, group, credit);
  return r.num / r.den;
}

export interface TierRate {
  tier: string;
  /** Per 2-yuan note (number plays) or per 1 yuan (credit plays), minor units. */
  rateMinor: bigint;
}

const rateCache = new WeakMap<PlayDef, Map<number, Map<string, bigint>>>();

/** Rates of every tier of a play at a group (cached per play and group). */
export function playRates(play: PlayDef, group: number): Map<string, bigint> {
  let byGroup = rateCache.get(play);
  if (!byGroup) {
    byGroup = new Map();
    rateCache.set(play, byGroup);
  }
  let rates = byGroup.get(group);
  if (!rates) {
    rates = new Map(play.tiers.map((t) => [t.key, tierRateMinor(t, group, play.credit)]));
    byGroup.set(group, rates);
  }
  return rates;
}

/**
 * What a settled line pays, in minor units: Σ hits × rate × stakePerNote / (base × stakeDivisor),
 * rounded down, plus the whole line stake when the outcome is a refund. `stakeDivisor` serves lines
 * whose amount is not multiplied by the count (spec §5: STOCK A11, K3 A10 on codes containing 14):
 * pass the line amount as stakePerNote and the count as divisor, so no rounding happens before the end.
 */
export function linePayoutMinor(
  play: PlayDef,
  outcome: LineOutcome,
  group: number,
  stakePerNoteMinor: bigint,
  lineStakeMinor: bigint,
  stakeDivisor = 1n,
): bigint {
  if (stakeDivisor <= 0n) throw new RangeError('stakeDivisor must be positive');
  const rates = playRates(play, group);
  const base = play.credit ? CREDIT_UNIT_MINOR : NOTE_STAKE_MINOR;
  let sum = 0n;
  for (const hit of outcome.hits) {
    const rate = rates.get(hit.tier);
    if (rate === undefined) throw new RangeError(`${play.family}${play.code}: unknown tier ${hit.tier}`);
    sum += BigInt(hit.notes) * rate;
  }
  const won = (sum * stakePerNoteMinor) / (base * stakeDivisor);
  return outcome.refund ? won + lineStakeMinor : won;
}

/** Minor units as a yuan decimal string with 4 decimals trimmed to at least `minDecimals`. */
export function formatMinor(minor: bigint, minDecimals = 2): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / MINOR_PER_YUAN;
  let frac = (abs % MINOR_PER_YUAN).toString().padStart(4, '0');
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${negative ? '-' : ''}${whole}${frac.length ? `.${frac}` : ''}`;
}

/** Decimals odds and prizes are shown with; half-bonus plays show theirs with one more. */
export const ODDS_DECIMALS = 2;
export const HALF_BONUS_DECIMALS = 3;

/**
 * One display rule for a rate (odds per yuan or prize per note): exactly `decimals` places, rounded
 * down, so the screen never promises more than the payout formula gives (1.9489 shows 1.94).
 */
export function formatOdds(rateMinor: bigint, decimals = ODDS_DECIMALS): string {
  if (rateMinor < 0n || decimals < 0 || decimals > 4)
    throw new RangeError('odds are non-negative, 0-4 decimals');
  const step = 10n ** BigInt(4 - decimals);
  const floored = (rateMinor / step) * step;
  const whole = floored / MINOR_PER_YUAN;
  const frac = (floored % MINOR_PER_YUAN).toString().padStart(4, '0').slice(0, decimals);
  return decimals === 0 ? `${whole}` : `${whole}.${frac}`;
}

/**
 * Half-bonus plays (spec/betting.md §SSC: D21, D24, D25 and their equivalents): a note is a 组三 or a
 * 组六 group, and 组六 pays half of 组三. They show both prizes with HALF_BONUS_DECIMALS.
 */
export function isHalfBonus(play: PlayDef): boolean {
  const keys = play.tiers.map((t) => t.key).sort();
  return keys.length === 2 && keys[0] === 'group3' && keys[1] === 'group6';
}

/** Floors minor units to 2 decimals of a yuan (the spec's "floored to 2 decimals"). */
export function floorToCents(minor: bigint): bigint {
  return (minor / 100n) * 100n;
}

/** Maximum win shown for a single-option credit bet (long dragon): amount × odds, floored to 2 decimals. */
export function singleOptionMaxWinMinor(rateMinor: bigint, amountMinor: bigint): bigint {
  return floorToCents((rateMinor * amountMinor) / CREDIT_UNIT_MINOR);
}

export interface OddsEntry {
  /** Family plus mode code, e.g. 'K3A10', 'SSCK11'. */
  playCode: string;
  /** Tier key; 'main' for single-tier plays. */
  tier: string;
  tierName: string;
  /** Per 2-yuan note for number plays, per 1 yuan for credit plays. */
  bonusMinor: bigint;
  bonus: string;
  credit: boolean;
}

export interface RebateTable {
  /** The rebate point r in percent, e.g. '4.5'. */
  rebate: string;
  group: number;
  odds: OddsEntry[];
}

/**
 * The rebate/odds table of one family for a player (betting/getBetRebate for that family's
 * lotteryType; getAllBetRebate is this for every family).
 */
export function rebateTable(
  plays: readonly PlayDef[],
  policy: PrizeGroupPolicy,
  userRebateTenths: number,
): RebateTable {
  const group = prizeGroup(policy, userRebateTenths);
  const odds: OddsEntry[] = [];
  for (const play of plays) {
    const rates = playRates(play, group);
    for (const tier of play.tiers) {
      const bonusMinor = rates.get(tier.key)!;
      odds.push({
        playCode: `${play.family}${play.code}`,
        tier: tier.key,
        tierName: tier.name,
        bonusMinor,
        bonus: formatMinor(bonusMinor, 3),
        credit: play.credit,
      });
    }
  }
  return { rebate: formatRebateTenths(userRebateTenths), group, odds };
}

export type FamilyPlays = Partial<Record<Family, readonly PlayDef[]>>;
