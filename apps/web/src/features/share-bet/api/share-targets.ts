import { ROOM_LIST_PAGE_SIZE } from '@lottery/contract/chat';
import { ChatApi } from '@lottery/contract/chat-api';
import { Code } from '@lottery/contract/codes';
import { type CallReply, callEnvelope } from '../../../shared/api/call';
import type { Envelope } from '../../../shared/api/envelope';
import { blockedLabel, type ShareTarget } from '../model/share';

/** One page of the picker's list and whether more pages follow. */
export interface TargetPage {
  rows: ShareTarget[];
  total: number;
}

type RoomRow = CallReply<typeof ChatApi.roomList>['rows'][number];
type DirectRow = CallReply<typeof ChatApi.directRoomList>['rows'][number];

const EMPTY: TargetPage = { rows: [], total: 0 };

/** One page of a room list (pageSize 11). Load errors are ignored silently (spec/betting.md §8). */
async function targetPage<R>(
  loading: Promise<Envelope<{ rows: R[]; total: number }>>,
  toTarget: (row: R) => TargetPage['rows'][number],
): Promise<TargetPage> {
  const env = await loading.catch(() => undefined);
  if (env?.code !== Code.OK || !env.data) return EMPTY;
  return { total: env.data.total, rows: env.data.rows.map(toTarget) };
}

/** GET chat/getRoomListWeb: chat rooms. */
export const getShareRooms = (pageNum: number) =>
  targetPage(
    callEnvelope(ChatApi.roomList, { pageNum, pageSize: ROOM_LIST_PAGE_SIZE }, { silent: true }),
    (r: RoomRow) => ({
      key: `room:${r.roomCode}`,
      kind: 'room',
      roomCode: r.roomCode,
      roomId: r.roomId,
      title: r.title,
      subTitle: r.subTitle,
      avatar: r.avatar,
      blocked: blockedLabel(r),
    }),
  );

/** GET chat/getDirectRoomListWeb: private chats. */
export const getShareDirectRooms = (pageNum: number) =>
  targetPage(
    callEnvelope(ChatApi.directRoomList, { pageNum, pageSize: ROOM_LIST_PAGE_SIZE }, { silent: true }),
    (r: DirectRow) => ({
      key: `direct:${r.roomId}`,
      kind: 'direct',
      roomId: r.roomId,
      title: r.targetUser.nickName || r.targetUser.userName,
      subTitle: r.targetUser.userName,
      avatar: r.targetUser.avatar ?? '',
    }),
  );
