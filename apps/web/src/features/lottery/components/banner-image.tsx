import type { Banner } from '../api/get-banners';

/** Banner artwork is drawn at 360x140 (the box's aspect ratio), so the image reserves its space. */
const BANNER_WIDTH = 360;
const BANNER_HEIGHT = 140;

/** One banner: a button over its picture. Only the first one is fetched before it is scrolled to. */
export function BannerImage({
  banner,
  onOpen,
  eager = false,
}: {
  banner: Banner;
  onOpen(banner: Banner): void;
  eager?: boolean;
}) {
  return (
    <button type="button" className="banner-item" onClick={() => onOpen(banner)}>
      <img
        src={banner.imageUrl}
        alt={banner.title ?? ''}
        width={BANNER_WIDTH}
        height={BANNER_HEIGHT}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
      />
    </button>
  );
}
