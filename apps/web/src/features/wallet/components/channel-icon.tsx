import type { DepositChannel } from '@lottery/contract/wallet';

/** Our own channel badges: a coloured disc with the channel's glyph (no third-party logos). */
const BADGES: Record<DepositChannel, [string, string]> = {
  banktransfer: ['#c4161c', '银'],
  internetbank: ['#1d5fb8', '网'],
  alipay: ['#1677ff', '支'],
  wechat: ['#07c160', '微'],
  qqpay: ['#12b7f5', 'Q'],
  unionpay: ['#d7000f', '联'],
  quickpass: ['#e0412f', '闪'],
  jdpay: ['#e1251b', '京'],
  digitalcurrencypay: ['#26a17b', '₮'],
  digitalrmb: ['#b8860b', '¥'],
  douyin: ['#111111', '抖'],
};

export function ChannelIcon({ channel, size = 40 }: { channel: DepositChannel; size?: number }) {
  const [color, glyph] = BADGES[channel] ?? ['#999', '充'];
  return (
    <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" className="channel-icon">
      <circle cx="20" cy="20" r="19" fill={color} />
      <circle cx="20" cy="20" r="15" fill="none" stroke="#fff" strokeOpacity="0.35" strokeWidth="1.5" />
      <text x="20" y="26.5" textAnchor="middle" fontSize="17" fontWeight="700" fill="#fff">
        {glyph}
      </text>
    </svg>
  );
}
