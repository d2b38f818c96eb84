#!/usr/bin/env node
/**
 * The demo banners' and the demo logo's pictures, rasterised: each apps/server/assets/banners/*.svg
 * and brand/logo.svg (the artwork, kept as the source) is drawn at twice its size (360x140, 240x64)
 * in Chromium and saved beside it as .webp, which is what the seed serves. A raster banner decodes off the main thread; an SVG image is a small
 * document of its own that the page's main thread styles and lays out (its Chinese text included),
 * ~25 ms a picture on a fast machine (docs/bench.md, web). Run after editing an SVG:
 * `node scripts/render-banners.mjs` (needs /usr/bin/chromium).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ASSETS = fileURLToPath(new URL('../apps/server/assets/', import.meta.url));
const QUALITY = 0.9;
/** [svg file, width, height] of each picture, at twice the size it is shown at. */
const PICTURES = [
  ...readdirSync(join(ASSETS, 'banners'))
    .filter((file) => file.endsWith('.svg'))
    .map((file) => [join(ASSETS, 'banners', file), 720, 280]),
  [join(ASSETS, 'brand/logo.svg'), 480, 128],
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const [file, width, height] of PICTURES) {
    const svg = readFileSync(file, 'utf8');
    const dataUrl = await page.evaluate(
      async ({ svg, width, height, quality }) => {
        const img = new Image(width, height);
        img.src = `data:image/svg+xml;base64,${btoa(String.fromCharCode(...new TextEncoder().encode(svg)))}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d')?.drawImage(img, 0, 0, width, height);
        return canvas.toDataURL('image/webp', quality);
      },
      { svg, width, height, quality: QUALITY },
    );
    const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    writeFileSync(file.replace(/\.svg$/, '.webp'), webp);
    console.log(`${file} -> .webp (${webp.length} bytes)`);
  }
} finally {
  await browser.close();
}
