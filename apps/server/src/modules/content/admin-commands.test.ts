import { describe, expect, it } from 'vitest';
import { json, testApp, testConfig } from '../../test/app';
import { CONTENT_COMMANDS } from './admin-commands';

describe('content operator commands', async () => {
  const { app, database, clock } = await testApp();
  const env = { config: testConfig(), database, clock };
  const run = (name: string, args: string[]) => CONTENT_COMMANDS[name]!.run(args, env);

  it('publishes a sanitised notice', async () => {
    const out = await run('content-notice', [
      '--title',
      '运维公告',
      '--html',
      '<p onclick="x()">维护<script>bad()</script></p>',
    ]);
    const id = Number(/notice (\d+)/.exec(out)![1]);
    const rows = await database.query<{ content: string }>(
      'SELECT content FROM announcements WHERE id = $1',
      [id],
    );
    expect(rows[0]!.content).toBe('<p>维护</p>');
  });

  it('adds a banner to the home carousel, hides it again, and refuses foreign images and script links', async () => {
    const banners = async () =>
      json<{ id: number; title: string }[]>(
        await app.inject({ method: 'GET', url: '/v1/management/content/imageBannerHomeMobileFront' }),
      ).data!;
    const out = await run('content-banner', [
      '--title',
      '周末活动',
      '--image',
      '/static/banners/daily-bonus.svg',
      '--link',
      '/activity',
    ]);
    const id = Number(/banner (\d+) added/.exec(out)![1]);
    clock.advance(3_000); // past the hot-read cache's age
    expect((await banners()).map((b) => b.title)).toContain('周末活动');
    expect(await run('content-banner-disable', [String(id)])).toBe(`banner ${id} hidden`);
    clock.advance(3_000);
    expect((await banners()).map((b) => b.id)).not.toContain(id);
    await expect(
      run('content-banner', ['--title', 'x', '--image', 'https://evil.example/a.png']),
    ).rejects.toThrow('/static/');
    await expect(
      run('content-banner', ['--title', 'x', '--image', '/static/a.svg', '--link', 'javascript:alert(1)']),
    ).rejects.toThrow('link');
    await expect(run('content-banner-disable', ['999999'])).rejects.toThrow('does not exist');
  });

  it('sends a message to one account, or to all, and refuses bad command lines', async () => {
    expect(await run('content-message', ['--to', 'player01', '--title', '单发', '--html', '<p>hi</p>'])).toBe(
      'message sent to 1 account(s)',
    );
    expect(await run('content-message', ['--all', '--title', '群发', '--html', 'all'])).toMatch(
      /sent to [3-9]\d* account/,
    );
    await expect(
      run('content-message', ['--to', 'nobody_here', '--title', 't', '--html', 'x']),
    ).rejects.toThrow('no account');
    await expect(run('content-message', ['--title', 't', '--html', 'x'])).rejects.toThrow(
      '--to NAME or --all',
    );
    await expect(run('content-notice', ['--title', 't'])).rejects.toThrow('--html or --file');
  });

  it('adds a help article that the help list then shows', async () => {
    await run('content-article', [
      '--help',
      '--title',
      '如何联系客服',
      '--html',
      '<p>点击客服按钮</p>',
      '--sort',
      '9',
    ]);
    const list = json<{ title: string }[]>(
      await app.inject({ method: 'GET', url: '/v1/management/content/getAssistanceList' }),
    );
    expect(list.data!.map((a) => a.title)).toContain('如何联系客服');
  });
});
