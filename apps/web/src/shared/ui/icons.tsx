import type { ReactNode } from 'react';

/**
 * The few line icons the first screens draw (home quick entries, the notice bar, the play page's
 * header), as small inline SVGs: antd-mobile-icons' versions of these cost about 6 KB gzipped of
 * JavaScript on /home and the play page (issue 10's budget). 1em square, stroked in currentColor,
 * like antd-mobile-icons, so they take the size and colour of the text around them.
 */
function LineIcon({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <svg
      className="line-icon"
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
      style={{ verticalAlign: '-0.125em' }}
    >
      {children}
    </svg>
  );
}

/** A coin in a circle (充值). */
export const PayIcon = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 8l3 3.5L15 8M8.5 12.5h7M8.5 15.5h7M12 11.5V18" />
  </LineIcon>
);

/** A bill with lines (提现). */
export const BillIcon = () => (
  <LineIcon>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </LineIcon>
);

/** A speaker (notices; 投注记录's entry keeps the look it had). */
export const SoundIcon = () => (
  <LineIcon>
    <path d="M4 9.5h3.5L12 5v14l-4.5-4.5H4z" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </LineIcon>
);

/** A gift box (优惠活动). */
export const GiftIcon = () => (
  <LineIcon>
    <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
    <path d="M5 12.5V20h14v-7.5M12 8.5V20M12 8.5C10.5 5 7 5 7.5 7.2 8 8.5 12 8.5 12 8.5zM12 8.5c1.5-3.5 5-3.5 4.5-1.3-.5 1.3-4.5 1.3-4.5 1.3z" />
  </LineIcon>
);

/** A trophy (中奖榜). */
export const TrophyIcon = () => (
  <LineIcon>
    <path d="M7 4h10v5a5 5 0 0 1-10 0zM7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5M12 14v4M8 20h8" />
  </LineIcon>
);

/** An arrow into a tray (下载APP). */
export const DownloadIcon = () => (
  <LineIcon>
    <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5M5 18.5h14" />
  </LineIcon>
);

/** A chevron pointing left (back). */
export const BackIcon = () => (
  <LineIcon>
    <path d="M15 5l-7 7 7 7" />
  </LineIcon>
);

/** A speech bubble (chat rooms). */
export const ChatIcon = () => (
  <LineIcon>
    <path d="M4 5.5h16v10H9l-4 3.5v-3.5H4z" />
    <path d="M8.5 10.5h.01M12 10.5h.01M15.5 10.5h.01" />
  </LineIcon>
);

/** Four tiles (购彩大厅 tab). */
export const HallIcon = () => (
  <LineIcon>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </LineIcon>
);

/** A play mark in a circle (棋牌 tab). */
export const GamesIcon = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M10 8.5v7l5.5-3.5z" />
  </LineIcon>
);

/** A head and shoulders (我的 tab). */
export const UserIcon = () => (
  <LineIcon>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20c.8-4 3.8-6 7.5-6s6.7 2 7.5 6" />
  </LineIcon>
);
