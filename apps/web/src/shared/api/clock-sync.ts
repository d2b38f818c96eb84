import { zhCN } from '../locales/zh-CN';
import { showAlert } from '../ui/feedback';
import { request } from './client';
import { measureOffset, storedOffset, storeOffset } from './server-time';

/** betting/getServerTimeMillisecond: a 13-digit string. Silent: the sync decides what to say. */
export const getServerTimeMillisecond = () =>
  request<string>('betting/getServerTimeMillisecond', { silent: true, timeoutMs: 5000 });

let measuring: Promise<number | undefined> | undefined;

/**
 * Measure and store the server clock offset; undefined when no valid sample was obtained. A call
 * while a measurement is under way (the app's own at start-up, when a play page opens first) waits
 * for that one instead of sending its own samples beside it.
 */
export function syncServerTime(): Promise<number | undefined> {
  measuring ??= measureOffset({ fetchServerTime: getServerTimeMillisecond, now: () => Date.now() })
    .then((offset) => {
      if (offset !== undefined) storeOffset(offset);
      return offset;
    })
    .finally(() => {
      measuring = undefined;
    });
  return measuring;
}

/**
 * For pages that bet: make sure an offset exists; otherwise the dialog
 * 因无法同步服务器时间,您将无法投注,请检查网络情况 and back to /home (betting.md §4).
 */
export async function ensureServerTime(navigate: (path: string) => void): Promise<boolean> {
  if (storedOffset() !== undefined) return true;
  if ((await syncServerTime()) !== undefined) return true;
  await showAlert(zhCN.serverTimeFailed);
  navigate('/home');
  return false;
}
