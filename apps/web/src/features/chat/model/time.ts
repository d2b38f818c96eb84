import { beijingDaysAgo, beijingFormat, beijingWeekday } from '../../../shared/lib/day';

/**
 * Chat time (spec/platform.md §9): today HH:mm, yesterday, a weekday within 7 days, else the full
 * date; Chinese or English by the browser language. Days are Beijing days, like every time the app
 * shows. A separator goes before a message that comes more than 60 seconds after the one above it.
 */
export const SEPARATOR_GAP_MS = 60_000;

const ZH_WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const EN_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Beijing-time label of `ms` seen at `nowMs`. */
export function formatChatTime(ms: number, nowMs: number, language = 'zh-CN'): string {
  const english = !language.toLowerCase().startsWith('zh');
  const hm = beijingFormat(ms, 'HH:mm');
  const days = beijingDaysAgo(ms, nowMs);
  if (days <= 0) return hm;
  if (days === 1) return `${english ? 'Yesterday' : '昨天'} ${hm}`;
  if (days < 7) return `${(english ? EN_WEEKDAYS : ZH_WEEKDAYS)[beijingWeekday(ms)]} ${hm}`;
  return beijingFormat(ms, 'YYYY-MM-DD HH:mm');
}

export type TimelineItem<M> =
  | { kind: 'time'; key: string; at: number }
  | { kind: 'message'; key: string; message: M };

/** Messages (oldest first) with a time divider (type 20 in the spec) before each gap over 60 s. */
export function withTimeSeparators<M extends { id: number; gmtCreated: number }>(
  messages: readonly M[],
): TimelineItem<M>[] {
  const items: TimelineItem<M>[] = [];
  let previous: number | undefined;
  for (const message of messages) {
    if (previous === undefined || message.gmtCreated - previous > SEPARATOR_GAP_MS) {
      items.push({ kind: 'time', key: `t${message.id}`, at: message.gmtCreated });
    }
    items.push({ kind: 'message', key: `m${message.id}`, message });
    previous = message.gmtCreated;
  }
  return items;
}
