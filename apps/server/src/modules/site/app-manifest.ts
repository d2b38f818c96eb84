import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ASSETS_DIR } from '../../paths';
import { siteConfigOf } from './service';
import { tenantOf } from './tenant-cache';

/** The sizes the manifest lists: Android's launcher (192) and splash screen (512). */
export const ICON_SIZES = [192, 512] as const;
const FALLBACK_ICON = '/static/brand/icon.svg';
const THEME = '#c4161c';
/** A maskable icon keeps its artwork inside the central 80 % circle: pad by 10 % each side. */
const MASKABLE_PADDING = 0.1;

/**
 * The installable app (issue 15, docs/pwa.md): the web app manifest with the tenant's name and
 * icons, and the icons themselves as PNG (launchers want PNG), rendered from the tenant's icon once
 * per source and size and kept in memory.
 */
export function registerAppManifest(app: FastifyInstance): void {
  const { ctx } = app;
  const rendered = new Map<string, Promise<Buffer>>();

  app.get('/manifest.webmanifest', async (_request, reply) => {
    const tenant = await tenantOf(ctx);
    const site = siteConfigOf(tenant);
    const icons = ICON_SIZES.flatMap((size) => [
      { src: `/pwa/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
      { src: `/pwa/maskable-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
    ]);
    reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8');
    return JSON.stringify({
      id: '/home',
      name: site.tenantName,
      short_name: site.tenantName.slice(0, 12),
      lang: 'zh-CN',
      start_url: '/home?source=pwa',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#ffffff',
      theme_color: THEME,
      icons,
    });
  });

  app.get<{ Params: { kind: string; size: string } }>('/pwa/:kind-:size.png', async (request, reply) => {
    const { kind, size: sizeText } = request.params;
    const size = Number(sizeText);
    if ((kind !== 'icon' && kind !== 'maskable') || !ICON_SIZES.includes(size as 192 | 512)) {
      return reply.status(404).type('text/plain').send('Not Found');
    }
    const site = siteConfigOf(await tenantOf(ctx));
    const source = ownAsset(site.icon) ?? ownAsset(FALLBACK_ICON)!;
    const key = `${source}|${kind}|${size}`;
    let png = rendered.get(key);
    if (!png) {
      png = renderIcon(source, size, kind === 'maskable');
      rendered.set(key, png);
      png.catch(() => rendered.delete(key));
    }
    reply.header('cache-control', 'public, max-age=86400').type('image/png');
    return reply.send(await png);
  });
}

/** A /static/ path of our own assets as a file inside ASSETS_DIR, or null (another host, `..`). */
export function ownAsset(url: string): string | null {
  if (!url.startsWith('/static/')) return null;
  const file = normalize(join(ASSETS_DIR, url.slice('/static/'.length).split('?')[0]!));
  return file.startsWith(ASSETS_DIR.endsWith(sep) ? ASSETS_DIR : ASSETS_DIR + sep) ? file : null;
}

async function renderIcon(file: string, size: number, maskable: boolean): Promise<Buffer> {
  const source = await readFile(file);
  if (!maskable) {
    return sharp(source, { density: 384 })
      .resize(size, size, { fit: 'contain', background: '#ffffff00' })
      .png()
      .toBuffer();
  }
  const inner = Math.round(size * (1 - 2 * MASKABLE_PADDING));
  const art = await sharp(source, { density: 384 })
    .resize(inner, inner, { fit: 'contain', background: '#ffffff00' })
    .png()
    .toBuffer();
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME } })
    .composite([{ input: art, left: offset, top: offset }])
    .png()
    .toBuffer();
}
