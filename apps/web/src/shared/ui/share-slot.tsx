import type { SharedBetCard, SharedResultCard } from '@lottery/contract/chat';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * Sharing a placed bet (the play page, long dragon) or a result (今日已结) into chat, as those pages
 * see it. The app fills it in from the share feature (app/lottery-play.tsx, app/long-queue.tsx,
 * app/chat-room.tsx, app/settlement-today.tsx), so no feature imports another (DESIGN.md §3, §10).
 */
export interface ShareSlot {
  /** Opens the share flow for the lines of a placed bet; `roomCode` when betting from a room. */
  open(lines: SharedBetCard['data'], options: { roomCode?: string; toThisRoom?: boolean }): void;
  /** 分享战绩: a result (bet, return, profit over a named period) to rooms and private chats. */
  openResult(result: SharedResultCard['data'][number]): void;
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
