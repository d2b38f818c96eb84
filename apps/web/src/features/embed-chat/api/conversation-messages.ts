import { CHAT_PAGE_SIZE, type ChatMessage } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { request } from '../../../shared/api/client';
import type { ConversationTarget } from '../model/conversations';

/**
 * A conversation inside the frame: the chat calls the room page uses (docs/web-chat.md), text only.
 * GET chat/getRoomWeb (room settings: locked?), POST chat/checkPassword, GET chat/getMessageListWeb |
 * chat/getDirectMessageListWeb (the newest 20, oldest first), POST chat/addMessage | chat/addDirectMessage.
 */
export interface RoomGate {
  isPassword: boolean;
  isUnlocked: boolean;
}

export const getRoomGate = (roomCode: string) =>
  request<RoomGate>('chat/getRoomWeb', { query: { roomCode }, passCodes: [-2] });

export const unlockRoom = (roomCode: string, password: string) =>
  request<unknown>('chat/checkPassword', { form: { roomCode, password }, passCodes: [-2] });

export async function getNewestMessages(target: ConversationTarget): Promise<ChatMessage[]> {
  const page =
    target.kind === 'direct'
      ? await request<{ rows: ChatMessage[] }>('chat/getDirectMessageListWeb', {
          query: { roomId: target.roomId, pageSize: CHAT_PAGE_SIZE },
        })
      : await request<{ rows: ChatMessage[] }>('chat/getMessageListWeb', {
          query: { roomCode: target.roomCode, pageSize: CHAT_PAGE_SIZE },
          passCodes: [-2],
        });
  return page.rows;
}

const SEND_RETRIES = 2;
const SEND_RETRY_MS = 1000;

/** A text message (type 1); code -5 is retried twice, as the room page does (spec §8). */
export async function sendText(target: ConversationTarget, text: string): Promise<ChatMessage> {
  const call = () =>
    target.kind === 'direct'
      ? request<ChatMessage>('chat/addDirectMessage', {
          form: { roomId: target.roomId, messageTypeId: 1, message: text },
          passCodes: [-2],
        })
      : request<ChatMessage>('chat/addMessage', {
          form: { roomCode: target.roomCode, messageTypeId: 1, message: text, status: 0, userIds: '' },
          passCodes: [-2],
        });
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if ((error as { code?: number }).code !== Code.BUSY_RETRY || attempt >= SEND_RETRIES) throw error;
      await new Promise((r) => setTimeout(r, SEND_RETRY_MS));
    }
  }
}
