import type { Page } from 'playwright-core';

/** Helpers that read like a person using the app. */
export const DEMO_PASSWORD = 'Demo@2026';

export function uniqueAccount(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
}

export async function logIn(page: Page, userName: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入账号').fill(userName);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export async function register(page: Page, userName: string, password: string): Promise<void> {
  await page.getByPlaceholder('4-20位字母、数字或下划线').fill(userName);
  await page.getByPlaceholder('6-16位字母、数字或!@#$%^&*').fill(password);
  await page.getByPlaceholder('请再次输入密码').fill(password);
  await page.getByRole('button', { name: '立即注册' }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.goto('/userCenter');
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
  await page.waitForURL('**/login');
}

/** Wait until the path (ignoring origin) is exactly `path` (query included when given). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname + (path.includes('?') ? url.search : '') === path);
}

export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}
