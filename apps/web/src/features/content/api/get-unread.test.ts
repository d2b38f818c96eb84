import { describe, expect, it, vi } from 'vitest';
import { noticeNewMessages } from './get-unread';

describe('noticeNewMessages', () => {
  it('shows the popup only when a later fetch finds more unread messages', () => {
    const show = vi.fn();
    noticeNewMessages(41, 2, show); // first sight: what was there before the page opened
    noticeNewMessages(41, 2, show);
    expect(show).not.toHaveBeenCalled();
    noticeNewMessages(41, 3, show);
    expect(show).toHaveBeenCalledTimes(1);
    noticeNewMessages(41, 1, show); // read some: no popup
    noticeNewMessages(42, 5, show); // another user: first sight
    expect(show).toHaveBeenCalledTimes(1);
  });
});
