import type { SharedBetCard } from '@lottery/contract/chat';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * Sharing a placed bet into chat, as pages that place bets (the play page, long dragon) see it.
 * The app fills it in from the share feature (app/lottery-play.tsx, app/long-queue.tsx,
 * app/chat-room.tsx), so no betting feature imports another (DESIGN.md §3, §10).
 */
export interface ShareSlot {
  /** Opens the share flow for the lines of a placed bet; `roomCode` when betting from a room. */
  open(lines: SharedBetCard['data'], options: { roomCode?: string; toThisRoom?: boolean }): void;
  /** The flow's popups, rendered by the page. */
  view: ReactNode;
}

/** The search parameter that says which chat room opened a betting page (分享到本聊天室 sends there). */
export const ROOM_CODE_PARAM = 'roomCode';

const ShareSlotContext = createContext<(() => ShareSlot) | undefined>(undefined);

export function ShareSlotProvider({
  useShare,
  children,
}: {
  useShare?: () => ShareSlot;
  children: ReactNode;
}) {
  return <ShareSlotContext.Provider value={useShare}>{children}</ShareSlotContext.Provider>;
}

const useNoShare = (): ShareSlot | null => null;

/** The share flow, or null when the app registered none (no 分享注单 is offered then). */
export function useShareSlot(): ShareSlot | null {
  // The slot is fixed for the app's lifetime, so the hook order never changes between renders.
  const useShare = useContext(ShareSlotContext) ?? useNoShare;
  return useShare();
}
