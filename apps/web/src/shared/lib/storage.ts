/** localStorage keys of spec/platform.md §3 ("Other local storage") plus the shell's own. */
export const STORAGE_KEYS = {
  userInfo: 'userInfo',
  difftime: 'Difftime',
  maintainData: 'maintainData',
  websiteClosed: 'WebsiteClosed',
  noserviceInfo: 'noserviceInfo',
  temporaryDelay: 'temporaryDelay',
  temporaryPass: 'temporaryPass',
  frontVersion: 'frontVersion',
  cacheStamps: 'cacheStamps',
  downloadCounter: 'downloadCounter',
  appLink: 'appLink',
  yuebaoReset: 'yuebaoReset',
  backFrom: 'backFrom',
  heartbeatRecords: 'heartbeatRecords',
  /** The 号码栏 baskets of the signed-in user (features/lottery/stores/basket.ts). */
  basket: 'basket',
  /** Purposes (download, invite) whose device info was sent once (shared/lib/device-info.ts). */
  deviceInfoSent: 'deviceInfoSent',
  /** The optional tabs (棋牌, 吉聊) of the last site config read (app/shell/tab-bar.tsx). */
  tabModules: 'tabModules',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readJson<T>(key: StorageKey): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the shell still works, it only forgets.
  }
}

export function removeKey(key: StorageKey): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // see writeJson
  }
}

/**
 * The site's name from the data a system page was sent to (codes -7, -12, -19): in those modes the
 * site config cannot be read, and the page title still starts with the site name.
 */
export function storedSiteName(): string | undefined {
  for (const key of [STORAGE_KEYS.maintainData, STORAGE_KEYS.websiteClosed, STORAGE_KEYS.noserviceInfo]) {
    const name = readJson<{ siteName?: unknown }>(key)?.siteName;
    if (typeof name === 'string' && name) return name;
  }
  return undefined;
}
