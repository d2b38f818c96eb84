import type { QueryClient } from '@tanstack/react-query';
import { allLotteryDataQuery } from '../features/lottery/api/get-all-lottery-data';
import { announcementsQuery } from '../features/lottery/api/get-announcements';
import { bannersQuery } from '../features/lottery/api/get-banners';

/** Paths that show the lottery hall first (the README's URL is `/`, which goes to /home). */
const HALL_PATHS = new Set(['/', '/index', '/home']);

/**
 * Ask for the hall's data while the app is still starting: the first screen of /home waits on
 * these answers (the banner is its largest picture), and React would only ask once the route has
 * resolved and rendered. The page's own queries pick up the same requests.
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): void {
  if (!HALL_PATHS.has(pathname)) return;
  void queryClient.prefetchQuery(bannersQuery());
  void queryClient.prefetchQuery(allLotteryDataQuery());
  void queryClient.prefetchQuery(announcementsQuery());
}
