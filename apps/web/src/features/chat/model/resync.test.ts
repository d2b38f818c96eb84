import type { ChatMessage } from '@lottery/contract/chat';
import { describe, expect, it } from 'vitest';
import { emptyMessages, messageReducer } from './messages';
import { fetchMissed } from './resync';

const msg = (id: number) => ({ id, message: `m${id}`, withdraw: false }) as ChatMessage;

/** A server holding messages 1..n answering `afterId` pages of `size`. */
const server = (n: number, size = 20) => {
  const calls: number[] = [];
  const fetchAfter = async (afterId: number) => {
    calls.push(afterId);
    const rows = Array.from({ length: Math.max(0, n - afterId) }, (_, i) => msg(afterId + 1 + i)).slice(
      0,
      size,
    );
    return { rows, hasMore: afterId + rows.length < n };
  };
  return { calls, fetchAfter };
};

describe('resync after event 17', () => {
  it('fetches every message after the newest shown, page by page', async () => {
    const s = server(57);
    const missed = await fetchMissed(s.fetchAfter, 12);
    expect(missed.complete).toBe(true);
    expect(missed.rows.map((m) => m.id)).toEqual(Array.from({ length: 45 }, (_, i) => 13 + i));
    expect(s.calls).toEqual([12, 32, 52]);
  });

  it('gives up after the page budget so the caller reloads the newest page instead', async () => {
    const s = server(1000);
    const missed = await fetchMissed(s.fetchAfter, 0, 3);
    expect(missed.complete).toBe(false);
    expect(s.calls).toHaveLength(3);
  });

  it('adds the missed messages to the list in order, without duplicates', () => {
    const shown = messageReducer(emptyMessages, { type: 'reset', rows: [msg(1), msg(2)], hasMore: false });
    const next = messageReducer(shown, { type: 'newer', rows: [msg(2), msg(3), msg(4)] });
    expect(next.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });
});
