import { parseServerFrame, type SocketEvent } from '@lottery/contract/chat-frames';
import { socketUrl } from './api/socket-url';

/**
 * The chat socket with the connection rules of spec/platform.md §4 and §9:
 * - a connection that fails before it is established is retried every second, at most 5 times,
 *   then the state is `failed` with 连接失败，请稍后再试;
 * - a connection that closes after it was established reconnects after 2 seconds and tells the
 *   page (`onReconnected`) so it reloads the newest messages;
 * - ping (code 6) is answered with pong;
 * - terminal events (connect refused, 13 room deleted, 14 forced logout, 15 permission changed)
 *   stop every retry.
 * Timers and the socket are injectable so the rules are tested without a network.
 */
export const RETRY_DELAY_MS = 1000;
export const RETRY_LIMIT = 5;
export const RECONNECT_DELAY_MS = 2000;
export const CONNECT_FAILED_TEXT = '连接失败，请稍后再试';
const TERMINAL_CODES = new Set([13, 14, 15]);

export type SocketState = 'connecting' | 'connected' | 'failed' | 'closed';

export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface ChatSocketOptions {
  /** Query of broadCast/chat: type 1 room mode / 7 account mode, roomId, password, guestCode, key. */
  query: Record<string, string | number | undefined>;
  /** Only frames that parse as a `ServerFrame`; anything else is dropped before it reaches here. */
  onEvent(event: SocketEvent): void;
  onState(state: SocketState, message?: string): void;
  /** Called after a reconnect succeeded (reload the newest page). */
  onReconnected?(): void;
  /** Shown as `ws接收失败` + detail when an event is not JSON; frames of no known shape are dropped. */
  onReceiveError?(detail: string): void;
  createSocket?(url: string): SocketLike;
  setTimer?(run: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
  origin?: string;
}

/** ws(s)://host/v1/enpath/<broadCast/chat>?…, empty values left out. */
export function chatSocketUrl(query: ChatSocketOptions['query'], origin = window.location.origin): string {
  const given = Object.entries(query).filter(([, v]) => v !== '');
  return socketUrl('broadCast/chat', Object.fromEntries(given), origin);
}

export class ChatSocket {
  private socket: SocketLike | undefined;
  private timer: unknown;
  private failures = 0;
  private everConnected = false;
  private established = false;
  private stopped = false;
  private readonly opts: Required<Pick<ChatSocketOptions, 'setTimer' | 'clearTimer' | 'createSocket'>> &
    ChatSocketOptions;

  constructor(options: ChatSocketOptions) {
    this.opts = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  /** Close for good (leaving the page, or a terminal event). */
  stop(): void {
    this.stopped = true;
    this.opts.clearTimer(this.timer);
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000);
    }
  }

  send(payload: unknown): void {
    this.socket?.send(JSON.stringify(payload));
  }

  private open(): void {
    if (this.stopped) return;
    this.established = false;
    this.opts.onState('connecting');
    const url = chatSocketUrl(this.opts.query, this.opts.origin);
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(url);
    } catch {
      this.lost();
      return;
    }
    this.socket = socket;
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onclose = () => {
      if (this.socket === socket) this.socket = undefined;
      this.lost();
    };
    socket.onerror = () => undefined;
  }

  private receive(data: unknown): void {
    const result = parseServerFrame(String(data));
    if (!result.ok) {
      if (result.reason === 'json') this.opts.onReceiveError?.(result.detail);
      else if (import.meta.env?.DEV) console.warn('ws frame dropped:', result.detail);
      return;
    }
    const event = result.frame;
    if (event.code === 6) {
      if (event.data === 'ping') this.send({ code: 6, data: 'pong' });
      return;
    }
    if (event.code === 2) {
      if (event.success) {
        const again = this.everConnected;
        this.established = true;
        this.everConnected = true;
        this.failures = 0;
        this.opts.onState('connected');
        if (again) this.opts.onReconnected?.();
      } else {
        // Refused (password, room, account): no retry; short messages are shown as they are.
        this.stopped = true;
        const msg = event.msg.length < 40 ? event.msg : CONNECT_FAILED_TEXT;
        this.opts.onState('failed', msg);
      }
    }
    if (TERMINAL_CODES.has(event.code)) this.stopped = true;
    this.opts.onEvent(event);
  }

  private lost(): void {
    if (this.stopped) {
      this.opts.onState('closed');
      return;
    }
    if (this.established) {
      // Closed after it worked: come back after 2 s and refresh.
      this.established = false;
      this.opts.onState('closed');
      this.timer = this.opts.setTimer(() => this.open(), RECONNECT_DELAY_MS);
      return;
    }
    this.failures += 1;
    if (this.failures > RETRY_LIMIT) {
      this.stopped = true;
      this.opts.onState('failed', CONNECT_FAILED_TEXT);
      return;
    }
    this.timer = this.opts.setTimer(() => this.open(), RETRY_DELAY_MS);
  }
}
