/** Our own lottery icons (DESIGN.md §9): a coloured disc with the family's glyph. */
const FAMILY_LOOK: Record<string, { glyph: string; from: string; to: string }> = {
  K3: { glyph: '快3', from: '#ff7a45', to: '#d4380d' },
  SSC: { glyph: '时', from: '#f5515f', to: '#a1051d' },
  SYX5: { glyph: '11', from: '#36cfc9', to: '#08979c' },
  PK10: { glyph: '赛', from: '#597ef7', to: '#1d39c4' },
  FC3D: { glyph: '3D', from: '#9254de', to: '#531dab' },
  PL35: { glyph: '排', from: '#f759ab', to: '#c41d7f' },
  KL8: { glyph: '8', from: '#73d13d', to: '#389e0d' },
  LHC: { glyph: '六', from: '#ffc53d', to: '#d48806' },
  BJ28: { glyph: '28', from: '#40a9ff', to: '#0958d9' },
  STOCK: { glyph: '股', from: '#ff4d4f', to: '#820014' },
};

export function familyLook(family: string) {
  return FAMILY_LOOK[family] ?? { glyph: family.slice(0, 1), from: '#bfbfbf', to: '#595959' };
}

export function LotteryIcon({ family, size = 48 }: { family: string; size?: number }) {
  const look = familyLook(family);
  const id = `lottery-grad-${family}`;
  const fontSize = look.glyph.length > 1 ? 17 : 22;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={family}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={look.from} />
          <stop offset="1" stopColor={look.to} />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="23" fill={`url(#${id})`} />
      <circle cx="24" cy="24" r="18" fill="none" stroke="rgba(255,255,255,0.45)" strokeWidth="1.5" />
      <ellipse cx="17" cy="13" rx="8" ry="4" fill="rgba(255,255,255,0.22)" />
      <text
        x="24"
        y="24"
        dy="0.36em"
        textAnchor="middle"
        fontSize={fontSize}
        fontWeight="700"
        fill="#fff"
        fontFamily="'PingFang SC','Noto Sans CJK SC',sans-serif"
      >
        {look.glyph}
      </text>
    </svg>
  );
}
