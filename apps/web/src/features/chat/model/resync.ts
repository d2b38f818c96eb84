import type { ChatMessage } from '@lottery/contract/chat';

/** Pages of catch-up fetched after a resync before giving up and reloading the newest page. */
export const RESYNC_MAX_PAGES = 10;

/**
 * After event 17 (the server's link to the other processes blinked): fetch every message newer
 * than the newest one shown, oldest first, one page after another. Bounded: past `maxPages` the
 * answer is incomplete and the caller reloads the newest page instead (the list keeps 200 anyway).
 */
export async function fetchMissed(
  fetchAfter: (afterId: number) => Promise<{ rows: ChatMessage[]; hasMore: boolean }>,
  afterId: number,
  maxPages = RESYNC_MAX_PAGES,
): Promise<{ rows: ChatMessage[]; complete: boolean }> {
  const rows: ChatMessage[] = [];
  let cursor = afterId;
  for (let page = 0; page < maxPages; page++) {
    const next = await fetchAfter(cursor);
    rows.push(...next.rows);
    const last = next.rows.at(-1);
    if (!next.hasMore || !last) return { rows, complete: true };
    cursor = last.id;
  }
  return { rows, complete: false };
}
