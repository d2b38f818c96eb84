import { LongDragonApi } from '@lottery/contract/long-dragon';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../../shared/api/call';

/** Spec §4 / §9: the list reloads every 10 s; the first load waits 200 ms. */
export const RELOAD_MS = 10_000;
export const FIRST_LOAD_DELAY_MS = 200;

/** GET lottery/longDragon?type=1: the current streaks, longest first (docs/long-dragon.md). */
export const getLongDragon = (signal?: AbortSignal) =>
  call(LongDragonApi.longDragon, { type: 1 }, { signal });

export function useLongDragon(active: boolean) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setStarted(true), FIRST_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return useQuery({
    queryKey: ['longDragon', 'list'],
    queryFn: ({ signal }) => getLongDragon(signal),
    enabled: active && started,
    refetchInterval: active ? RELOAD_MS : false,
    refetchIntervalInBackground: false,
  });
}
