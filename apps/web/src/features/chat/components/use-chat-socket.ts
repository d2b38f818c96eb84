import type { SocketEvent } from '@lottery/contract/chat';
import { useEffect, useRef, useState } from 'react';
import { ChatSocket, type SocketState } from '../../../shared/ws-client';

/** One chat socket for the page's lifetime; `query` undefined = not yet (locked room, no room). */
export function useChatSocket(
  query: Record<string, string | number | undefined> | undefined,
  handlers: { onEvent(e: SocketEvent): void; onReconnected(): void; onFailed(msg: string): void },
) {
  const [state, setState] = useState<SocketState>('connecting');
  const latest = useRef(handlers);
  latest.current = handlers;
  const key = query ? JSON.stringify(query) : '';

  useEffect(() => {
    if (!key) return;
    const socket = new ChatSocket({
      query: JSON.parse(key),
      onEvent: (e) => latest.current.onEvent(e),
      onReconnected: () => latest.current.onReconnected(),
      onReceiveError: (detail) => latest.current.onFailed(`ws接收失败 ${detail}`),
      onState: (next, msg) => {
        setState(next);
        if (next === 'failed' && msg) latest.current.onFailed(msg);
      },
    });
    socket.start();
    return () => socket.stop();
  }, [key]);

  return state;
}
