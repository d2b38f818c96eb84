import type { SharedBetCard } from '@lottery/contract/chat';
import { createContext, type ReactNode, useContext } from 'react';

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
