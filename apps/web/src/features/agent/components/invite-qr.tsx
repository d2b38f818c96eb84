import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * The QR code of an invite link, drawn on the phone (uqr, no network): one SVG path of the dark
 * modules, so it scales crisply and needs no canvas. Medium error correction survives a screenshot.
 */
export function InviteQr(props: { link: string; size?: number }) {
  const { path, size } = useMemo(() => {
    const qr = encode(props.link, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, size: qr.size };
  }, [props.link]);
  const px = props.size ?? 148;
  return (
    <svg
      className="agent-qr"
      role="img"
      aria-label="邀请二维码"
      data-testid="invite-qr"
      width={px}
      height={px}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#1f1f1f" />
    </svg>
  );
}
