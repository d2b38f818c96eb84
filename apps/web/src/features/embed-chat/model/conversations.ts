import type { ChatMessage } from '@lottery/contract/chat';

/** One row of the frame's conversation list: a chat room or a private chat (docs/embed-chat.md). */
export type ConversationTarget = { kind: 'room'; roomCode: string } | { kind: 'direct'; roomId: number };

export interface Conversation {
  key: string;
  target: ConversationTarget;
  title: string;
  /** The room's subtitle, or whom a private chat is with. */
  line: string;
  avatar: string;
  unread: boolean;
  locked: boolean;
  /** 全体禁言 / 已禁言, as /chatList labels them; empty otherwise. */
  flag: string;
}

/** Messages kept on screen, as the room page's cap. */
export const MESSAGES_KEPT = 200;

/** Does a socket message belong to the open conversation? */
export function belongsTo(
  message: Pick<ChatMessage, 'type' | 'roomCode' | 'roomId'>,
  target: ConversationTarget,
) {
  return target.kind === 'direct'
    ? message.type === 'direct' && message.roomId === target.roomId
    : message.type === 'room' && message.roomCode === target.roomCode;
}

/**
 * Adds messages (a page, a socket event, our own send's reply) by id: an id already shown is
 * replaced in place (the socket echoes our own message; a settled card comes again), the rest
 * appended; kept in id order and capped at MESSAGES_KEPT, the oldest leaving first.
 */
export function mergeMessages(
  shown: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map(shown.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  const all = [...byId.values()].sort((a, b) => a.id - b.id);
  return all.slice(Math.max(0, all.length - MESSAGES_KEPT));
}

/** Marks one message withdrawn (socket event 3/5). */
export const withdrawn = (shown: readonly ChatMessage[], id: number): ChatMessage[] =>
  shown.map((m) => (m.id === id ? { ...m, withdraw: true } : m));
