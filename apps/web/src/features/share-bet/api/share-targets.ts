import { ROOM_LIST_PAGE_SIZE } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { requestEnvelope } from '../../../shared/api/client';
import { blockedLabel, type ShareTarget } from '../model/share';

/** One page of the picker's list and whether more pages follow. */
export interface TargetPage {
  rows: ShareTarget[];
  total: number;
}

interface RoomRow {
  roomCode: string;
  roomId: number;
  title: string;
  subTitle: string;
  avatar: string;
  banned: boolean;
  isMessageBanned: boolean;
}

interface DirectRow {
  roomId: number;
  userName: string;
  targetUser: { userName: string; nickName: string; avatar?: string };
}

const EMPTY: TargetPage = { rows: [], total: 0 };

/** One page of a room list (pageSize 11). Load errors are ignored silently (spec/betting.md §8). */
async function targetPage<R>(
  path: string,
  pageNum: number,
  toTarget: (row: R) => TargetPage['rows'][number],
): Promise<TargetPage> {
  const env = await requestEnvelope<{ rows: R[]; total: number }>(path, {
    query: { pageNum, pageSize: ROOM_LIST_PAGE_SIZE },
    silent: true,
  }).catch(() => undefined);
  if (env?.code !== Code.OK || !env.data) return EMPTY;
  return { total: env.data.total, rows: env.data.rows.map(toTarget) };
}

/** GET chat/getRoomListWeb: chat rooms. */
export const getShareRooms = (pageNum: number) =>
  targetPage<RoomRow>('chat/getRoomListWeb', pageNum, (r) => ({
    key: `room:${r.roomCode}`,
    kind: 'room',
    roomCode: r.roomCode,
    roomId: r.roomId,
    title: r.title,
    subTitle: r.subTitle,
    avatar: r.avatar,
    blocked: blockedLabel(r),
  }));

/** GET chat/getDirectRoomListWeb: private chats. */
export const getShareDirectRooms = (pageNum: number) =>
  targetPage<DirectRow>('chat/getDirectRoomListWeb', pageNum, (r) => ({
    key: `direct:${r.roomId}`,
    kind: 'direct',
    roomId: r.roomId,
    title: r.targetUser.nickName || r.targetUser.userName,
    subTitle: r.targetUser.userName,
    avatar: r.targetUser.avatar ?? '',
  }));
