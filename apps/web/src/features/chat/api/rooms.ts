import { ROOM_LIST_PAGE_SIZE } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { queryOptions } from '@tanstack/react-query';
import { request, requestEnvelope } from '../../../shared/api/client';
import type { Page, RoomListItem, RoomSettings } from './types';

/** GET chat/getRoomListWeb (pages of 11). Errors other than code 1 are ignored silently (§8). */
export async function getRoomList(pageNum: number, signal?: AbortSignal): Promise<Page<RoomListItem>> {
  const envelope = await requestEnvelope<Page<RoomListItem>>('chat/getRoomListWeb', {
    query: { pageNum, pageSize: ROOM_LIST_PAGE_SIZE },
    signal,
    silent: true,
  }).catch(() => undefined);
  return envelope?.code === Code.OK && envelope.data ? envelope.data : { rows: [], total: 0 };
}

/** GET chat/getRoomWeb: the room settings for a member, or a guest with guestCode. */
export const getRoom = (roomCode: string, guestCode?: string, signal?: AbortSignal) =>
  request<RoomSettings>('chat/getRoomWeb', { query: { roomCode, guestCode }, signal, passCodes: [-2] });

export const roomQuery = (roomCode: string, guestCode?: string) =>
  queryOptions({
    queryKey: ['chat', 'room', roomCode, guestCode ?? ''],
    queryFn: ({ signal }) => getRoom(roomCode, guestCode, signal),
    retry: false,
    staleTime: 0,
  });

/** POST chat/checkPassword (4 digits): the room then remembers us. */
export const checkRoomPassword = (roomCode: string, password: string, guestCode?: string) =>
  request<unknown>('chat/checkPassword', { form: { roomCode, password, guestCode }, passCodes: [-2] });

/** GET broadCast/getOnlineCount */
export const getOnlineCount = (roomCode: string) =>
  request<number>('broadCast/getOnlineCount', { query: { roomCode }, silent: true });
