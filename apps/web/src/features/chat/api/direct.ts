import { ChatApi } from '@lottery/contract/chat-api';
import { call } from '../../../shared/api/call';

/** GET chat/getDirectRoomWeb: fetch or create by targetUserId, or fetch by roomId. */
export const getDirectRoom = (by: { roomId?: number; targetUserId?: number | string }) =>
  call(ChatApi.directRoom, by, { passCodes: [-2] });

/** GET chat/getDirectRoomListWeb */
export const getDirectRoomList = (pageNum: number, pageSize = 20) =>
  call(ChatApi.directRoomList, { pageNum, pageSize });
