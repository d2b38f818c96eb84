import type { ChatMessage } from '@lottery/contract/chat';
import { describe, expect, it } from 'vitest';
import {
  ChatSocket,
  CONNECT_FAILED_TEXT,
  chatSocketUrl,
  RECONNECT_DELAY_MS,
  RETRY_DELAY_MS,
  RETRY_LIMIT,
  type SocketLike,
} from './ws-client';

const message: ChatMessage = {
  id: 1,
  userId: '7',
  userName: 'a***',
  nickname: 'a***',
  avatar: '',
  grade: 1,
  gradeName: 'VIP1',
  gradeShow: 'VIP1',
  gradeShowColorId: 1,
  nicknameColorId: 1,
  messageColorId: 1,
  roomCode: 'lobby',
  roomId: 1,
  messageTypeId: 1,
  message: 'hi',
  status: 0,
  userIds: 'all',
  type: 'room',
  guestCode: '',
  gmtCreated: 1,
  withdraw: false,
};

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  emit(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop() {
    this.onclose?.({ code: 1006 });
  }
}

function harness(query: Record<string, string | number> = { type: 1, roomId: 'lobby' }) {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const states: string[] = [];
  const events: number[] = [];
  let reconnected = 0;
  const socket = new ChatSocket({
    query,
    origin: 'https://example.test',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    onState: (state, msg) => states.push(msg ? `${state}:${msg}` : state),
    onEvent: (e) => events.push(e.code),
    onReconnected: () => {
      reconnected += 1;
    },
  });
  const fire = () => timers.shift()!.run();
  return { socket, sockets, timers, states, events, fire, reconnected: () => reconnected };
}

describe('chat socket', () => {
  it('connects to the enpath form of broadCast/chat over wss', () => {
    expect(chatSocketUrl({ type: 1, roomId: 'lobby', guestCode: undefined }, 'https://a.test')).toBe(
      'wss://a.test/v1/enpath/YnJvYWRDYXN0L2NoYXQ=?type=1&roomId=lobby',
    );
  });

  it('retries a failed connection every second, 5 times, then 连接失败，请稍后再试', () => {
    const h = harness();
    h.socket.start();
    for (let i = 0; i < RETRY_LIMIT; i++) {
      h.sockets.at(-1)!.drop();
      expect(h.timers[0]!.ms).toBe(RETRY_DELAY_MS);
      h.fire();
    }
    expect(h.sockets).toHaveLength(RETRY_LIMIT + 1);
    h.sockets.at(-1)!.drop();
    expect(h.timers).toHaveLength(0);
    expect(h.states.at(-1)).toBe(`failed:${CONNECT_FAILED_TEXT}`);
  });

  it('a closed connection comes back after 2 seconds and asks for a refresh', () => {
    const h = harness();
    h.socket.start();
    h.sockets[0]!.emit({ code: 2, success: true, msg: '连接成功' });
    expect(h.states).toEqual(['connecting', 'connected']);
    h.sockets[0]!.drop();
    expect(h.states.at(-1)).toBe('closed');
    expect(h.timers[0]!.ms).toBe(RECONNECT_DELAY_MS);
    h.fire();
    h.sockets[1]!.emit({ code: 2, success: true, msg: '连接成功' });
    expect(h.reconnected()).toBe(1);
  });

  it('answers ping with pong and hands other events on', () => {
    const h = harness();
    h.socket.start();
    h.sockets[0]!.emit({ code: 6, data: 'ping' });
    expect(h.sockets[0]!.sent).toEqual([JSON.stringify({ code: 6, data: 'pong' })]);
    h.sockets[0]!.emit({ code: 1, data: message });
    expect(h.events).toEqual([1]);
  });

  it('drops a malformed or unknown frame before it reaches the page', () => {
    const h = harness();
    h.socket.start();
    h.sockets[0]!.emit({ code: 1, data: {} });
    h.sockets[0]!.emit({ code: 1, data: { ...message, id: 'x' } });
    h.sockets[0]!.emit({ code: 3, type: 9, data: { roomId: 1 } });
    h.sockets[0]!.emit({ code: 99 });
    h.sockets[0]!.emit({ code: 2, success: false });
    expect(h.events).toEqual([]);
    expect(h.states).toEqual(['connecting']);
  });

  it('a refused connection shows the short message and does not retry', () => {
    const h = harness();
    h.socket.start();
    h.sockets[0]!.emit({ code: 2, success: false, msg: '房间密码错误' });
    h.sockets[0]!.drop();
    expect(h.states).toContain('failed:房间密码错误');
    expect(h.timers).toHaveLength(0);
  });

  it('room deleted, forced logout and permission change stop reconnecting', () => {
    for (const code of [13, 14, 15]) {
      const h = harness();
      h.socket.start();
      h.sockets[0]!.emit({ code: 2, success: true, msg: '连接成功' });
      h.sockets[0]!.emit(code === 14 ? { code, msg: 'x' } : { code, msg: 'x', data: { roomId: 1 } });
      h.sockets[0]!.drop();
      expect(h.timers).toHaveLength(0);
      expect(h.events).toContain(code);
    }
  });
});
