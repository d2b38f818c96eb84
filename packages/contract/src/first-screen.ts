import { callUrl } from './enpath';
import { DrawPaths, PLAY_PAGE_PATH } from './paths';

/**
 * The reads a first screen asks for while the app is still starting (web `app/prefetch.ts`), as
 * the URLs it fetches. The server names them in the HTML's `Link` header (`rel=preload; as=fetch`)
 * so the browser fetches them alongside the JavaScript instead of after it has run; the web's
 * prefetch test holds the two lists equal.
 */
export const HallReads = {
  banners: 'management/content/imageBannerHomeMobileFront',
  catalogue: 'management/content/getAllLotteryDataFront',
  notices: 'users/announcement',
} as const;

/** How many latest results the play page's results strip asks for. */
export const PLAY_PAGE_RESULTS = 10;

/** Paths that show the lottery hall first (the README's URL is `/`, which goes to /home). */
export const HALL_PATHS: ReadonlySet<string> = new Set(['/', '/index', '/home']);

/** A play page's family and lottery code, or undefined (not a play page, a code that does not decode). */
export function playPageOf<F extends string>(
  pathname: string,
  isFamily: (family: string) => family is F,
): { family: F; lotteryCode: string | undefined } | undefined {
  const [, family, code] = PLAY_PAGE_PATH.exec(pathname) ?? [];
  if (family === undefined || code === undefined || !isFamily(family)) return undefined;
  return { family, lotteryCode: safeDecode(code) };
}

/** The URLs of the reads the first screen of `pathname` asks for before it renders. */
export function firstScreenReadUrls(pathname: string, isFamily: (family: string) => boolean): string[] {
  if (HALL_PATHS.has(pathname))
    return [callUrl(HallReads.banners), callUrl(HallReads.catalogue), callUrl(HallReads.notices)];
  const play = playPageOf(pathname, (family): family is string => isFamily(family));
  if (!play) return [];
  const { lotteryCode } = play;
  if (lotteryCode === undefined) return [callUrl(HallReads.catalogue)];
  return [
    callUrl(HallReads.catalogue),
    callUrl(DrawPaths.lotteryOpenData, { lotteryCode }),
    callUrl(DrawPaths.openResult, { lotteryCode, dataNum: PLAY_PAGE_RESULTS }),
  ];
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
