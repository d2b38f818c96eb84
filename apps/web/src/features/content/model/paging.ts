import type { ContentPage } from '@lottery/contract/content';

export const PAGE_SIZE = 10;

/** The next page number, or undefined once every row has been shown. */
export const nextPage = (last: ContentPage): number | undefined =>
  last.pageNum * last.pageSize < last.total && last.rows.length > 0 ? last.pageNum + 1 : undefined;

/** The unread badge text: nothing at 0, 99+ above 99. */
export const badgeText = (count: number): string | undefined =>
  count <= 0 ? undefined : count > 99 ? '99+' : String(count);
