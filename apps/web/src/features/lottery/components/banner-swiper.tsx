import { Swiper } from 'antd-mobile';
import type { Banner } from '../api/get-banners';
import { BannerImage } from './banner-image';

/** The home banners as a looping, auto-playing carousel (loaded lazily by the home page). */
export default function BannerSwiper({
  banners,
  onOpen,
}: {
  banners: Banner[];
  onOpen(banner: Banner): void;
}) {
  return (
    <Swiper autoplay loop indicatorProps={{ color: 'white' }}>
      {banners.map((banner, index) => (
        <Swiper.Item key={banner.id}>
          <BannerImage banner={banner} onOpen={onOpen} eager={index === 0} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
