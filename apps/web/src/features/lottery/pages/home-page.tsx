import { useDeferredValue } from 'react';
import { useNavigate } from 'react-router';
import { isWebview } from '../../../shared/lib/env';
import { zhCN } from '../../../shared/locales/zh-CN';
import { useSiteStore } from '../../../shared/stores/site';
import brandMark from '../../../shared/ui/brand-mark.svg';
import { EmptyState } from '../../../shared/ui/empty-state';
import { BillIcon, DownloadIcon, GiftIcon, PayIcon, SoundIcon, TrophyIcon } from '../../../shared/ui/icons';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useAllLotteryData } from '../api/get-all-lottery-data';
import { useAnnouncements } from '../api/get-announcements';
import { type Banner, useBanners } from '../api/get-banners';
import { BannerCarousel } from '../components/banner-carousel';
import { BannerImage } from '../components/banner-image';
import { LotteryGrid } from '../components/lottery-grid';
import { NoticeMarquee } from '../components/notice-marquee';

function HomeHeader() {
  const navigate = useNavigate();
  const site = useSiteStore((s) => s.site);
  const showDownload = Boolean(site?.appDownload) && !isWebview();
  return (
    <header className="home-header">
      <div className="home-brand">
        {site?.logoMobile ? (
          <img src={site.logoMobile} alt={site.tenantName} className="home-logo-wide" />
        ) : (
          <>
            <img src={brandMark} alt="" className="home-logo" />
            <span>{site?.tenantName ?? ''}</span>
          </>
        )}
      </div>
      {showDownload ? (
        <button type="button" className="header-action" onClick={() => navigate('/appDownload')}>
          <DownloadIcon />
          下载APP
        </button>
      ) : null}
    </header>
  );
}

/** Our own banner when the operator has uploaded none: a drawn red-and-gold card, no stock image. */
function DefaultBanner({ name }: { name: string }) {
  return (
    <svg
      className="banner-svg"
      viewBox="0 0 360 140"
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={name}
    >
      <defs>
        <linearGradient id="banner-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#e8323a" />
          <stop offset="1" stopColor="#8e0b10" />
        </linearGradient>
      </defs>
      <rect width="360" height="140" fill="url(#banner-bg)" />
      <circle cx="300" cy="40" r="60" fill="rgba(255,214,102,0.18)" />
      <circle cx="320" cy="110" r="34" fill="rgba(255,214,102,0.25)" />
      <circle cx="262" cy="86" r="22" fill="#f5c451" />
      <text x="262" y="93" fontSize="20" textAnchor="middle" fill="#8e0b10" fontWeight="700">
        彩
      </text>
      <text x="24" y="62" fontSize="24" fill="#fff" fontWeight="700">
        {name}
      </text>
      <text x="24" y="94" fontSize="14" fill="#ffe7a8">
        公平开奖 · 每期可验证
      </text>
    </svg>
  );
}

function Banners({ banners, name }: { banners: Banner[] | undefined; name: string }) {
  const navigate = useNavigate();
  const first = banners?.[0];
  if (!first) {
    return (
      <div className="home-banner">
        <DefaultBanner name={name} />
      </div>
    );
  }
  const open = (banner: Banner) => {
    if (banner.linkUrl?.startsWith('/')) void navigate(banner.linkUrl);
    else if (banner.linkUrl) window.open(banner.linkUrl, '_blank', 'noopener');
  };
  return (
    <div className="home-banner">
      {banners.length > 1 ? (
        <BannerCarousel banners={banners} onOpen={open} />
      ) : (
        <BannerImage banner={first} onOpen={open} eager />
      )}
    </div>
  );
}

const QUICK_ENTRIES = [
  { to: '/recharge', title: '充值', icon: <PayIcon /> },
  { to: '/withdraw', title: '提现', icon: <BillIcon /> },
  { to: '/bettingRecord', title: '投注记录', icon: <SoundIcon /> },
  { to: '/activity', title: '优惠活动', icon: <GiftIcon /> },
  { to: '/winningInfomation', title: '中奖榜', icon: <TrophyIcon /> },
];

/** /home: the lottery hall by family, banners, the notice marquee and the way to activities and winners. */
export default function HomePage() {
  const navigate = useNavigate();
  const site = useSiteStore((s) => s.site);
  const banners = useBanners();
  const notices = useAnnouncements();
  const catalogue = useAllLotteryData();
  // Under React the hall's dozens of cards would be a background render it can pause. preact/compat
  // (ADR 0301) hands the value straight back: the grid is drawn in the task the answer arrives in.
  // Drawing it a few families per task was tried and left out: each step was a long task of its own
  // on a phone (docs/bench.md, web, fifth session).
  const families = useDeferredValue(catalogue.data?.lotteryList);
  const noticeText = (notices.data ?? []).map((n) => n.title).join('　　');

  return (
    <div className="home-page">
      <HomeHeader />
      <Banners banners={banners.data} name={site?.tenantName ?? ''} />
      <NoticeMarquee text={noticeText || '欢迎光临，祝您游戏愉快！'} onOpen={() => navigate('/notice')} />
      <nav className="quick-entries">
        {QUICK_ENTRIES.map((entry) => (
          <button type="button" key={entry.to} className="quick-entry" onClick={() => navigate(entry.to)}>
            <span className="quick-icon">{entry.icon}</span>
            <span>{entry.title}</span>
          </button>
        ))}
      </nav>
      {catalogue.isPending ? <PageLoading /> : null}
      {catalogue.isError ? <EmptyState text={zhCN.noData} /> : null}
      {families?.map((group) =>
        group.lotteries.length === 0 ? null : (
          <section key={group.family} className="card">
            <h2 className="section-title">
              <span>{group.familyName}</span>
              <button
                type="button"
                className="section-more"
                onClick={() => navigate(`/lotteryHall?key=${encodeURIComponent(group.family)}`)}
              >
                更多 &gt;
              </button>
            </h2>
            <LotteryGrid lotteries={group.lotteries} />
          </section>
        ),
      )}
    </div>
  );
}
