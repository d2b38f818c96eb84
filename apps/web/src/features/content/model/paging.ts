import type { ContentPage } from '@lottery/contract/content';

export const PAGE_SIZE = 10;

/** The next page number, or undefined once every row has been shown. */
export const nextPage = (last: ContentPage): number | undefined =>
  last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined;

/** Beijing time, yyyy-MM-dd HH:mm, whatever the device's zone. */
export function beijingDateTime(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The unread badge text: nothing at 0, 99+ above 99. */
export const badgeText = (count: number): string | undefined =>
  count <= 0 ? undefined : count > 99 ? '99+' : String(count);
