import { describe, expect, it } from 'vitest';
import { badgeText, nextPage } from './paging';

describe('content paging', () => {
  it('asks for the next page only while rows remain', () => {
    expect(
      nextPage({
        rows: [{ id: 1, title: 't', createdAt: 0, isRead: false }],
        total: 11,
        pageNum: 1,
        pageSize: 10,
      }),
    ).toBe(2);
    expect(
      nextPage({
        rows: [{ id: 1, title: 't', createdAt: 0, isRead: false }],
        total: 11,
        pageNum: 2,
        pageSize: 10,
      }),
    ).toBeUndefined();
    expect(nextPage({ rows: [], total: 30, pageNum: 1, pageSize: 10 })).toBeUndefined();
  });
  it('caps the badge', () => {
    expect(badgeText(0)).toBeUndefined();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});
