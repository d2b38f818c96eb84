import type { SocketEvent } from '@lottery/contract/chat-frames';

/**
 * The frames of the app-wide account socket (content's MessageSocket, one per signed-in player),
 * passed on to the features that react to them without opening sockets of their own: chat's
 * floating private-chat frame listens for private messages (event 1, type direct) here. Features
 * do not import each other, so the socket publishes and they subscribe through this module.
 */
type Listener = (event: SocketEvent) => void;

const listeners = new Set<Listener>();

export function publishAccountEvent(event: SocketEvent): void {
  for (const listener of listeners) listener(event);
}

/** Subscribe; returns the unsubscribe function (an effect's cleanup). */
export function subscribeAccountEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
