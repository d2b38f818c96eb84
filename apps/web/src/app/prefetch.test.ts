import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { prefetchFirstScreen } from './prefetch';

function spyClient() {
  const client = new QueryClient();
  const prefetch = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
  return { client, keys: () => prefetch.mock.calls.map(([options]) => options.queryKey) };
}

describe('prefetchFirstScreen', () => {
  it('asks for the hall data (banners, catalogue, notices) on / and /home', () => {
    for (const path of ['/', '/home']) {
      const { client, keys } = spyClient();
      prefetchFirstScreen(client, path);
      expect(keys()).toEqual([
        ['site', 'banners'],
        expect.arrayContaining([expect.any(String)]),
        expect.arrayContaining([expect.any(String)]),
      ]);
    }
  });

  it('asks for nothing on other pages', () => {
    const { client, keys } = spyClient();
    prefetchFirstScreen(client, '/lottery/K3/1401');
    prefetchFirstScreen(client, '/login');
    expect(keys()).toEqual([]);
  });
});
