import { ChatToHostMessage, HostToChatMessage } from '@lottery/contract/embed-chat';

/** Where the chat app lives when the site config names none: our own page (docs/embed-chat.md). */
export const DEFAULT_CHAT_PATH = '/embedChatApp';

/** The frame's address and the one origin whose messages the host accepts. */
export function chatFrameTarget(
  embedChatUrl: string | undefined,
  here: string,
): { src: string; origin: string } {
  const url = new URL(embedChatUrl || DEFAULT_CHAT_PATH, here);
  return { src: url.href, origin: url.origin };
}

type Incoming = { origin: string; source: unknown; data: unknown };

/**
 * A message the host acts on: from the allowed origin, sent by the chat frame's own window, and of
 * a shape the contract knows. Anything else (another frame, another origin, a stray script) is
 * ignored without a word.
 */
export function messageFromChat(
  event: Incoming,
  expected: { origin: string; source: unknown },
): ChatToHostMessage | undefined {
  if (event.origin !== expected.origin || !expected.source || event.source !== expected.source)
    return undefined;
  const parsed = ChatToHostMessage.safeParse(event.data);
  return parsed.success ? parsed.data : undefined;
}

/** The frame's side: only its parent window, only from the parent's origin (ours). */
export function messageFromHost(
  event: Incoming,
  expected: { origin: string; source: unknown },
): HostToChatMessage | undefined {
  if (event.origin !== expected.origin || event.source !== expected.source) return undefined;
  const parsed = HostToChatMessage.safeParse(event.data);
  return parsed.success ? parsed.data : undefined;
}
