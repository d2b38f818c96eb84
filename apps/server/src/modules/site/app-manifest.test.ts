import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/app';
import { ownAsset } from './app-manifest';
import { updateSiteConfig } from './tenant-repo';

describe('the installable app manifest', async () => {
  const { app, database } = await testApp();

  it('names the tenant, starts at /home and lists PNG icons of 192 and 512', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: '吉彩娱乐',
      display: 'standalone',
      start_url: '/home?source=pwa',
      scope: '/',
    });
    expect(manifest.icons).toHaveLength(4);
  });

  it('renders each icon as a PNG of its size, the maskable one on the theme colour', async () => {
    for (const kind of ['icon', 'maskable']) {
      for (const size of [192, 512]) {
        const res = await app.inject({ method: 'GET', url: `/pwa/${kind}-${size}.png` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
        // a maskable icon fills its corners (the launcher crops them); the plain one keeps them clear
        const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
        expect(data[3]).toBe(kind === 'maskable' ? 255 : 0);
      }
    }
  });

  it('refuses other sizes and names', async () => {
    for (const url of ['/pwa/icon-64.png', '/pwa/other-192.png', '/pwa/icon-192x.png']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('falls back to the brand icon when the tenant icon is not one of our own files', async () => {
    await updateSiteConfig(database.db, 'demo', { icon: 'https://elsewhere.example/icon.png' }, Date.now());
    app.ctx.tenant.invalidate();
    const res = await app.inject({ method: 'GET', url: '/pwa/icon-192.png' });
    expect(res.statusCode).toBe(200);
    expect(ownAsset('https://elsewhere.example/icon.png')).toBeNull();
    expect(ownAsset('/static/../../etc/passwd')).toBeNull();
    expect(ownAsset('/static/brand/icon.svg')).toMatch(/assets\/brand\/icon\.svg$/);
  });
});
