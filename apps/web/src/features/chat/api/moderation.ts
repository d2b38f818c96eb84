import { BAN_LIST_PAGE_SIZE } from '@lottery/contract/chat';
import { ChatApi } from '@lottery/contract/chat-api';
import { call, callEnvelope } from '../../../shared/api/call';

/** POST chat/addBanFront: ban `target` (account name) for a duration id (1..5; 6 lifts). */
export const addBan = (roomCode: string, target: string, durationTypeId: number, nickName?: string) =>
  callEnvelope(ChatApi.addBan, { roomCode, target, durationTypeId, nickName }, { passCodes: [-2] });

/** POST chat/updateBanFront */
export const updateBan = (roomCode: string, id: number, durationTypeId: number) =>
  callEnvelope(ChatApi.updateBan, { roomCode, id, durationTypeId }, { passCodes: [-2] });

/** POST chat/deleteBanFront */
export const deleteBans = (roomCode: string, ids: number[]) =>
  callEnvelope(ChatApi.deleteBans, { roomCode, ids: ids.join(',') }, { passCodes: [-2] });

/** GET chat/getBanListFront (pages of 10, optional account search). */
export const getBanList = (roomCode: string, pageNum: number, target?: string) =>
  call(ChatApi.banList, { roomCode, pageNum, pageSize: BAN_LIST_PAGE_SIZE, target: target || undefined });

/** POST chat/updateRoomBannedWeb: whole-room mute 全体禁言. */
export const setRoomMuted = (roomCode: string, isMessageBanned: boolean) =>
  callEnvelope(
    ChatApi.muteRoom,
    { roomCode, isMessageBanned: isMessageBanned ? 'true' : 'false' },
    { passCodes: [-2] },
  );
