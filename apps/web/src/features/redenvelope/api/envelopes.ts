import type { ChatMessage } from '@lottery/contract/chat';
import type { EnvelopeConfig, OpenResult } from '@lottery/contract/redenvelope';
import { encryptSafetyPasswordWeb } from '@lottery/contract/security';
import { request, requestEnvelope } from '../../../shared/api/client';

/** GET users/isChangeSafetyPassword: true when a safety password is set. */
export const hasSafetyPassword = () => request<boolean>('users/isChangeSafetyPassword');

/** GET transfer/queryConfigurationInformation?type=2: limits and today's quota. */
export const getEnvelopeConfig = () =>
  request<EnvelopeConfig>('transfer/queryConfigurationInformation', { query: { type: 2 } });

export interface SendEnvelopeInput {
  roomCode?: string;
  directRoomId?: number;
  num: string;
  type: 1 | 2;
  amount: string;
  wishingRemark: string;
  safetyPassword: string;
  userName: string;
}

/** POST chat/sendRedEnvelope; the safety password is encrypted right before sending. */
export async function sendEnvelope(input: SendEnvelopeInput) {
  const safetyPassword = await encryptSafetyPasswordWeb(input.safetyPassword, input.userName, Date.now());
  return request<{ recordId: number; message: ChatMessage }>('chat/sendRedEnvelope', {
    form: {
      roomCode: input.roomCode,
      directRoomId: input.directRoomId,
      num: input.num,
      type: input.type,
      amount: input.amount,
      wishingRemark: input.wishingRemark || undefined,
      safetyPassword,
    },
    passCodes: [-1, -2, -2001, -3059],
  });
}

export interface EnvelopeRef {
  recordId: number;
  roomId?: number;
  roomCode?: string;
  isDirect?: boolean;
}

export interface EnvelopeView {
  recordId: number;
  showContent: 1 | 2 | 3 | 4 | 5;
  msg: string;
  dispatchType: number;
  wishingRemark: string;
  sender: { userId: number; userName: string; nickName: string; avatar: string };
  amount: string | null;
  receivedCount: number;
  count: number;
  receivedAmount: string;
  totalAmount: string;
  refundAmount: string | null;
  expiresAt: number;
  list: {
    userId: number;
    userName: string;
    nickName: string;
    avatar: string;
    amount: string;
    receiveTime: number;
  }[];
}

const refForm = (ref: EnvelopeRef) => ({
  recordId: ref.recordId,
  roomId: ref.roomId,
  roomCode: ref.roomCode,
  isDirect: ref.isDirect === undefined ? undefined : String(ref.isDirect),
});

/** POST chat/snatchRedEnvelope: what the grab dialog shows. */
export const snatchEnvelope = (ref: EnvelopeRef) =>
  request<EnvelopeView>('chat/snatchRedEnvelope', { form: refForm(ref), passCodes: [-2, -49] });

/** POST chat/openRedEnvelope: the grab itself (state 1 got, 0 taken, -1 failed). */
export const openEnvelope = (ref: EnvelopeRef) =>
  requestEnvelope<OpenResult>('chat/openRedEnvelope', { form: refForm(ref), passCodes: [-1, -2, -49] });

/** POST chat/updateReadedRedEnvelop */
export const markEnvelopeRead = (recordId: number, state: number) =>
  request<unknown>('chat/updateReadedRedEnvelop', { form: { recordCode: recordId, state }, silent: true });

export interface ReceivedPage {
  rows: { recordId: number; userName: string; dispatchType: number; receiveTime: number; amount: string }[];
  total: number;
  totalAmount: string;
  numTotal: number;
}

/** GET transfer/queryReceiveRedEnvelope (last 7 days, 10 per page). */
export const getReceivedEnvelopes = (pageNum: number, roomCode?: string) =>
  request<ReceivedPage>('transfer/queryReceiveRedEnvelope', { query: { pageNum, pageSize: 10, roomCode } });
