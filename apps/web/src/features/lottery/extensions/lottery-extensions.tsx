import type { SharedBetCard } from '@lottery/contract/chat';
import { formatMoney } from '@lottery/contract/money';
import { createContext, type ReactNode, useContext } from 'react';
import type { BasketLine } from '../model/basket';

/**
 * What other features contribute to the lottery play page, filled in by the app
 * (app/lottery-play.tsx), so lottery imports no other feature (DESIGN.md §3, §10).
 */

/** Sharing a placed bet into chat: `open` starts it, `view` renders its popups on the page. */
export interface ShareSlot {
  /** Opens the share flow for the lines of a placed bet; `roomCode` when betting from a room. */
  open(lines: SharedBetCard['data'], options: { roomCode?: string; toThisRoom?: boolean }): void;
  view: ReactNode;
}

/** The search parameter that says which chat room opened the play page (分享到本聊天室 sends there). */
export const ROOM_CODE_PARAM = 'roomCode';

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

export interface LotteryExtensions {
  /** The share flow; without it the success dialog offers no 分享注单. */
  useShare?: () => ShareSlot;
}

const LotteryExtensionsContext = createContext<LotteryExtensions>({});

export function LotteryExtensionsProvider({
  value,
  children,
}: {
  value: LotteryExtensions;
  children: ReactNode;
}) {
  return <LotteryExtensionsContext.Provider value={value}>{children}</LotteryExtensionsContext.Provider>;
}

const useNoShare = (): ShareSlot | null => null;

/** The page's share flow, or null when the app registered none. */
export function useShareSlot(): ShareSlot | null {
  // The slot is fixed for the app's lifetime, so the hook order never changes between renders.
  const useShare = useContext(LotteryExtensionsContext).useShare ?? useNoShare;
  return useShare();
}
