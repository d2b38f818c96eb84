import {
  type LiveDraw,
  type LiveIssue,
  type LiveServerFrame,
  LiveSocketQuery,
  parseLiveClientFrame,
} from '@lottery/contract/live';
import { type LotteryDef, lotteryByCode } from '@lottery/rules/lotteries';
import { issueContaining } from '@lottery/rules/schedule';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { Bus, BusMessage } from '../../realtime/bus';
import { frameFlood, refuseForeignOrigin, refuseSocket, sendBounded } from '../../realtime/room-socket';
import { recentDraws } from '../draw/index';
import { tenantLotteries } from '../lottery/index';
import { onLocalChange } from '../site/index';

/**
 * Live draw watchers: the sockets at GET /v1/live/socket?code=…, by lottery. Visitors may watch.
 *
 * A draw is announced after its commit on the database handle that stored it (draw/drawer.ts); the
 * process that drew it reads the stored row and publishes one `drawn` frame on the bus, so with
 * Redis every process delivers it to its own watchers, as the chat and the game rooms do. Client
 * frames are parsed by the contract's schema first; a bad one closes that socket only.
 */

const CLOSE_BAD_REQUEST = 4000;
const CLOSE_REFUSED = 4003;
const CLOSE_FLOOD = 4009;
const MAX_FRAMES_PER_SECOND = 10;
const MAX_BUFFERED_BYTES = 1 << 18;
/** Last results sent in hello. */
export const LIVE_HISTORY = 10;
/** The announced issue is looked for among this many latest draws (a catch-up draws several). */
const LOOKUP_DEPTH = 50;

interface LiveConn {
  ws: WebSocket;
  lotteryCode: string;
}

const encode = (frame: LiveServerFrame) => JSON.stringify(frame);

/** The issue drawn next (not the one on sale: in its last seconds that is already the following one). */
const issueView = (lottery: LotteryDef, nowMs: number): LiveIssue => {
  const times = issueContaining(lottery, nowMs);
  return { issue: times.issue, closeMs: times.closeMs, drawMs: times.drawMs };
};

/**
 * The bus message carrying a stored draw's `drawn` frame to every watcher of its lottery, on any
 * process; null when the lottery or the draw is unknown. Also used by the operator's
 * official-result command, which publishes it from outside the servers.
 */
export async function liveDrawnMessage(
  db: Db,
  nowMs: number,
  lotteryCode: string,
  issue: string,
): Promise<Extract<BusMessage, { t: 'live' }> | null> {
  const lottery = lotteryByCode(lotteryCode);
  if (!lottery) return null;
  const drawn = (await recentDraws(db, lotteryCode, LOOKUP_DEPTH)).find((d) => d.issue === issue);
  if (!drawn) return null;
  const frame: LiveServerFrame = {
    type: 'drawn',
    lotteryCode,
    serverMs: nowMs,
    draw: { issue: drawn.issue, numbers: drawn.numbers, drawMs: drawn.drawMs },
    next: issueView(lottery, nowMs),
  };
  return { t: 'live', lotteryCode, payload: encode(frame) };
}

export class LiveRooms {
  private readonly rooms = new Map<string, Set<LiveConn>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {
    bus.subscribe((message) => {
      if (message.t === 'live') this.deliver(message);
    });
  }

  /** Publishes the drawn frame of a stored draw to every process. */
  async announce(lotteryCode: string, issue: string): Promise<void> {
    const message = await liveDrawnMessage(this.ctx.db, this.ctx.clock.now(), lotteryCode, issue);
    if (message) await this.bus.publish(message);
  }

  /** Local watchers of a lottery (tests). */
  size(lotteryCode: string): number {
    return this.rooms.get(lotteryCode)?.size ?? 0;
  }

  private deliver(message: Extract<BusMessage, { t: 'live' }>): void {
    for (const conn of this.rooms.get(message.lotteryCode) ?? []) this.send(conn, message.payload);
  }

  private send(conn: LiveConn, payload: string): void {
    sendBounded(conn.ws, payload, MAX_BUFFERED_BYTES);
  }

  private add(conn: LiveConn): void {
    let room = this.rooms.get(conn.lotteryCode);
    if (!room) {
      room = new Set();
      this.rooms.set(conn.lotteryCode, room);
    }
    room.add(conn);
  }

  private remove(conn: LiveConn): void {
    const room = this.rooms.get(conn.lotteryCode);
    room?.delete(conn);
    if (room?.size === 0) this.rooms.delete(conn.lotteryCode);
  }

  private async hello(lottery: LotteryDef): Promise<LiveServerFrame> {
    const nowMs = this.ctx.clock.now();
    const history: LiveDraw[] = (await recentDraws(this.ctx.db, lottery.code, LIVE_HISTORY)).map((d) => ({
      issue: d.issue,
      numbers: d.numbers,
      drawMs: d.drawMs,
    }));
    return {
      type: 'hello',
      lotteryCode: lottery.code,
      serverMs: nowMs,
      next: issueView(lottery, nowMs),
      history,
    };
  }

  /** GET /v1/live/socket?code=…, and the draw announcements of this process's database handle. */
  register(app: FastifyInstance): void {
    const unsubscribe = onLocalChange(this.ctx.db, (change) => {
      if (change.kind !== 'draw') return;
      this.announce(change.lotteryCode, change.issue).catch((error: unknown) => {
        this.log.error({ err: error, change }, 'live drawn frame failed');
      });
    });
    app.addHook('onClose', async () => unsubscribe());

    app.get('/v1/live/socket', { websocket: true, preValidation: refuseForeignOrigin }, (ws, request) => {
      let conn: LiveConn | null = null;
      let closed = false;
      const flooded = frameFlood(MAX_FRAMES_PER_SECOND);
      const refuse = (code: number, msg: string) => refuseSocket(ws, code, encode({ type: 'error', msg }));
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (flooded()) return ws.close(CLOSE_FLOOD, 'too many frames');
        // Parsed before use: a bad frame closes this socket, never the process or the room.
        const frame = isBinary ? null : parseLiveClientFrame(data.toString());
        if (!frame) return ws.close(CLOSE_BAD_REQUEST, 'bad frame');
        if (conn) this.send(conn, encode({ type: 'pong', serverMs: this.ctx.clock.now() }));
      });
      ws.on('close', () => {
        closed = true;
        if (conn) this.remove(conn);
      });
      ws.on('error', () => ws.terminate());

      const start = async () => {
        const query = LiveSocketQuery.safeParse(request.query ?? {});
        if (!query.success) return refuse(CLOSE_BAD_REQUEST, '当前彩种不存在');
        const lottery = lotteryByCode(query.data.code);
        const listed = (await tenantLotteries(app)).some((l) => l.code === query.data.code);
        if (!lottery || !listed) return refuse(CLOSE_REFUSED, '当前彩种不存在');
        const hello = await this.hello(lottery);
        if (closed) return;
        const c: LiveConn = { ws, lotteryCode: lottery.code };
        this.add(c);
        conn = c;
        this.send(c, encode(hello));
      };
      start().catch((error: unknown) => {
        request.log.error({ err: error }, 'live socket start failed');
        ws.close(1011, 'internal error');
      });
    });
  }
}
