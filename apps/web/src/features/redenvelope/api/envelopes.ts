import { RedEnvelopeApi } from '@lottery/contract/redenvelope';
import { encryptSafetyPasswordWeb, SecurityApi } from '@lottery/contract/security';
import { type CallReply, call, callEnvelope } from '../../../shared/api/call';

/** GET users/isChangeSafetyPassword: true when a safety password is set. */
export const hasSafetyPassword = () => call(SecurityApi.isChangeSafetyPassword);

/** GET transfer/queryConfigurationInformation?type=2: limits and today's quota. */
export const getEnvelopeConfig = () => call(RedEnvelopeApi.config, { type: 2 });

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
  return call(
    RedEnvelopeApi.send,
    {
      roomCode: input.roomCode,
      directRoomId: input.directRoomId,
      num: input.num,
      type: input.type,
      amount: input.amount,
      wishingRemark: input.wishingRemark || undefined,
      safetyPassword,
    },
    { passCodes: [-1, -2, -2001, -3059] },
  );
}

export interface EnvelopeRef {
  recordId: number;
  roomId?: number;
  roomCode?: string;
  isDirect?: boolean;
}

export type EnvelopeView = CallReply<typeof RedEnvelopeApi.status>;

const refForm = (ref: EnvelopeRef) => ({
  recordId: ref.recordId,
  roomId: ref.roomId,
  roomCode: ref.roomCode,
  isDirect: ref.isDirect === undefined ? undefined : ref.isDirect ? ('true' as const) : ('false' as const),
});

/** POST chat/snatchRedEnvelope: what the grab dialog shows. */
export const snatchEnvelope = (ref: EnvelopeRef) =>
  call(RedEnvelopeApi.status, refForm(ref), { passCodes: [-2, -49] });

/** POST chat/openRedEnvelope: the grab itself (state 1 got, 0 taken, -1 failed). */
export const openEnvelope = (ref: EnvelopeRef) =>
  callEnvelope(RedEnvelopeApi.open, refForm(ref), { passCodes: [-1, -2, -49] });

/** POST chat/updateReadedRedEnvelop */
export const markEnvelopeRead = (recordId: number, state: number) =>
  call(RedEnvelopeApi.markRead, { recordCode: recordId, state }, { silent: true });

export type ReceivedPage = CallReply<typeof RedEnvelopeApi.received>;

/** GET transfer/queryReceiveRedEnvelope (last 7 days, 10 per page). */
export const getReceivedEnvelopes = (pageNum: number, roomCode?: string) =>
  call(RedEnvelopeApi.received, { pageNum, pageSize: 10, roomCode });
