import type { MessageType, SharedBetCard, SharedResultCard } from '@lottery/contract/chat';
import { ChatApi } from '@lottery/contract/chat-api';
import { Code } from '@lottery/contract/codes';
import { type CallReply, callEnvelope } from '../../../shared/api/call';
import type { Envelope } from '../../../shared/api/envelope';

/** Spec §8: code -5 is retried up to 2 times, 200 ms apart, then its message is shown. */
export const SHARE_RETRIES = 2;
export const SHARE_RETRY_DELAY_MS = 200;

export type ShareDestination = { kind: 'room'; roomCode: string } | { kind: 'direct'; roomId: number };

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A card to share: a bet slip (type 7) or a result (type 9, 分享战绩). */
export type ShareCard =
  | { messageTypeId: typeof MessageType.sharedBet; card: SharedBetCard }
  | { messageTypeId: typeof MessageType.sharedResult; card: SharedResultCard };

/**
 * POST chat/addMessage (roomCode, messageTypeId 7 or 9, message, status 0, userIds) or
 * chat/addDirectMessage (roomId, messageTypeId, message). Answers the last envelope: code 1, or
 * the refusal (banned: 禁言状态不允许发送图片、表情、红包、分享注单) for the caller to show.
 */
export async function sendShare(
  to: ShareDestination,
  { messageTypeId, card }: ShareCard,
  sleep: (ms: number) => Promise<unknown> = wait,
): Promise<Envelope<CallReply<typeof ChatApi.addMessage>>> {
  const message = JSON.stringify(card);
  const options = { passCodes: [Code.INVALID_PARAM, Code.BUSY_RETRY, Code.TOO_FREQUENT] };
  const post = () =>
    to.kind === 'room'
      ? callEnvelope(
          ChatApi.addMessage,
          { roomCode: to.roomCode, messageTypeId, message, status: 0, userIds: '' },
          options,
        )
      : callEnvelope(ChatApi.addDirectMessage, { roomId: to.roomId, messageTypeId, message }, options);
  let env = await post();
  for (let retry = 0; env.code === Code.BUSY_RETRY && retry < SHARE_RETRIES; retry++) {
    await sleep(SHARE_RETRY_DELAY_MS);
    env = await post();
  }
  return env;
}
