import {
  type GameClientFrame,
  GamePaths,
  type GameServerFrame,
  gameServerFrame,
} from '@lottery/contract/games';
import { socketUrl } from '../../../shared/api/socket-url';

/**
 * The game socket (docs/games.md §Game socket): GET /v1/game/socket?gameCode=…&token=… to play, or
 * &demo=1 to watch and play with chips. A token is single use and lives 60 s, so every connection,
 * reconnects included, fetches a new one. A socket that drops reconnects after RECONNECT_DELAY_MS;
 * after RETRY_LIMIT failures in a row (or a refusal the server explains) it stops and says why.
 * Frames are parsed with the contract's schema; anything else is dropped.
 */
export const RECONNECT_DELAY_MS = 2000;
export const RETRY_LIMIT = 5;
export const PING_EVERY_MS = 20_000;
export const CONNECT_FAILED_TEXT = '连接失败，请稍后再试';
/** Close codes after which retrying cannot help (bad query, module off). */
const TERMINAL_CLOSE = new Set([4000, 4003]);

export type GameSocketState = 'connecting' | 'open' | 'failed';

export interface GameSocketOptions {
  gameCode: string;
  demo: boolean;
  /** A fresh single-use token (game/getGameToken), play mode only. */
  fetchToken(): Promise<{ token: string; socketPath: string }>;
  onFrame(frame: GameServerFrame, receivedMs: number): void;
  onState(state: GameSocketState, message?: string): void;
  origin?: string;
}

/** A demo socket (`demo=1`) or a played one (its token); `socketPath` as the token call names it. */
export function gameSocketUrl(
  origin: string,
  socketPath: string,
  query: { gameCode: string; token?: string; demo?: boolean },
): string {
  const { gameCode, token, demo } = query;
  return socketUrl(
    socketPath,
    demo ? { gameCode, demo: '1' } : { gameCode, token: token || undefined },
    origin,
  );
}

export class GameSocket {
  private socket: WebSocket | undefined;
  private failures = 0;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private lastError: string | undefined;

  constructor(private readonly opts: GameSocketOptions) {}

  start(): void {
    this.stopped = false;
    void this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.socket?.close();
    this.socket = undefined;
  }

  send(frame: GameClientFrame): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private async open(): Promise<void> {
    this.opts.onState('connecting');
    const origin = this.opts.origin ?? window.location.origin;
    let url: string;
    try {
      if (this.opts.demo) {
        url = gameSocketUrl(origin, GamePaths.socket, { gameCode: this.opts.gameCode, demo: true });
      } else {
        const { token, socketPath } = await this.opts.fetchToken();
        url = gameSocketUrl(origin, socketPath, { gameCode: this.opts.gameCode, token });
      }
    } catch (error) {
      this.retry(error instanceof Error ? error.message : undefined);
      return;
    }
    if (this.stopped) return;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      this.lastError = undefined;
      this.opts.onState('open');
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_EVERY_MS);
    };
    socket.onmessage = (event) => {
      let parsed: ReturnType<typeof gameServerFrame.safeParse>;
      try {
        parsed = gameServerFrame.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      if (parsed.data.type === 'error') this.lastError = parsed.data.msg;
      this.opts.onFrame(parsed.data, Date.now());
    };
    socket.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket || this.stopped) return;
      this.socket = undefined;
      if (TERMINAL_CLOSE.has(event.code)) {
        this.stopped = true;
        this.opts.onState('failed', this.lastError ?? CONNECT_FAILED_TEXT);
        return;
      }
      this.retry(this.lastError);
    };
  }

  private retry(message?: string): void {
    if (this.stopped) return;
    this.failures += 1;
    if (this.failures > RETRY_LIMIT) {
      this.opts.onState('failed', message ?? CONNECT_FAILED_TEXT);
      return;
    }
    this.opts.onState('connecting', message);
    this.retryTimer = setTimeout(() => void this.open(), RECONNECT_DELAY_MS);
  }
}
