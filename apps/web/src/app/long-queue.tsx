import LongQueuePage from '../features/long-dragon/pages/long-queue-page';
import { useShare } from '../features/share-bet/hooks/use-share';
import { ShareSlotProvider } from '../shared/ui/share-slot';

/**
 * /longQueue as the app composes it: long dragon knows no other feature, so sharing a placed bet
 * into chat is registered here, as for the play page (DESIGN.md §10).
 */
export default function LongQueue() {
  return (
    <ShareSlotProvider useShare={useShare}>
      <LongQueuePage />
    </ShareSlotProvider>
  );
}
