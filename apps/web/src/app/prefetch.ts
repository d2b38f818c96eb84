import { PLAY_PAGE_PATH } from '@lottery/contract/paths';
import { isFamily } from '@lottery/rules/family';
import type { QueryClient } from '@tanstack/react-query';
import { allLotteryDataQuery } from '../features/lottery/api/get-all-lottery-data';
import { announcementsQuery } from '../features/lottery/api/get-announcements';
import { bannersQuery } from '../features/lottery/api/get-banners';
import { familyPlaysQuery } from '../features/lottery/components/use-family-plays';

/** Paths that show the lottery hall first (the README's URL is `/`, which goes to /home). */
const HALL_PATHS = new Set(['/', '/index', '/home']);

/**
 * Ask for the first screen's data while the app is still starting: React would only ask once the
 * route has resolved and rendered. The page's own queries pick up the same requests.
 * - the hall (/home): banners (its largest picture), the catalogue and the notices;
 * - the play page: the catalogue (it checks the code against it) and the family's plays (a chunk
 *   of their own), which it waits for before it draws the betting screen.
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): void {
  if (HALL_PATHS.has(pathname)) {
    void queryClient.prefetchQuery(bannersQuery());
    void queryClient.prefetchQuery(allLotteryDataQuery());
    void queryClient.prefetchQuery(announcementsQuery());
    return;
  }
  const family = PLAY_PAGE_PATH.exec(pathname)?.[1];
  if (family !== undefined && isFamily(family)) {
    void queryClient.prefetchQuery(allLotteryDataQuery());
    void queryClient.prefetchQuery(familyPlaysQuery(family));
  }
}
