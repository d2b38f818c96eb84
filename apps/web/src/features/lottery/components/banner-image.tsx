import type { Banner } from '../api/get-banners';

/** Banner artwork is drawn at 360x140 (the box's aspect ratio), so the image reserves its space. */
const BANNER_WIDTH = 360;
const BANNER_HEIGHT = 140;

/**
 * One banner: a button over its picture. The first (`eager`) is drawn with the frame that shows
 * the page (decoded with it: it is the hall's largest picture); the others are fetched when
 * scrolled near, and not before `loaded` (the box keeps its size without a source).
 */
export function BannerImage({
  banner,
  onOpen,
  eager = false,
  loaded = true,
}: {
  banner: Banner;
  onOpen(banner: Banner): void;
  eager?: boolean;
  loaded?: boolean;
}) {
  return (
    <button type="button" className="banner-item" onClick={() => onOpen(banner)}>
      <img
        src={loaded ? banner.imageUrl : undefined}
        alt={banner.title ?? ''}
        width={BANNER_WIDTH}
        height={BANNER_HEIGHT}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding={eager ? 'sync' : 'async'}
      />
    </button>
  );
}
