import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { useUnreadStore } from '../../../shared/stores/unread';
import { ChatSocket, type SocketLike } from '../../../shared/ws-client';
import { noticeNewMessages } from '../api/get-unread';
import { onAccountEvent } from './message-socket';

/** An account socket fed raw text frames, as the browser would get them, wired to the handler. */
function accountSocket(userId: number) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const show = vi.fn();
  let socket: SocketLike | undefined;
  const chat = new ChatSocket({
    query: { type: 7 },
    origin: 'http://localhost',
    createSocket: () => {
      socket = { onopen: null, onmessage: null, onclose: null, onerror: null, send() {}, close() {} };
      return socket;
    },
    setTimer: () => 0,
    clearTimer: () => undefined,
    onEvent: (event) => onAccountEvent(event, { userId, queryClient, show }),
    onState: () => undefined,
  });
  chat.start();
  const receive = (text: string) => socket!.onmessage?.({ data: text });
  receive(
    JSON.stringify({
      code: 2,
      success: true,
      msg: '连接成功',
      data: { roomId: 0, roomCode: '', onlineCount: 0 },
    }),
  );
  return { receive, invalidate, show };
}

describe('account socket, new personal message (frame 18)', () => {
  it('shows the popup, stores the count for the badge and reloads the content queries', () => {
    const s = accountSocket(501);
    s.receive(JSON.stringify({ code: 18, data: { messageCount: 3 } }));
    expect(s.show).toHaveBeenCalledTimes(1);
    expect(s.invalidate).toHaveBeenCalledWith({ queryKey: ['content'] });
    expect(useUnreadStore.getState()).toMatchObject({ userId: 501, messageCount: 3 });

    // the refetch that follows finds the same count: no second popup for the same message
    const again = vi.fn();
    noticeNewMessages(501, 3, again);
    expect(again).not.toHaveBeenCalled();
  });

  it('ignores a malformed frame 18 and frames that are not about messages', () => {
    const s = accountSocket(502);
    s.receive(JSON.stringify({ code: 18, data: { messageCount: -1 } }));
    s.receive(JSON.stringify({ code: 18, data: { messageCount: '9' } }));
    s.receive(JSON.stringify({ code: 12, data: { userId: '1', roomId: 0 } }));
    expect(s.show).not.toHaveBeenCalled();
    expect(s.invalidate).not.toHaveBeenCalled();
  });

  it('reloads (without a popup) after a resync, when a message may have been missed', () => {
    const s = accountSocket(503);
    s.receive(JSON.stringify({ code: 17, data: { roomId: 0 } }));
    expect(s.invalidate).toHaveBeenCalledWith({ queryKey: ['content'] });
    expect(s.show).not.toHaveBeenCalled();
  });
});
