import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn here (uqr, no network, no <img> of a data URL): one SVG path of the dark
 * modules, with the quiet zone of four modules scanners expect.
 */
export function QrCode({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, modules: qr.size };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
