import { ROOM_LIST_PAGE_SIZE } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { requestEnvelope } from '../../../shared/api/client';
import type { Conversation } from '../model/conversations';

/**
 * The frame's conversation list: the same two calls /chatList and /chatUserList use
 * (GET chat/getRoomListWeb, GET chat/getDirectRoomListWeb, pages of 11; docs/web-chat.md).
 * Load errors are silent (spec/platform.md §8), as on /chatList: an unreadable page is an empty one.
 */
interface RoomRow {
  roomCode: string;
  title: string;
  subTitle: string;
  avatar: string;
  banned: boolean;
  isMessageBanned: boolean;
  isPassword: boolean;
  unread: boolean;
}

interface DirectRow {
  roomId: number;
  targetUser: { userName: string; nickName: string; avatar?: string };
  unread: boolean;
}

export interface ConversationPage {
  rows: Conversation[];
  total: number;
}

async function page<R>(path: string, pageNum: number, toConversation: (row: R) => Conversation) {
  const env = await requestEnvelope<{ rows: R[]; total: number }>(path, {
    query: { pageNum, pageSize: ROOM_LIST_PAGE_SIZE },
    silent: true,
  }).catch(() => undefined);
  if (env?.code !== Code.OK || !env.data) return { rows: [], total: 0 };
  return { rows: env.data.rows.map(toConversation), total: env.data.total };
}

export const getChatRooms = (pageNum: number): Promise<ConversationPage> =>
  page<RoomRow>('chat/getRoomListWeb', pageNum, (r) => ({
    key: `room:${r.roomCode}`,
    target: { kind: 'room', roomCode: r.roomCode },
    title: r.title,
    line: r.subTitle,
    avatar: r.avatar,
    unread: r.unread,
    locked: r.isPassword,
    flag: r.isMessageBanned ? '全体禁言' : r.banned ? '已禁言' : '',
  }));

export const getPrivateChats = (pageNum: number): Promise<ConversationPage> =>
  page<DirectRow>('chat/getDirectRoomListWeb', pageNum, (r) => ({
    key: `direct:${r.roomId}`,
    target: { kind: 'direct', roomId: r.roomId },
    title: r.targetUser.nickName || r.targetUser.userName,
    line: `私聊 · ${r.targetUser.userName}`,
    avatar: r.targetUser.avatar ?? '',
    unread: r.unread,
    locked: false,
    flag: '',
  }));

/** Every page of one list, the next pages after 300 ms then 600 ms (spec §9), at most `maxPages`. */
export async function allPages(
  load: (pageNum: number) => Promise<ConversationPage>,
  maxPages = 10,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<Conversation[]> {
  const rows: Conversation[] = [];
  for (let pageNum = 1; pageNum <= maxPages; pageNum++) {
    if (pageNum > 1) await sleep(pageNum === 2 ? 300 : 600);
    const next = await load(pageNum);
    for (const row of next.rows) if (!rows.some((r) => r.key === row.key)) rows.push(row);
    if (next.rows.length < ROOM_LIST_PAGE_SIZE || pageNum * ROOM_LIST_PAGE_SIZE >= next.total) break;
  }
  return rows;
}
