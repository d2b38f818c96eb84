import { describe, expect, it } from 'vitest';
import { shouldShowDownloadSheet } from './download-sheet';
import { activeTab } from './shell/tab-bar';
import { changedStamps, versionAction } from './version';

describe('version check', () => {
  it('remembers the first version, ignores the same, reloads on a different one', () => {
    expect(versionAction(undefined, 'abc')).toBe('remember');
    expect(versionAction('abc', 'abc')).toBe('none');
    expect(versionAction('abc', 'def')).toBe('reload');
    expect(versionAction('abc', undefined)).toBe('none');
  });

  it('names the cache stamps that changed', () => {
    const before = { pageUpdateTimeMobile: 1, tenantConfig: 1, lotteryOrder: 1, frontVersion: 'a' };
    expect(changedStamps(undefined, before)).toEqual([]);
    expect(changedStamps(before, { ...before, tenantConfig: 2, frontVersion: 'b' })).toEqual([
      'tenantConfig',
      'frontVersion',
    ]);
  });
});

describe('app-download sheet', () => {
  const site = { tenantName: '吉彩', appDownload: 'https://dl.example/app', customPopUpWindow: true };
  const base = { site, webview: false, counter: 0, appLink: false };

  it('shows once: only while the counter is 0 and the app-link flag is unset', () => {
    expect(shouldShowDownloadSheet(base)).toBe(true);
    expect(shouldShowDownloadSheet({ ...base, counter: 1 })).toBe(false);
    expect(shouldShowDownloadSheet({ ...base, counter: 2 })).toBe(false);
    expect(shouldShowDownloadSheet({ ...base, appLink: true })).toBe(false);
  });

  it('needs app download and the custom popup, outside a webview', () => {
    expect(shouldShowDownloadSheet({ ...base, webview: true })).toBe(false);
    expect(shouldShowDownloadSheet({ ...base, site: { ...site, appDownload: '' } })).toBe(false);
    expect(shouldShowDownloadSheet({ ...base, site: { ...site, customPopUpWindow: false } })).toBe(false);
    expect(shouldShowDownloadSheet({ ...base, site: undefined })).toBe(false);
  });
});

describe('tab bar', () => {
  it('highlights 活动 on /activityRed and the owning tab on each page', () => {
    expect(activeTab('/activityRed')).toBe('/activity');
    expect(activeTab('/activity/3')).toBe('/activity');
    expect(activeTab('/userCenter')).toBe('/userCenter');
    expect(activeTab('/gamesList')).toBe('/gamesList');
    expect(activeTab('/home')).toBe('/home');
  });
});
