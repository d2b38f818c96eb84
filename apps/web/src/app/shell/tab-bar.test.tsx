// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../shared/stores/site';
import { AppTabBar } from './tab-bar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function tabTitles(site: SiteConfig | undefined): Promise<string[]> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <MemoryRouter initialEntries={['/home']}>
        <AppTabBar site={site} />
      </MemoryRouter>,
    ),
  );
  const titles = [...host.querySelectorAll('.adm-tab-bar-item-title')].map((t) => t.textContent ?? '');
  await act(async () => root.unmount());
  host.remove();
  return titles;
}

afterEach(() => localStorage.clear());

describe('the tab bar', () => {
  it('keeps the last config’s 棋牌 tab while the config loads, and drops it once a config says off', async () => {
    expect(await tabTitles(undefined)).toEqual(['购彩大厅', '活动', '我的']);
    expect(await tabTitles({ gamesEnabled: true } as SiteConfig)).toEqual([
      '购彩大厅',
      '棋牌',
      '活动',
      '我的',
    ]);
    // the next start, config not yet answered: the tab stays where it was
    expect(await tabTitles(undefined)).toEqual(['购彩大厅', '棋牌', '活动', '我的']);
    expect(await tabTitles({ gamesEnabled: false } as SiteConfig)).toEqual(['购彩大厅', '活动', '我的']);
    expect(await tabTitles(undefined)).toEqual(['购彩大厅', '活动', '我的']);
  });
});
