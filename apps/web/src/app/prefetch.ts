import { HALL_PATHS, playPageOf } from '@lottery/contract/first-screen';
import { isFamily } from '@lottery/rules/family';
import type { QueryClient } from '@tanstack/react-query';
import { allLotteryDataQuery } from '../features/lottery/api/get-all-lottery-data';
import { announcementsQuery } from '../features/lottery/api/get-announcements';
import { bannersQuery } from '../features/lottery/api/get-banners';
import { lotteryOpenDataQuery } from '../features/lottery/api/lottery-open-data';
import { openResultQuery } from '../features/lottery/api/open-result';
import { familyPlaysQuery } from '../features/lottery/components/use-family-plays';

/**
 * Ask for the first screen's data while the app is still starting: React would only ask once the
 * route has resolved and rendered. The page's own queries pick up the same requests.
 * - the hall (/home): banners (its largest picture), the catalogue and the notices;
 * - the play page: the catalogue (it checks the code against it) and the family's plays (a chunk
 *   of their own), which it waits for before it draws the betting screen, and the issue on sale
 *   and the latest results it draws first (the page itself asks for the rebate and the balance, which
 *   need the lottery's type and a player).
 *
 * Resolves once the reads the page waits for before it draws its screen have settled (the hall's
 * banners and catalogue; the play page's catalogue and plays), answered or failed: main.tsx draws
 * the app then, so that its first render is the page and not a loading screen (issue 10). With
 * `all`, it waits for every read it starts (the server's renderer draws them all: entry-server.tsx).
 */
export async function prefetchFirstScreen(
  queryClient: QueryClient,
  pathname: string,
  { all = false } = {},
): Promise<void> {
  const later: Promise<void>[] = [];
  const laterRead = (read: Promise<void>) => {
    if (all) later.push(read);
  };
  if (HALL_PATHS.has(pathname)) {
    const drawn = [
      queryClient.prefetchQuery(bannersQuery()),
      queryClient.prefetchQuery(allLotteryDataQuery()),
    ];
    laterRead(queryClient.prefetchQuery(announcementsQuery()));
    await Promise.all([...drawn, ...later]);
    return;
  }
  const play = playPageOf(pathname, isFamily);
  if (!play) return;
  const drawn = [
    queryClient.prefetchQuery(allLotteryDataQuery()),
    queryClient.prefetchQuery(familyPlaysQuery(play.family)),
  ];
  const { lotteryCode } = play;
  if (lotteryCode !== undefined) {
    laterRead(queryClient.prefetchQuery(lotteryOpenDataQuery(lotteryCode)));
    laterRead(queryClient.prefetchQuery(openResultQuery(lotteryCode)));
  }
  // prefetchQuery never rejects: a failed read is the query's error state, which the page shows
  await Promise.all([...drawn, ...later]);
}
