import { zodiacYearAt } from '@lottery/rules/lhc-zodiac';
import { formatOdds, HALF_BONUS_DECIMALS, isHalfBonus, playRates } from '@lottery/rules/odds';
import type { PlayDef } from '@lottery/rules/play';
import { lhcTierOf } from '@lottery/rules/plays/lhc-tier';
import { serverNow } from '../../../shared/api/server-time';

/**
 * Odds shown on option buttons and the prize line, from the play's tiers at the player's prize
 * group (packages/rules/odds: the very rates the server settles with). The single-mode footer's
 * 最高可中 is packages/rules/max-win over the whole line.
 */

/**
 * The tier an option button or ball pays on: matched by name or key, else the play's best tier.
 * LHC asks its own rules (the year's zodiac pays less on 特肖/一肖; 合肖 pays by how many are
 * chosen, `chosen`, at least 2).
 */
export function tierFor(play: PlayDef, code: string, label: string, chosen = 2): string {
  if (play.family === 'LHC') {
    const tier = lhcTierOf(play, code, zodiacYearAt(serverNow()), Math.max(2, chosen));
    if (tier) return tier;
  }
  const byName = play.tiers.find(
    (t) => t.name === label || t.name === code || t.key === code || t.name === `和值${code}`,
  );
  if (byName) return byName.key;
  // Slot plays: '万位大' pays on 单球大 rather than 总和大; '总和大' on 总和大.
  const prefix = label.endsWith(code) ? label.slice(0, label.length - code.length) : '';
  const bySuffix = play.tiers.filter((t) => t.name.endsWith(code));
  const samePrefix = bySuffix.find((t) => t.name === `${prefix}${code}`);
  if (samePrefix) return samePrefix.key;
  const otherSlot = bySuffix.find((t) => !t.name.startsWith('总和'));
  if (otherSlot && prefix !== '总和') return otherSlot.key;
  if (bySuffix[0]) return bySuffix[0].key;
  return bestTier(play, 0);
}

function bestTier(play: PlayDef, group: number): string {
  if (group <= 0) return play.tiers[0]!.key;
  const rates = playRates(play, group);
  let best = play.tiers[0]!.key;
  for (const t of play.tiers) if (rates.get(t.key)! > rates.get(best)!) best = t.key;
  return best;
}

/** Odds text of one tier: per 1 yuan for credit plays, per 2-yuan note for number plays. */
export function oddsText(play: PlayDef, group: number, tier: string): string {
  const rate = playRates(play, group).get(tier);
  return rate === undefined ? '' : formatOdds(rate);
}

/**
 * The prize line under the play tip: 赔率 for a one-tier credit play (several tiers show on the
 * buttons instead), 单注奖金 per 2-yuan note for a number play (最高 when it has several tiers;
 * both prizes, 组三/组六, for a half-bonus play).
 */
export function prizeLine(play: PlayDef, group: number): string | undefined {
  if (group <= 0) return undefined;
  const rates = playRates(play, group);
  if (play.credit) {
    if (play.tiers.length !== 1) return undefined;
    return `赔率 ${formatOdds(rates.get(play.tiers[0]!.key)!)}`;
  }
  if (isHalfBonus(play)) {
    const [group3, group6] = [rates.get('group3')!, rates.get('group6')!];
    return `单注奖金 ${formatOdds(group3, HALF_BONUS_DECIMALS)}元/${formatOdds(group6, HALF_BONUS_DECIMALS)}元`;
  }
  let best = 0n;
  for (const r of rates.values()) if (r > best) best = r;
  return `${play.tiers.length > 1 ? '最高' : ''}单注奖金 ${formatOdds(best)}元`;
}
