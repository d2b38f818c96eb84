import { LivePaths, type LiveServerFrame, parseLiveServerFrame } from '@lottery/contract/live';
import { socketUrl } from '../../../shared/api/socket-url';

/**
 * The live draw socket (GET /v1/live/socket?code=…): frames parsed by the contract's schema (any
 * other is dropped), reconnect after RECONNECT_DELAY_MS when the link drops (a new hello carries
 * the issue on sale and the last results, so nothing is lost), a ping every PING_MS, and no retry
 * after the server refused the lottery (4000 / 4003).
 */
export const RECONNECT_DELAY_MS = 2000;
export const PING_MS = 30_000;
const REFUSED = new Set([4000, 4003]);

export interface LiveSocketHandlers {
  onFrame(frame: LiveServerFrame): void;
  onState(state: 'connecting' | 'open' | 'closed' | 'refused'): void;
}

export const liveSocketUrl = (code: string, origin?: string): string =>
  socketUrl(LivePaths.socket, { code }, origin);

/** Opens the socket; returns the function that closes it for good. */
export function openLiveSocket(
  code: string,
  handlers: LiveSocketHandlers,
  createSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
): () => void {
  let socket: WebSocket | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const connect = () => {
    handlers.onState('connecting');
    const ws = createSocket(liveSocketUrl(code));
    socket = ws;
    ws.onopen = () => {
      handlers.onState('open');
      ping = setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), PING_MS);
    };
    ws.onmessage = (event) => {
      const frame = typeof event.data === 'string' ? parseLiveServerFrame(event.data) : null;
      if (frame) handlers.onFrame(frame);
    };
    ws.onclose = (event) => {
      clearInterval(ping);
      if (stopped) return;
      if (REFUSED.has(event.code)) {
        handlers.onState('refused');
        return;
      }
      handlers.onState('closed');
      retry = setTimeout(connect, RECONNECT_DELAY_MS);
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    socket?.close(1000);
  };
}
