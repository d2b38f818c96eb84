/** @mentions (spec §4): status 1 when the text mentions someone or @全部; userIds = ids or "all". */
export const MENTION_ALL = '全部';

export interface Mention {
  userId: string;
  name: string;
}

export function mentionPayload(text: string, mentions: readonly Mention[], isManager: boolean) {
  if (isManager && text.includes(`@${MENTION_ALL}`)) return { status: 1 as const, userIds: 'all' };
  const ids = [...new Set(mentions.filter((m) => text.includes(`@${m.name}`)).map((m) => m.userId))];
  return ids.length ? { status: 1 as const, userIds: ids.join(',') } : { status: 0 as const, userIds: '' };
}

/** Private chat is offered only when not oneself and the viewer or target has grade 100, or the viewer manages the room. */
export function canPrivateChat(
  viewer: { userId: string; grade: number; isManager: boolean },
  target: { userId: string; grade?: number },
) {
  if (viewer.userId === target.userId || target.userId.startsWith('guest')) return false;
  return viewer.grade === 100 || target.grade === 100 || viewer.isManager;
}

/** Non-managers see account names as first two chars, stars, last char (the server already masks). */
export function displayName(m: { nickname?: string; nickName?: string; userName: string }): string {
  return m.nickname || m.nickName || m.userName;
}
