import { ActivityList } from '../features/activity/pages/activity-page';
import { DailySignCard } from '../features/vip/components/daily-sign-card';
import { UpgradeBonusCard } from '../features/vip/components/upgrade-bonus-card';
import { useUserStore } from '../shared/stores/user';

/**
 * /activity as the app composes it: the activity list with the VIP feature's unpaid upgrade bonus
 * (where the upgrade prompt's 领取奖励 leads) and daily sign-in card on top for a logged-in player (features do not import each other, DESIGN.md §10).
 */
export default function ActivityCentre() {
  const loggedIn = useUserStore((s) => s.user?.login === true);
  return (
    <ActivityList
      top={
        loggedIn ? (
          <>
            <UpgradeBonusCard onlyClaimable />
            <DailySignCard />
          </>
        ) : null
      }
    />
  );
}
