import type { OnlineMember } from '@lottery/contract/chat';
import { request, requestEnvelope } from '../../../shared/api/client';
import type { PlayerCard } from './types';

export interface OnlineList {
  managers: OnlineMember[];
  others: OnlineMember[];
  total: number;
}

/** GET chat/getOnlineMemberListFront (userName = substring search). */
export const getOnlineMembers = (roomCode: string, userName?: string) =>
  request<OnlineList>('chat/getOnlineMemberListFront', {
    query: { roomCode, userName: userName || undefined },
  });

/** GET chat/getRoleUserCardFront: the player card of 玩家信息. */
export const getPlayerCard = (userId: number | string, roomCode?: string) =>
  request<PlayerCard>('chat/getRoleUserCardFront', { query: { userId, roomCode } });

/** GET chat/getMemberRemark (managers). */
export const getRemark = (targetUserId: number | string) =>
  request<{ remark: string; targetUserId: number } | null>('chat/getMemberRemark', {
    query: { targetUserId },
  });

/** POST chat/setMemberRemark (≤ 200 characters). */
export const setRemark = (targetUserId: number | string, remark: string) =>
  requestEnvelope<unknown>('chat/setMemberRemark', { form: { targetUserId, remark }, passCodes: [-2] });
