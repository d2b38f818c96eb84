import type { ReactNode } from 'react';
import { type ShareSlot, ShareSlotProvider } from '../../../shared/ui/share-slot';

/**
 * What other features contribute to the lottery play page, filled in by the app
 * (app/lottery-play.tsx), so lottery imports no other feature (DESIGN.md §3, §10).
 */

export { ROOM_CODE_PARAM, type ShareSlot, useShareSlot } from '../../../shared/ui/share-slot';

export interface LotteryExtensions {
  /** The share flow; without it the success dialog offers no 分享注单. */
  useShare?: () => ShareSlot;
}

/** Provides what the app registered (the share flow) to the play page. */
export function LotteryExtensionsProvider({
  value,
  children,
}: {
  value: LotteryExtensions;
  children: ReactNode;
}) {
  return <ShareSlotProvider useShare={value.useShare}>{children}</ShareSlotProvider>;
}
