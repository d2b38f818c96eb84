import { ActivityList } from '../features/activity/pages/activity-page';
import { DailySignCard } from '../features/vip/components/daily-sign-card';
import { useUserStore } from '../shared/stores/user';

/**
 * /activity as the app composes it: the activity list with the daily sign-in card of the VIP
 * feature on top for a logged-in player (features do not import each other, DESIGN.md §10).
 */
export default function ActivityCentre() {
  const loggedIn = useUserStore((s) => s.user?.login === true);
  return <ActivityList top={loggedIn ? <DailySignCard /> : null} />;
}
