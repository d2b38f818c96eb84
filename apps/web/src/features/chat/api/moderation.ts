import { BAN_LIST_PAGE_SIZE } from '@lottery/contract/chat';
import { request, requestEnvelope } from '../../../shared/api/client';
import type { BanRow, Page } from './types';

/** POST chat/addBanFront: ban `target` (account name) for a duration id (1..5; 6 lifts). */
export const addBan = (roomCode: string, target: string, durationTypeId: number, nickName?: string) =>
  requestEnvelope<{ id: number }>('chat/addBanFront', {
    form: { roomCode, target, durationTypeId, nickName },
    passCodes: [-2],
  });

/** POST chat/updateBanFront */
export const updateBan = (roomCode: string, id: number, durationTypeId: number) =>
  requestEnvelope<unknown>('chat/updateBanFront', {
    form: { roomCode, id, durationTypeId },
    passCodes: [-2],
  });

/** POST chat/deleteBanFront */
export const deleteBans = (roomCode: string, ids: number[]) =>
  requestEnvelope<unknown>('chat/deleteBanFront', {
    form: { roomCode, ids: ids.join(',') },
    passCodes: [-2],
  });

/** GET chat/getBanListFront (pages of 10, optional account search). */
export const getBanList = (roomCode: string, pageNum: number, target?: string) =>
  request<Page<BanRow>>('chat/getBanListFront', {
    query: { roomCode, pageNum, pageSize: BAN_LIST_PAGE_SIZE, target: target || undefined },
  });

/** POST chat/updateRoomBannedWeb: whole-room mute 全体禁言. */
export const setRoomMuted = (roomCode: string, isMessageBanned: boolean) =>
  requestEnvelope<unknown>('chat/updateRoomBannedWeb', {
    form: { roomCode, isMessageBanned: String(isMessageBanned) },
    passCodes: [-2],
  });
