import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, snap } from './support/browser';
import { type Stack, startStack } from './support/stack';
import { DEMO_PASSWORD, logIn, waitForPath } from './support/ui';

/**
 * spec/betting.md §5, "Some K3 modes (two-same multiple F10, two-same single G10) are hidden for two
 * tenant codes": a server whose operator lists the demo tenant in K3_TWO_SAME_HIDDEN_TENANTS. On a
 * 390x844 phone, player01's 选择玩法 of 五分快三 offers every K3 play but 二同号复选 and 二同号单选
 * (the server's refusal of a bet on them: apps/server/src/modules/betting/hidden-plays.test.ts).
 */
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ K3_TWO_SAME_HIDDEN_TENANTS: 'demo' });
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('K3 plays hidden for a listed tenant', () => {
  it('leaves 二同号复选 and 二同号单选 out of the play picker', async () => {
    const { page } = await phone(browser, stack.baseUrl);
    await page.goto('/login');
    await logIn(page, 'player01', DEMO_PASSWORD);
    await waitForPath(page, '/home');
    await page.goto('/lottery/K3/1403');
    await page.locator('.lottery-header-play').click();
    const panel = page.locator('.play-panel').last();
    await panel.getByText('选择玩法').waitFor();
    await panel.getByRole('button', { name: '二不同号' }).waitFor();
    await snap(page, 'k3-hidden-plays-picker');
    const offered = (await panel.textContent()) ?? '';
    for (const play of ['和值', '三同号通选', '三同号单选', '三不同号', '三连号通选', '二不同号'])
      expect(offered).toContain(play);
    expect(offered).not.toContain('二同号复选');
    expect(offered).not.toContain('二同号单选');
  });
});
