// Draws the server's own images (avatars, banners, brand) as SVG. Run: node apps/server/assets/draw.mjs
// The output is committed; re-run only to change the artwork.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const write = (rel, text) => {
  const file = join(here, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${text.trim()}\n`);
};

// Avatars: a face on a coloured disc; palette and features vary per index.
const avatars = [
  { bg: '#f8d7da', skin: '#ffe0bd', hair: '#3b2a20', style: 'short', mouth: 'smile', extra: 'none' },
  { bg: '#d6eaf8', skin: '#f1c27d', hair: '#1c1c1c', style: 'long', mouth: 'smile', extra: 'blush' },
  { bg: '#d5f5e3', skin: '#ffdbac', hair: '#8d5524', style: 'bun', mouth: 'open', extra: 'none' },
  { bg: '#fdebd0', skin: '#e0ac69', hair: '#2c1b0e', style: 'spiky', mouth: 'grin', extra: 'glasses' },
  { bg: '#e8daef', skin: '#ffe0bd', hair: '#b03a2e', style: 'long', mouth: 'smile', extra: 'glasses' },
  { bg: '#fcf3cf', skin: '#c68642', hair: '#111111', style: 'short', mouth: 'open', extra: 'blush' },
  { bg: '#d1f2eb', skin: '#f1c27d', hair: '#5d4037', style: 'cap', mouth: 'grin', extra: 'none' },
  { bg: '#fadbd8', skin: '#ffdbac', hair: '#6e2c00', style: 'bun', mouth: 'smile', extra: 'glasses' },
];

function hair(style, color) {
  switch (style) {
    case 'long':
      return `<path d="M26 58 C24 28 76 28 74 58 L78 88 L66 80 L66 50 C58 44 42 44 34 50 L34 80 L22 88 Z" fill="${color}"/>`;
    case 'bun':
      return `<circle cx="50" cy="22" r="10" fill="${color}"/><path d="M28 52 C28 30 72 30 72 52 C64 42 36 42 28 52 Z" fill="${color}"/>`;
    case 'spiky':
      return `<path d="M28 50 L30 32 L38 38 L42 26 L50 34 L58 24 L62 36 L70 30 L72 50 C62 42 38 42 28 50 Z" fill="${color}"/>`;
    case 'cap':
      return `<path d="M27 48 C27 26 73 26 73 48 Z" fill="#c0392b"/><rect x="48" y="44" width="32" height="6" rx="3" fill="#922b21"/>`;
    default:
      return `<path d="M28 52 C26 30 74 30 72 52 C66 40 34 40 28 52 Z" fill="${color}"/>`;
  }
}

function mouth(kind) {
  if (kind === 'open') return '<ellipse cx="50" cy="68" rx="6" ry="4" fill="#922b21"/>';
  if (kind === 'grin')
    return '<path d="M40 64 Q50 74 60 64 Z" fill="#fff" stroke="#922b21" stroke-width="2"/>';
  return '<path d="M41 65 Q50 72 59 65" stroke="#922b21" stroke-width="2.5" fill="none" stroke-linecap="round"/>';
}

function extra(kind) {
  if (kind === 'blush')
    return '<circle cx="36" cy="62" r="4" fill="#f1948a" opacity="0.7"/><circle cx="64" cy="62" r="4" fill="#f1948a" opacity="0.7"/>';
  if (kind === 'glasses')
    return '<g stroke="#333" stroke-width="2" fill="none"><circle cx="41" cy="54" r="7"/><circle cx="59" cy="54" r="7"/><path d="M48 54 L52 54"/></g>';
  return '';
}

avatars.forEach((a, i) => {
  const n = String(i + 1).padStart(2, '0');
  write(
    `avatars/avatar-${n}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
<circle cx="50" cy="50" r="50" fill="${a.bg}"/>
<path d="M22 100 C24 80 76 80 78 100 Z" fill="${['#c0392b', '#2874a6', '#239b56', '#b9770e'][i % 4]}"/>
<rect x="44" y="72" width="12" height="10" fill="${a.skin}"/>
<ellipse cx="50" cy="54" rx="22" ry="24" fill="${a.skin}"/>
${hair(a.style, a.hair)}
<circle cx="41" cy="54" r="3" fill="#222"/><circle cx="59" cy="54" r="3" fill="#222"/>
${mouth(a.mouth)}
${extra(a.extra)}
</svg>`,
  );
});

// Banners: 750x300, fireRed gradient, gold title, drawn balls and dice.
const ball = (x, y, r, fill, label) =>
  `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="#fff" stroke-width="3"/><text x="${x}" y="${y + r * 0.35}" font-size="${r}" text-anchor="middle" fill="#fff" font-family="Arial, sans-serif" font-weight="bold">${label}</text></g>`;
const die = (x, y, s, pips) => {
  const p = {
    1: [[0.5, 0.5]],
    2: [
      [0.25, 0.25],
      [0.75, 0.75],
    ],
    3: [
      [0.25, 0.25],
      [0.5, 0.5],
      [0.75, 0.75],
    ],
    4: [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ],
    5: [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.5, 0.5],
      [0.25, 0.75],
      [0.75, 0.75],
    ],
    6: [
      [0.25, 0.22],
      [0.75, 0.22],
      [0.25, 0.5],
      [0.75, 0.5],
      [0.25, 0.78],
      [0.75, 0.78],
    ],
  }[pips];
  return `<g><rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${s * 0.18}" fill="#fff" stroke="#e6b422" stroke-width="3"/>${p
    .map(
      ([px, py]) =>
        `<circle cx="${x + px * s}" cy="${y + py * s}" r="${s * 0.09}" fill="${pips === 1 ? '#c0392b' : '#222'}"/>`,
    )
    .join('')}</g>`;
};
const banner = (file, title, subtitle, art, from, to) =>
  write(
    `banners/${file}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="750" height="300" rx="16" fill="url(#g)"/>
<circle cx="680" cy="40" r="120" fill="#fff" opacity="0.06"/><circle cx="80" cy="280" r="90" fill="#fff" opacity="0.06"/>
<text x="48" y="130" font-size="52" font-weight="bold" fill="#ffd86b" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif">${title}</text>
<text x="48" y="186" font-size="26" fill="#fff" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif">${subtitle}</text>
${art}
</svg>`,
  );
banner(
  'fair-draw',
  '公平开奖 人人可验',
  '哈希链公开，每期结果可自行核对',
  ball(520, 150, 34, '#e74c3c', '8') +
    ball(600, 110, 30, '#3498db', '3') +
    ball(660, 190, 32, '#27ae60', '6'),
  '#b71c1c',
  '#e53935',
);
banner(
  'welcome',
  '新人注册 轻松上手',
  '一个账号，畅玩全部彩种',
  ball(540, 160, 40, '#f39c12', '彩') + ball(640, 120, 28, '#e74c3c', '7'),
  '#c62828',
  '#ff7043',
);
banner(
  'k3-fast',
  '快三 每分钟开奖',
  '三颗骰子，和值大小单双任你选',
  die(480, 100, 70, 5) + die(570, 130, 70, 3) + die(650, 90, 64, 6),
  '#8e0000',
  '#d32f2f',
);

// Activity covers (/activity).
const envelope = (x, y, w, label) =>
  `<g><rect x="${x}" y="${y}" width="${w}" height="${w * 1.3}" rx="${w * 0.12}" fill="#e53935" stroke="#ffd86b" stroke-width="3"/>` +
  `<path d="M${x} ${y + w * 0.35} Q${x + w / 2} ${y + w * 0.6} ${x + w} ${y + w * 0.35}" fill="none" stroke="#ffd86b" stroke-width="3"/>` +
  `<circle cx="${x + w / 2}" cy="${y + w * 0.52}" r="${w * 0.16}" fill="#ffd86b"/>` +
  `<text x="${x + w / 2}" y="${y + w * 0.6}" font-size="${w * 0.2}" font-weight="bold" text-anchor="middle" fill="#c62828" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif">${label}</text></g>`;
banner(
  'daily-bonus',
  '每日加奖 天天送',
  '昨日投注越多，今日加奖越高',
  ball(520, 150, 36, '#f39c12', '加') +
    ball(610, 110, 30, '#e74c3c', '奖') +
    ball(670, 190, 28, '#27ae60', '%'),
  '#6a1b9a',
  '#c2185b',
);
banner(
  'turnover-reward',
  '投注闯关 好礼相送',
  '活动期间投注达标，即可领取奖励',
  die(500, 110, 66, 6) + ball(640, 150, 40, '#f39c12', '礼'),
  '#0d47a1',
  '#1e88e5',
);
banner(
  'deposit-bonus',
  '充值优惠 多充多送',
  '每笔充值按比例赠送彩金',
  envelope(520, 70, 80, '送') + envelope(630, 110, 64, '赠'),
  '#bf360c',
  '#f57c00',
);
banner(
  'activity-red',
  '红包雨 天天抢',
  '活动红包限时开抢，先到先得',
  envelope(500, 60, 90, '抢') + envelope(620, 120, 70, '红'),
  '#b71c1c',
  '#ef5350',
);

// Brand: logo and icon.
write(
  'brand/icon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<rect width="128" height="128" rx="28" fill="#d32f2f"/><circle cx="64" cy="64" r="40" fill="#ffd86b"/>
<circle cx="64" cy="64" r="30" fill="#d32f2f"/><path d="M52 50 L64 40 L76 50 L72 86 L56 86 Z" fill="#ffd86b"/>
</svg>`,
);
write(
  'brand/logo.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">
<rect x="4" y="4" width="56" height="56" rx="14" fill="#ffd86b"/><circle cx="32" cy="32" r="18" fill="#d32f2f"/>
<path d="M26 26 L32 20 L38 26 L36 44 L28 44 Z" fill="#ffd86b"/>
<text x="72" y="43" font-size="30" font-weight="bold" fill="#fff" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif">吉彩娱乐</text>
</svg>`,
);

// Its styles are the committed support/online.css: the server's CSP refuses an inline <style>.
write(
  'support/online.html',
  `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>在线客服</title><link rel="stylesheet" href="/static/support/online.css"></head>
<body><header>在线客服</header><main><div class="card">
<p>这是演示站点的客服说明页。运营方上线前，请在后台把客服线路改为真实的在线客服链接。</p>
<p>服务时间：每日 09:00 - 24:00（北京时间）</p></div></main></body></html>`,
);
