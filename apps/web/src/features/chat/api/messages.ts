import { CHAT_PAGE_SIZE, type ChatMessage } from '@lottery/contract/chat';
import { ChatApi } from '@lottery/contract/chat-api';
import { Code } from '@lottery/contract/codes';
import { type CallReply, call } from '../../../shared/api/call';

export type MessagePage = CallReply<typeof ChatApi.messages>;

export type ChatTarget =
  | { kind: 'room'; roomCode: string; guestCode?: string }
  | { kind: 'direct'; roomId: number };

/** First load (no cursor): the newest 5; with `beforeId`: the 20 older ones. */
export function getMessages(target: ChatTarget, beforeId?: number): Promise<MessagePage> {
  const pageSize = beforeId ? CHAT_PAGE_SIZE : undefined;
  if (target.kind === 'direct')
    return call(ChatApi.directMessages, { roomId: target.roomId, id: beforeId, pageSize });
  return call(
    target.guestCode ? ChatApi.guestMessages : ChatApi.messages,
    { roomCode: target.roomCode, id: beforeId, pageSize, guestCode: target.guestCode },
    { passCodes: [-2] },
  );
}

/** Catch-up after a resync (event 17): the messages after `afterId`, oldest first, 20 a page. */
export function getMessagesAfter(target: ChatTarget, afterId: number): Promise<MessagePage> {
  if (target.kind === 'direct')
    return call(ChatApi.directMessages, { roomId: target.roomId, afterId, pageSize: CHAT_PAGE_SIZE });
  return call(
    target.guestCode ? ChatApi.guestMessages : ChatApi.messages,
    { roomCode: target.roomCode, afterId, pageSize: CHAT_PAGE_SIZE, guestCode: target.guestCode },
    { passCodes: [-2] },
  );
}

export interface OutgoingMessage {
  messageTypeId: 1 | 2 | 7 | 9;
  message: string;
  status?: 0 | 1;
  userIds?: string;
}

/** POST chat/addMessage | addMessageGuest | addDirectMessage; code -5 is retried twice (§8). */
export async function sendMessage(target: ChatTarget, out: OutgoingMessage): Promise<ChatMessage> {
  const post = () => {
    if (target.kind === 'direct')
      return call(
        ChatApi.addDirectMessage,
        { roomId: target.roomId, messageTypeId: out.messageTypeId, message: out.message },
        { passCodes: [-2] },
      );
    if (target.guestCode)
      return call(
        ChatApi.addGuestMessage,
        { roomCode: target.roomCode, messageTypeId: 1, message: out.message, guestCode: target.guestCode },
        { passCodes: [-2, -49] },
      );
    return call(
      ChatApi.addMessage,
      {
        roomCode: target.roomCode,
        messageTypeId: out.messageTypeId,
        message: out.message,
        status: out.status ?? 0,
        userIds: out.userIds ?? '',
      },
      { passCodes: [-2] },
    );
  };
  const retryDelayMs = out.messageTypeId === 2 ? 200 : 1000;
  for (let attempt = 0; ; attempt++) {
    try {
      return await post();
    } catch (error) {
      const code = (error as { code?: number }).code;
      if (code !== Code.BUSY_RETRY || attempt >= 2) throw error;
      await new Promise((r) => setTimeout(r, retryDelayMs));
    }
  }
}

/** Withdraw: POST chat/updateMessageStateFront (room) or chat/recallDirectMessageWeb (private). */
export const withdrawMessage = (target: ChatTarget, id: number) =>
  target.kind === 'direct'
    ? call(ChatApi.recallDirectMessage, { id }, { passCodes: [-2] })
    : call(ChatApi.withdraw, { roomCode: target.roomCode, id }, { passCodes: [-2] });

/** POST chat/setDirectMessageReadWeb (called 5 s after showing). */
export const setDirectRead = (roomId: number, id: number) =>
  call(ChatApi.directRead, { roomId, id }, { silent: true });
