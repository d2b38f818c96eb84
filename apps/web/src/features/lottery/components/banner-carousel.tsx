import { useEffect, useRef, useState } from 'react';
import { isFirstScreenShown, whenFirstScreenShown } from '../../../shared/lib/first-screen';
import type { Banner } from '../api/get-banners';
import { BannerImage } from './banner-image';

/** As antd-mobile's Swiper autoplay: the next banner every 3 seconds. */
const AUTOPLAY_MS = 3000;

/**
 * The home banners as a carousel the browser scrolls itself: a row of full-width pictures with CSS
 * scroll snapping, swiped by the finger as any list is, and moved on every 3 seconds with a smooth
 * `scrollTo` (after the last, back to the first). No JavaScript runs per frame, so the landing page
 * keeps its main thread free (antd-mobile's Swiper animates through react-spring on every frame:
 * issue 10). Autoplay holds while a finger is on it, while the page is hidden, and when the user
 * asks for reduced motion. The first picture is fetched with the page; the others once the first
 * screen is shown (the browser's lazy loading fetches a row's pictures at once, and on the app's
 * first screen their 50 KB came ahead of the first banner's paint: issue 10).
 */
export function BannerCarousel({ banners, onOpen }: { banners: Banner[]; onOpen(banner: Banner): void }) {
  const track = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  const [restLoaded, setRestLoaded] = useState(isFirstScreenShown);

  useEffect(() => {
    if (restLoaded) return;
    let alive = true;
    void whenFirstScreenShown().then(() => {
      if (alive) setRestLoaded(true);
    });
    return () => {
      alive = false;
    };
  }, [restLoaded]);

  useEffect(() => {
    const row = track.current;
    if (!row) return;
    const onScroll = () => setShown(Math.round(row.scrollLeft / Math.max(1, row.clientWidth)));
    row.addEventListener('scroll', onScroll, { passive: true });
    return () => row.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    const row = track.current;
    if (!row || banners.length < 2 || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let touching = false;
    const hold = () => {
      touching = true;
    };
    const release = () => {
      touching = false;
    };
    row.addEventListener('pointerdown', hold, { passive: true });
    row.addEventListener('touchstart', hold, { passive: true });
    row.addEventListener('pointerup', release, { passive: true });
    row.addEventListener('touchend', release, { passive: true });
    const timer = setInterval(() => {
      if (touching || document.hidden) return;
      const next = (Math.round(row.scrollLeft / Math.max(1, row.clientWidth)) + 1) % banners.length;
      row.scrollTo({ left: next * row.clientWidth, behavior: 'smooth' });
    }, AUTOPLAY_MS);
    return () => {
      clearInterval(timer);
      row.removeEventListener('pointerdown', hold);
      row.removeEventListener('touchstart', hold);
      row.removeEventListener('pointerup', release);
      row.removeEventListener('touchend', release);
    };
  }, [banners.length]);

  return (
    <>
      <div className="banner-track" ref={track}>
        {banners.map((banner, index) => (
          <BannerImage
            key={banner.id}
            banner={banner}
            onOpen={onOpen}
            eager={index === 0}
            loaded={index === 0 || restLoaded}
          />
        ))}
      </div>
      <div className="banner-dots" aria-hidden="true">
        {banners.map((banner, index) => (
          <span key={banner.id} className={index === shown ? 'banner-dot active' : 'banner-dot'} />
        ))}
      </div>
    </>
  );
}
