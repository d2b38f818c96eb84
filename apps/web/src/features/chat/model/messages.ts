import { type ChatMessage, MessageType } from '@lottery/contract/chat';

/** The list never holds more than this many messages (spec/platform.md §9). */
export const MESSAGE_CAP = 200;

export interface MessageListState {
  messages: ChatMessage[];
  /** Older pages exist on the server (the cursor is the oldest id held). */
  hasMore: boolean;
}

export type MessageAction =
  | { type: 'reset'; rows: ChatMessage[]; hasMore: boolean }
  /** An older page (rows oldest first) goes on top. */
  | { type: 'older'; rows: ChatMessage[]; hasMore: boolean }
  /** A new message from the socket or our own send. */
  | { type: 'received'; message: ChatMessage }
  /** Messages missed while the server's bus was down (resync, event 17), oldest first. */
  | { type: 'newer'; rows: ChatMessage[] }
  | { type: 'withdrawn'; id: number }
  | { type: 'envelopeRead'; recordId: number; state: number };

export const emptyMessages: MessageListState = { messages: [], hasMore: false };

function byId(a: ChatMessage, b: ChatMessage): number {
  return a.id - b.id;
}

/** Merge, drop duplicates by id (the socket echoes our own sends), keep id order. */
function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const seen = new Map<number, ChatMessage>();
  for (const m of current) seen.set(m.id, m);
  for (const m of incoming) {
    if (m.withdraw) continue;
    const held = seen.get(m.id);
    const merged = { ...held, ...m };
    // what this reader did to an envelope outlives a later copy that does not know it yet
    if (held?.redEnvelope?.isRead && !m.redEnvelope?.isRead) merged.redEnvelope = held.redEnvelope;
    seen.set(m.id, merged);
  }
  return [...seen.values()].sort(byId);
}

export function messageReducer(state: MessageListState, action: MessageAction): MessageListState {
  switch (action.type) {
    case 'reset':
      return { messages: merge([], action.rows).slice(-MESSAGE_CAP), hasMore: action.hasMore };
    case 'older': {
      const merged = merge(state.messages, action.rows);
      // Reading back through history: keep the oldest, the newest come again from the socket.
      const capped = merged.length > MESSAGE_CAP;
      return { messages: capped ? merged.slice(0, MESSAGE_CAP) : merged, hasMore: action.hasMore };
    }
    case 'received':
    case 'newer': {
      const merged = merge(state.messages, action.type === 'received' ? [action.message] : action.rows);
      // New messages push the oldest out; they can be paged in again.
      const capped = merged.length > MESSAGE_CAP;
      return { messages: capped ? merged.slice(-MESSAGE_CAP) : merged, hasMore: state.hasMore || capped };
    }
    case 'withdrawn':
      return { ...state, messages: state.messages.filter((m) => m.id !== action.id) };
    case 'envelopeRead':
      return {
        ...state,
        messages: state.messages.map((m) => {
          const envelope = envelopeOf(m);
          return envelope?.recordId === action.recordId
            ? { ...m, redEnvelope: { ...envelope, isRead: true, state: action.state } }
            : m;
        }),
      };
  }
}

/**
 * A type-3 message's envelope as the reader sees it: the server's reader state when the list
 * carried it, else the message body (a message from the socket: recordId and remark, unread).
 */
function envelopeOf(m: ChatMessage): ChatMessage['redEnvelope'] {
  if (m.redEnvelope) return m.redEnvelope;
  if (m.messageTypeId !== MessageType.redEnvelope) return undefined;
  const body = parsePayload<{ recordId?: unknown; wishingRemark?: unknown }>(m.message);
  if (typeof body?.recordId !== 'number') return undefined;
  return {
    recordId: body.recordId,
    isRead: false,
    state: 0,
    wishingRemark: String(body.wishingRemark ?? ''),
  };
}

/** What a long press or tap on a message offers (spec/platform.md §4 message selection). */
export function messageActions(
  message: Pick<ChatMessage, 'userId' | 'grade' | 'messageTypeId'>,
  viewer: { userId: string; isManager: boolean; guest: boolean },
): { copy: boolean; ban: boolean; withdraw: boolean } {
  const own = message.userId === viewer.userId;
  const protectedSender = message.grade === 100;
  return {
    copy: message.messageTypeId === 1 || message.messageTypeId === 2,
    ban: !viewer.guest && viewer.isManager && !own && !protectedSender && !message.userId.startsWith('guest'),
    withdraw: !viewer.guest && (own || (viewer.isManager && !protectedSender)),
  };
}

/** Sending is disabled when banned or the room is muted, unless manager (spec §4). */
export function canSend(room: { isBanned: boolean; isMessageBanned: boolean; isManager: boolean }): boolean {
  return room.isManager || (!room.isBanned && !room.isMessageBanned);
}

/** Unread mark: latest id exceeds read id, or no read id (spec §3). */
export function isUnread(latestMessageId?: number | null, messageReadId?: number | null): boolean {
  if (!latestMessageId) return false;
  return messageReadId == null || latestMessageId > messageReadId;
}

/** Image / envelope / plan payloads are JSON text; a broken one shows as nothing rather than throwing. */
export function parsePayload<T>(message: string): T | undefined {
  try {
    return JSON.parse(message) as T;
  } catch {
    return undefined;
  }
}
