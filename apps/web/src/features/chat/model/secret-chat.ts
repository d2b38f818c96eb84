import type { ChatMessage, SocketEvent } from '@lottery/contract/chat-frames';

/**
 * The floating private-chat frame (spec/platform.md §2 "Floating secret-chat frame"; 密聊 = 私聊):
 * when a private message reaches the signed-in player anywhere but that chat's own page, a small
 * frame shows its sender, the chat's latest messages and a reply box; minimised, it is a badge
 * counting what came since. Pure: the frame's state from the account socket's frames and the
 * player's taps (components/secret-chat-slot.tsx feeds it, secret-chat-frame.tsx draws it).
 */

/** The newest messages the frame keeps; the full chat (打开) has the rest. */
export const FRAME_MESSAGES_KEPT = 20;

export interface SecretChatPeer {
  userId: string;
  /** The account name, which the chat route carries (`?account=`). */
  userName: string;
  /** What the frame calls them: the nickname, else the account name. */
  name: string;
  avatar: string;
}

export interface SecretChatState {
  /** The direct room. */
  roomId: number;
  peer: SecretChatPeer;
  /** Oldest first, at most FRAME_MESSAGES_KEPT, no withdrawn ones. */
  messages: ChatMessage[];
  minimised: boolean;
  /** The peer's messages that came while the frame was minimised (the badge's count). */
  unread: number;
}

export type SecretChatAction =
  /** A frame of the account socket; `selfId` tells the player's own messages from the peer's. */
  | { type: 'event'; event: SocketEvent; selfId: string }
  /** The chat's latest page from the server (the frame opened, came back, or the link resumed). */
  | { type: 'loaded'; roomId: number; rows: ChatMessage[] }
  /** The player's reply as the server stored it. */
  | { type: 'sent'; message: ChatMessage }
  | { type: 'minimise' }
  | { type: 'expand' }
  | { type: 'close' };

export function peerOf(
  message: Pick<ChatMessage, 'userId' | 'userName' | 'nickname' | 'avatar'>,
): SecretChatPeer {
  return {
    userId: message.userId,
    userName: message.userName,
    name: message.nickname || message.userName,
    avatar: message.avatar,
  };
}

/** By id (the socket echoes the player's own sends), withdrawn ones left out, the newest kept. */
function merge(shown: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of [...shown, ...incoming]) {
    if (m.withdraw) byId.delete(m.id);
    else byId.set(m.id, m);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-FRAME_MESSAGES_KEPT);
}

function received(
  state: SecretChatState | null,
  message: ChatMessage,
  selfId: string,
): SecretChatState | null {
  if (message.userId === selfId) {
    // the player's own message (the frame's send echoed, or sent from another tab): only the
    // chat on show takes it; it never opens the frame
    return state?.roomId === message.roomId
      ? { ...state, messages: merge(state.messages, [message]) }
      : state;
  }
  if (state?.roomId !== message.roomId) {
    // a first private message, or one from another chat: the frame turns to the newest sender
    return {
      roomId: message.roomId,
      peer: peerOf(message),
      messages: merge([], [message]),
      minimised: state?.minimised ?? false,
      unread: state?.minimised ? state.unread + 1 : 0,
    };
  }
  const isNew = !state.messages.some((m) => m.id === message.id);
  return {
    ...state,
    peer: peerOf(message),
    messages: merge(state.messages, [message]),
    unread: state.minimised && isNew ? state.unread + 1 : state.unread,
  };
}

export function secretChatReducer(
  state: SecretChatState | null,
  action: SecretChatAction,
): SecretChatState | null {
  switch (action.type) {
    case 'event': {
      const { event } = action;
      if (event.code === 1 && event.data.type === 'direct') return received(state, event.data, action.selfId);
      if (
        event.code === 3 &&
        event.type === 5 &&
        event.data.type === 'direct' &&
        state?.roomId === event.data.roomId
      ) {
        const id = event.data.id;
        return { ...state, messages: state.messages.filter((m) => m.id !== id) };
      }
      return state;
    }
    case 'loaded':
      return state?.roomId === action.roomId
        ? { ...state, messages: merge(state.messages, action.rows) }
        : state;
    case 'sent':
      return state?.roomId === action.message.roomId
        ? { ...state, messages: merge(state.messages, [action.message]) }
        : state;
    case 'minimise':
      return state && { ...state, minimised: true };
    case 'expand':
      return state && { ...state, minimised: false, unread: 0 };
    case 'close':
      return null;
  }
}

/** The direct room whose chat page is open (/chat/{roomId}?account=…&userId=…), if one is. */
export function openDirectRoomId(pathname: string, search: string): number | undefined {
  const match = /^\/chat\/(\d+)$/.exec(pathname);
  if (!match) return undefined;
  const query = new URLSearchParams(search);
  return query.has('account') || query.has('userId') ? Number(match[1]) : undefined;
}

/**
 * Pages where the frame stays away: a chat app of its own (吉聊 and the app it frames list every
 * private chat), and that chat's own page.
 */
export function frameAllowedOn(pathname: string, search: string, roomId: number): boolean {
  if (pathname === '/embedChat' || pathname === '/embedChatApp') return false;
  return openDirectRoomId(pathname, search) !== roomId;
}

/** The full chat of the frame's room, as 私聊 opens it elsewhere (hooks/use-open-private.ts). */
export function directChatPath(roomId: number, peer: SecretChatPeer): string {
  return `/chat/${roomId}?account=${encodeURIComponent(peer.userName)}&userId=${encodeURIComponent(peer.userId)}`;
}

/**
 * The edge the frame keeps to: the top, under the header, so it never covers the tab bar or a
 * page's footer (the bet buttons); the bottom, above the tab bar, when the player has dragged the
 * 聊天室 button into the top half of the screen, so the frame does not sit on it.
 */
export function frameEdge(
  chatButton: { top: number; bottom: number } | undefined,
  viewportHeight: number,
): 'top' | 'bottom' {
  if (!chatButton) return 'top';
  return (chatButton.top + chatButton.bottom) / 2 < viewportHeight / 2 ? 'bottom' : 'top';
}
