import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { json, testApp } from '../../test/app';

describe('content', async () => {
  const { app } = await testApp();
  const get = (url: string) => app.inject({ method: 'GET', url });

  it('lists support lines in order', async () => {
    const body = json<{ id: number; name: string; linkType: number; linkUrl: string; htmlPath: string }[]>(
      await get('/v1/management/content/getSupportFront'),
    );
    expect(body.code).toBe(1);
    expect(body.data?.map((l) => l.name)).toEqual(['在线客服', '客服邮箱']);
    expect(body.data?.[0]).toMatchObject({ linkType: 2, htmlPath: '/static/support/online.html' });
    expect((await get(body.data![0].htmlPath)).statusCode).toBe(200);
  });

  it('lists home banners whose images are served', async () => {
    const banners = json<{ id: number; imageUrl: string; title: string; linkUrl: string }[]>(
      await get('/v1/management/content/imageBannerHomeMobileFront'),
    ).data!;
    expect(banners).toHaveLength(4);
    expect(banners.map((b) => b.linkUrl)).toEqual(['/fairness', '/activity', '/activityRed', '/lotteryHall']);
    for (const b of banners) {
      const img = await get(b.imageUrl);
      expect(img.statusCode).toBe(200);
      // a real picture at twice the banner box (360x140), decoded off the page's main thread
      expect(img.headers['content-type']).toContain('image/webp');
      const meta = await sharp(img.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 720, 280]);
    }
  });

  it('lists announcements newest first', async () => {
    const list = json<{ id: number; title: string; content: string; createdAt: number }[]>(
      await get('/v1/users/announcement'),
    ).data!;
    expect(list.map((a) => a.title)).toEqual(['欢迎来到吉彩娱乐', '开奖公平性说明']);
    expect(list[0].createdAt).toBeGreaterThan(list[1].createdAt);
  });
});
