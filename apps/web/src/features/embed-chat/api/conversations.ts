import { ROOM_LIST_PAGE_SIZE } from '@lottery/contract/chat';
import { ChatApi } from '@lottery/contract/chat-api';
import { Code } from '@lottery/contract/codes';
import { type CallReply, callEnvelope } from '../../../shared/api/call';
import type { Envelope } from '../../../shared/api/envelope';
import type { Conversation } from '../model/conversations';

/**
 * The frame's conversation list: the same two calls /chatList and /chatUserList use
 * (GET chat/getRoomListWeb, GET chat/getDirectRoomListWeb, pages of 11; docs/web-chat.md).
 * Load errors are silent (spec/platform.md §8), as on /chatList: an unreadable page is an empty one.
 */
type RoomRow = CallReply<typeof ChatApi.roomList>['rows'][number];
type DirectRow = CallReply<typeof ChatApi.directRoomList>['rows'][number];

export interface ConversationPage {
  rows: Conversation[];
  total: number;
}

async function page<R>(
  loading: Promise<Envelope<{ rows: R[]; total: number }>>,
  toConversation: (row: R) => Conversation,
) {
  const env = await loading.catch(() => undefined);
  if (env?.code !== Code.OK || !env.data) return { rows: [], total: 0 };
  return { rows: env.data.rows.map(toConversation), total: env.data.total };
}

export const getChatRooms = (pageNum: number): Promise<ConversationPage> =>
  page(
    callEnvelope(ChatApi.roomList, { pageNum, pageSize: ROOM_LIST_PAGE_SIZE }, { silent: true }),
    (r: RoomRow) => ({
      key: `room:${r.roomCode}`,
      target: { kind: 'room', roomCode: r.roomCode },
      title: r.title,
      line: r.subTitle,
      avatar: r.avatar,
      unread: r.unread,
      locked: r.isPassword,
      flag: r.isMessageBanned ? '全体禁言' : r.banned ? '已禁言' : '',
    }),
  );

export const getPrivateChats = (pageNum: number): Promise<ConversationPage> =>
  page(
    callEnvelope(ChatApi.directRoomList, { pageNum, pageSize: ROOM_LIST_PAGE_SIZE }, { silent: true }),
    (r: DirectRow) => ({
      key: `direct:${r.roomId}`,
      target: { kind: 'direct', roomId: r.roomId },
      title: r.targetUser.nickName || r.targetUser.userName,
      line: `私聊 · ${r.targetUser.userName}`,
      avatar: r.targetUser.avatar ?? '',
      unread: r.unread,
      locked: false,
      flag: '',
    }),
  );

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
