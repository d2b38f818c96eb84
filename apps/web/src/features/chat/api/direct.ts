import { request } from '../../../shared/api/client';
import type { DirectRoom, DirectRoomListItem, Page } from './types';

/** GET chat/getDirectRoomWeb: fetch or create by targetUserId, or fetch by roomId. */
export const getDirectRoom = (by: { roomId?: number; targetUserId?: number | string }) =>
  request<DirectRoom>('chat/getDirectRoomWeb', { query: by, passCodes: [-2] });

/** GET chat/getDirectRoomListWeb */
export const getDirectRoomList = (pageNum: number, pageSize = 20) =>
  request<Page<DirectRoomListItem>>('chat/getDirectRoomListWeb', { query: { pageNum, pageSize } });
