import type { SharedBetCard } from '@lottery/contract/chat';
import { formatMoney } from '@lottery/contract/money';
import type { BasketLine } from '../model/basket';

/**
 * The lines of a placed bet as a shared slip (spec/betting.md §3 share data, type 7): what was bet
 * (play code, numbers, notes, unit, multiplier) so that a follower can place it again, and the
 * display texts (betDetailTitle = the play's name, betDetailContent = the selection).
 */
export function shareLinesOf(
  lines: readonly BasketLine[],
  bet: { lotteryName: string; lotteryType: number; issue: string },
): SharedBetCard['data'] {
  return lines.map((l) => ({
    lotteryCode: l.lotteryCode,
    lotteryName: bet.lotteryName,
    lotteryType: bet.lotteryType,
    bettingIssue: bet.issue,
    // the card carries yuan as a JSON number printed from the exact decimal
    bettingAmount: Number(formatMoney(l.amountMinor, 2)),
    // the card's text limits (contract SharedBetLine): a longer selection is cut for display only
    betDetail: l.betDetail.slice(0, 200),
    betDetailTitle: l.playName.slice(0, 60),
    betDetailContent: l.betDetail.slice(0, 500),
    playDetailCode: l.playDetailCode,
    bettingNumber: l.bettingNumber,
    bettingCount: l.bettingCount,
    bettingUnit: Number(l.bettingUnit) as 1 | 0.1 | 0.01,
    graduationCount: l.graduationCount,
  }));
}
