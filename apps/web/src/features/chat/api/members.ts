import { ChatApi } from '@lottery/contract/chat-api';
import { type CallReply, call, callEnvelope } from '../../../shared/api/call';

export type OnlineList = CallReply<typeof ChatApi.online>;

/** GET chat/getOnlineMemberListFront (userName = substring search). */
export const getOnlineMembers = (roomCode: string, userName?: string) =>
  call(ChatApi.online, { roomCode, userName: userName || undefined });

/** GET chat/getRoleUserCardFront: the player card of 玩家信息. */
export const getPlayerCard = (userId: number | string, roomCode?: string) =>
  call(ChatApi.card, { userId, roomCode });

/** GET chat/getMemberRemark (managers). */
export const getRemark = (targetUserId: number | string) => call(ChatApi.remark, { targetUserId });

/** POST chat/setMemberRemark (≤ 200 characters). */
export const setRemark = (targetUserId: number | string, remark: string) =>
  callEnvelope(ChatApi.setRemark, { targetUserId, remark }, { passCodes: [-2] });
