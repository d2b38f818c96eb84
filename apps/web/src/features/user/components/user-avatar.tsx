import { Avatar } from 'antd-mobile';

/** The avatar image, or a drawn initial when the user has none yet. */
export function UserAvatar({ src, name, size = 56 }: { src?: string; name: string; size?: number }) {
  if (src) return <Avatar src={src} style={{ '--size': `${size}px`, '--border-radius': '50%' }} />;
  return (
    <svg width={size} height={size} viewBox="0 0 56 56" role="img" aria-label={name}>
      <circle cx="28" cy="28" r="27" fill="#fff" stroke="#f5c451" strokeWidth="2" />
      <text x="28" y="28" dy="0.36em" textAnchor="middle" fontSize="24" fontWeight="700" fill="#c4161c">
        {name.slice(0, 1).toUpperCase()}
      </text>
    </svg>
  );
}
