import { ROOM_LIST_PAGE_SIZE } from '@lottery/contract/chat';
import { ChatApi } from '@lottery/contract/chat-api';
import { Code } from '@lottery/contract/codes';
import { queryOptions } from '@tanstack/react-query';
import { type CallReply, call, callEnvelope } from '../../../shared/api/call';

type RoomPage = CallReply<typeof ChatApi.roomList>;

/** GET chat/getRoomListWeb (pages of 11). Errors other than code 1 are ignored silently (§8). */
export async function getRoomList(pageNum: number, signal?: AbortSignal): Promise<RoomPage> {
  const envelope = await callEnvelope(
    ChatApi.roomList,
    { pageNum, pageSize: ROOM_LIST_PAGE_SIZE },
    { signal, silent: true },
  ).catch(() => undefined);
  return envelope?.code === Code.OK && envelope.data ? envelope.data : { rows: [], total: 0 };
}

/** GET chat/getRoomWeb: the room settings for a member, or a guest with guestCode. */
export const getRoom = (roomCode: string, guestCode?: string, signal?: AbortSignal) =>
  call(ChatApi.room, { roomCode, guestCode }, { signal, passCodes: [-2] });

export const roomQuery = (roomCode: string, guestCode?: string) =>
  queryOptions({
    queryKey: ['chat', 'room', roomCode, guestCode ?? ''],
    queryFn: ({ signal }) => getRoom(roomCode, guestCode, signal),
    retry: false,
    staleTime: 0,
  });

/** POST chat/checkPassword (4 digits): the room then remembers us. */
export const checkRoomPassword = (roomCode: string, password: string, guestCode?: string) =>
  call(ChatApi.checkPassword, { roomCode, password, guestCode }, { passCodes: [-2] });

/** GET broadCast/getOnlineCount */
export const getOnlineCount = (roomCode: string) => call(ChatApi.onlineCount, { roomCode }, { silent: true });
