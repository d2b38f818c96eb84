import {
  type LotteryExtensions,
  LotteryExtensionsProvider,
} from '../features/lottery/extensions/lottery-extensions';
import LotteryPlayPage from '../features/lottery/pages/lottery-play-page';
import { useShare } from '../features/share-bet/hooks/use-share';

/**
 * The play page as the app composes it: lottery knows no other feature, so sharing a placed bet
 * into chat is registered here (DESIGN.md §10).
 */
export const lotteryExtensions: LotteryExtensions = { useShare };

export default function LotteryPlay() {
  return (
    <LotteryExtensionsProvider value={lotteryExtensions}>
      <LotteryPlayPage />
    </LotteryExtensionsProvider>
  );
}
