import { firstScreenReadUrls } from '@lottery/contract/first-screen';
import { isFamily } from '@lottery/rules/family';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { footerBalanceQuery } from '../features/lottery/api/balance';
import { betRebateQuery } from '../features/lottery/api/bet-rebate';
import { tenantConfigQuery } from '../features/site/api/get-tenant-config';
import { firstScreenShown, holdUntilFirstScreenShown } from '../shared/lib/first-screen';
import { prefetchFirstScreen } from './prefetch';

function spyClient() {
  const client = new QueryClient();
  const prefetch = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
  return { client, keys: () => prefetch.mock.calls.map(([options]) => options.queryKey) };
}

describe('prefetchFirstScreen', () => {
  it('asks for the hall data (banners, catalogue, notices) on / and /home', async () => {
    for (const path of ['/', '/home']) {
      const { client, keys } = spyClient();
      await prefetchFirstScreen(client, path);
      expect(keys()).toEqual([
        ['site', 'banners'],
        expect.arrayContaining([expect.any(String)]),
        expect.arrayContaining([expect.any(String)]),
      ]);
    }
  });

  it('asks for the catalogue, the family plays, the issue on sale and the results on a play page', async () => {
    const { client, keys } = spyClient();
    await prefetchFirstScreen(client, '/lottery/K3/1401');
    expect(keys()).toEqual([
      ['lottery', 'allLotteryData'],
      ['rules', 'plays', 'K3'],
      ['lottery', 'openData', '1401'],
      ['lottery', 'openResult', '1401'],
    ]);
  });

  it('asks for no lottery data by a code that does not decode', async () => {
    const { client, keys } = spyClient();
    await prefetchFirstScreen(client, '/lottery/K3/%E0%A4%A');
    expect(keys()).toEqual([
      ['lottery', 'allLotteryData'],
      ['rules', 'plays', 'K3'],
    ]);
  });

  it('asks for nothing on other pages, nor for a family that does not exist', async () => {
    const { client, keys } = spyClient();
    await prefetchFirstScreen(client, '/lottery/XX/1401');
    await prefetchFirstScreen(client, '/lottery/K3');
    await prefetchFirstScreen(client, '/login');
    expect(keys()).toEqual([]);
  });
});

describe('what the first render waits for', () => {
  /** A client whose reads each wait until the test answers them, by query key. */
  function heldClient() {
    const client = new QueryClient();
    const held = new Map<string, () => void>();
    vi.spyOn(client, 'prefetchQuery').mockImplementation(
      (options) => new Promise<void>((resolve) => held.set(JSON.stringify(options.queryKey), resolve)),
    );
    const answer = (...key: string[]) => held.get(JSON.stringify(key))?.();
    return { client, answer };
  }

  it.each([
    ['a play page', '/lottery/K3/1401', ['lottery', 'allLotteryData'], ['rules', 'plays', 'K3']],
    ['the hall', '/home', ['site', 'banners'], ['lottery', 'allLotteryData']],
  ])('is, on %s, the reads it draws from, not the rest', async (_page, path, first, last) => {
    // the play page does not wait for the issue on sale nor the results, the hall for the notices
    const { client, answer } = heldClient();
    let done = false;
    void prefetchFirstScreen(client, path).then(() => {
      done = true;
    });
    answer(...first);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    answer(...last);
    await vi.waitFor(() => expect(done).toBe(true));
  });
});

/** The URLs fetched from now on (each answered 503: the reads fail, which is all these tests need). */
function recordFetches(): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response('{}', { status: 503 });
    }),
  );
  return urls;
}

describe('the URLs the first screen fetches', () => {
  afterEach(() => vi.unstubAllGlobals());

  // The server names firstScreenReadUrls in the HTML's Link header; a preload the app then asks
  // for by another URL (another order of the query, another path) would be fetched twice.
  it.each([
    '/home',
    '/',
    '/lottery/K3/1401',
    '/lottery/SSC/%E9%87%8D%E5%BA%86',
    '/lottery/K3/%E0%A4%A',
    '/login',
  ])('on %s are the ones the server preloads, to the byte', async (path) => {
    const urls = recordFetches();
    void prefetchFirstScreen(new QueryClient({ defaultOptions: { queries: { retry: false } } }), path);
    await vi.waitFor(() => expect(urls.length).toBe(firstScreenReadUrls(path, isFamily).length));
    expect(urls.sort()).toEqual(firstScreenReadUrls(path, isFamily).sort());
  });
});

describe('what waits until the first screen is shown', () => {
  afterEach(() => {
    firstScreenShown();
    vi.unstubAllGlobals();
  });

  // asked for as the first render's effects ran, they were answered before the page's largest text
  // reached the screen (shared/lib/first-screen.ts)
  it('is the rebate, the balance and the site config: no request until then', async () => {
    const paths = recordFetches();
    holdUntilFirstScreenShown();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    for (const query of [betRebateQuery(1), footerBalanceQuery(), tenantConfigQuery()])
      void client.prefetchQuery(query as Parameters<typeof client.prefetchQuery>[0]);
    void prefetchFirstScreen(client, '/lottery/K3/1401');
    await vi.waitFor(() =>
      expect(paths.length).toBe(firstScreenReadUrls('/lottery/K3/1401', isFamily).length),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(paths.length).toBe(firstScreenReadUrls('/lottery/K3/1401', isFamily).length);
    firstScreenShown();
    await vi.waitFor(() =>
      expect(paths.length).toBe(firstScreenReadUrls('/lottery/K3/1401', isFamily).length + 3),
    );
  });
});
