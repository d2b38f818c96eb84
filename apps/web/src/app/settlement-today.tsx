import SettlementTodayPage from '../features/account-records/pages/settlement-today-page';
import { useShare } from '../features/share-bet/hooks/use-share';
import { ShareSlotProvider } from '../shared/ui/share-slot';

/**
 * /settlementToday as the app composes it: the records feature knows no other feature, so 分享战绩
 * (the period's result into chat, a type-9 card) is registered here, as for the play page.
 */
export default function SettlementToday() {
  return (
    <ShareSlotProvider useShare={useShare}>
      <SettlementTodayPage />
    </ShareSlotProvider>
  );
}
