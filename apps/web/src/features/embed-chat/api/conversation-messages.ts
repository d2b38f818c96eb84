import { CHAT_PAGE_SIZE, type ChatMessage } from '@lottery/contract/chat';
import { ChatApi } from '@lottery/contract/chat-api';
import { Code } from '@lottery/contract/codes';
import { type CallReply, call } from '../../../shared/api/call';
import type { ConversationTarget } from '../model/conversations';

/**
 * A conversation inside the frame: the chat calls the room page uses (docs/web-chat.md), text only.
 * GET chat/getRoomWeb (room settings: locked?), POST chat/checkPassword, GET chat/getMessageListWeb |
 * chat/getDirectMessageListWeb (the newest 20, oldest first), POST chat/addMessage | chat/addDirectMessage.
 */
/** Whether a room is locked: the part of the room settings the frame reads. */
export type RoomGate = Pick<CallReply<typeof ChatApi.room>, 'isPassword' | 'isUnlocked'>;

export const getRoomGate = (roomCode: string): Promise<RoomGate> =>
  call(ChatApi.room, { roomCode }, { passCodes: [-2] });

export const unlockRoom = (roomCode: string, password: string) =>
  call(ChatApi.checkPassword, { roomCode, password }, { passCodes: [-2] });

export async function getNewestMessages(target: ConversationTarget): Promise<ChatMessage[]> {
  const page =
    target.kind === 'direct'
      ? await call(ChatApi.directMessages, { roomId: target.roomId, pageSize: CHAT_PAGE_SIZE })
      : await call(
          ChatApi.messages,
          { roomCode: target.roomCode, pageSize: CHAT_PAGE_SIZE },
          { passCodes: [-2] },
        );
  return page.rows;
}

const SEND_RETRIES = 2;
const SEND_RETRY_MS = 1000;

/** A text message (type 1); code -5 is retried twice, as the room page does (spec §8). */
export async function sendText(target: ConversationTarget, text: string): Promise<ChatMessage> {
  const post = () =>
    target.kind === 'direct'
      ? call(
          ChatApi.addDirectMessage,
          { roomId: target.roomId, messageTypeId: 1, message: text },
          { passCodes: [-2] },
        )
      : call(
          ChatApi.addMessage,
          { roomCode: target.roomCode, messageTypeId: 1, message: text, status: 0, userIds: '' },
          { passCodes: [-2] },
        );
  for (let attempt = 0; ; attempt++) {
    try {
      return await post();
    } catch (error) {
      if ((error as { code?: number }).code !== Code.BUSY_RETRY || attempt >= SEND_RETRIES) throw error;
      await new Promise((r) => setTimeout(r, SEND_RETRY_MS));
    }
  }
}
