import { useEffect, useState } from 'react';

/** Server-corrected now (local clock + offset), re-rendered every `everyMs`. */
export function useNow(offsetMs: number, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const timer = setInterval(() => setNow(Date.now() + offsetMs), everyMs);
    return () => clearInterval(timer);
  }, [offsetMs, everyMs]);
  return now;
}

/** Time left as MM:SS, HH:MM:SS, or N天HH小时 beyond a day (LHC draws on listed days). */
export function mmss(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86_400) return `${Math.floor(s / 86_400)}天${Math.floor((s % 86_400) / 3600)}小时`;
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const body = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return h > 0 ? `${pad(h)}:${body}` : body;
}
