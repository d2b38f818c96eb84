import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CacheStamps } from '../../features/site/api/get-front-cache-updated-at';
import { frontCacheUpdatedAtQuery } from '../../features/site/api/get-front-cache-updated-at';
import { readJson, STORAGE_KEYS, writeJson } from '../../shared/lib/storage';
import { zhCN } from '../../shared/locales/zh-CN';
import { feedbackWidgets } from '../../shared/ui/feedback';
import { changedStamps, VERSION_COUNTDOWN_S, VERSION_FIRST_DELAY_MS, versionAction } from '../version';

/**
 * Polls getFrontCacheUpdatedAt: a new frontVersion starts the 6-second reload countdown; a changed
 * tenantConfig / lotteryOrder / pageUpdateTimeMobile stamp refetches what it covers.
 */
export function VersionCheck() {
  const queryClient = useQueryClient();
  const { data } = useQuery(frontCacheUpdatedAtQuery());
  const started = useRef(false);

  useEffect(() => {
    if (!data) return;
    const before = readJson<CacheStamps>(STORAGE_KEYS.cacheStamps);
    const changed = changedStamps(before, data);
    writeJson(STORAGE_KEYS.cacheStamps, data);
    if (changed.includes('tenantConfig')) void queryClient.invalidateQueries({ queryKey: ['site'] });
    if (changed.includes('lotteryOrder')) void queryClient.invalidateQueries({ queryKey: ['lottery'] });
    if (changed.includes('pageUpdateTimeMobile')) void queryClient.invalidateQueries();

    const action = versionAction(readJson<string>(STORAGE_KEYS.frontVersion), data.frontVersion);
    if (action === 'remember') writeJson(STORAGE_KEYS.frontVersion, String(data.frontVersion));
    if (action !== 'reload' || started.current) return;
    started.current = true;
    let seconds = VERSION_COUNTDOWN_S;
    let interval: ReturnType<typeof setInterval> | undefined;
    let cancelled = false;
    const widgets = feedbackWidgets(); // starts loading now, ready before the first toast
    const first = setTimeout(() => {
      void widgets.then(({ Toast }) => {
        if (cancelled) return;
        const toast = Toast.show({ content: zhCN.newVersion(seconds), duration: 0 });
        interval = setInterval(() => {
          seconds -= 1;
          if (seconds <= 0) {
            clearInterval(interval);
            toast.close();
            writeJson(STORAGE_KEYS.frontVersion, String(data.frontVersion));
            window.location.reload();
            return;
          }
          Toast.show({ content: zhCN.newVersion(seconds), duration: 0 });
        }, 1000);
      });
    }, VERSION_FIRST_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(first);
      if (interval) clearInterval(interval);
      started.current = false;
    };
  }, [data, queryClient]);

  return null;
}
