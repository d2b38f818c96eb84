/** Query keys of the content feature; the user id keeps one player's unread state from another's. */
export const contentKeys = {
  notices: ['content', 'notices'] as const,
  notice: (id: number) => ['content', 'notice', id] as const,
  unread: (userId: number | undefined) => ['content', 'unread', userId ?? 0] as const,
  messages: ['content', 'messages'] as const,
  message: (id: number) => ['content', 'message', id] as const,
  articles: (kind: 'help' | 'about') => ['content', 'articles', kind] as const,
  article: (kind: 'help' | 'about', id: number) => ['content', 'article', kind, id] as const,
};
