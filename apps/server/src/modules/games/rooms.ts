import { Codes } from '@lottery/contract/codes';
import {
  DEMO_BALANCE_YUAN,
  GameMessages,
  type GameServerFrame,
  GameSocketQuery,
  parseGameClientFrame,
} from '@lottery/contract/games';
import { formatMoney, MINOR_PER_YUAN } from '@lottery/contract/money';
import { tableGameByCode } from '@lottery/rules/games/catalogue';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import type { Bus, BusMessage } from '../../realtime/bus';
import { frameFlood, refuseForeignOrigin, refuseSocket, sendBounded } from '../../realtime/room-socket';
import { checkedArea, checkRoundOpen, gamesEnabledOf, stakeOf } from './placer';
import { findRound, recentResults, roundViewOf } from './rounds';
import { phaseAt, roundAt, viewOf } from './schedule';
import { takeGameToken } from './tokens';

/**
 * The game rooms of this process: the sockets at GET /v1/game/socket, by tenant and game. Frames
 * of the round loop arrive over the bus (in-process, or Redis with several processes: the leader
 * publishes, every process delivers to its own sockets). Every client frame is parsed by the
 * contract's schema first; a bad one closes that socket only.
 *
 * Demo mode (`demo=1`, no login): the same rounds, bets in play chips kept on the socket
 * (DEMO_BALANCE_YUAN to start), settled on the round's settled frame with the engine itself.
 */

const CLOSE_BAD_REQUEST = 4000;
const CLOSE_UNAUTHENTICATED = 4001;
const CLOSE_REFUSED = 4003;
const CLOSE_FLOOD = 4009;
const MAX_FRAMES_PER_SECOND = 20;
const MAX_DEMO_BETS_PER_ROUND = 50;
const MAX_BUFFERED_BYTES = 1 << 20;
const HISTORY = 20;

interface DemoState {
  balanceMinor: bigint;
  bets: { roundId: string; area: string; stakeMinor: bigint; debitMinor: bigint }[];
}

interface GameConn {
  ws: WebSocket;
  tenantId: number;
  gameCode: string;
  userId: number | null;
  demo: DemoState | null;
}

const encode = (frame: GameServerFrame) => JSON.stringify(frame);

/**
 * The bus message of a frame to one room: settled frames carry each player's payout (fitted into
 * his own copy), void frames name the round (each process refunds its demo sockets' chips on it).
 * The command line builds the same message to reach the servers through Redis.
 */
export function gameBusMessage(
  tenantId: number,
  gameCode: string,
  frame: GameServerFrame,
  payouts?: Record<string, { betMoney: string; returnMoney: string }>,
): Extract<BusMessage, { t: 'game' }> {
  return {
    t: 'game',
    tenantId,
    gameCode,
    payload: encode(frame),
    ...(payouts ? { payouts } : {}),
    ...(frame.type === 'void' ? { voided: frame.roundId } : {}),
  };
}

export class GameRooms {
  private readonly rooms = new Map<string, Set<GameConn>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {
    bus.subscribe((message) => {
      if (message.t === 'game') this.deliver(message);
    });
  }

  /** Publishes a frame to a room on every process (the loop calls this after each step commits). */
  async publish(
    tenantId: number,
    gameCode: string,
    frame: GameServerFrame,
    payouts?: Record<string, { betMoney: string; returnMoney: string }>,
  ): Promise<void> {
    try {
      await this.bus.publish(gameBusMessage(tenantId, gameCode, frame, payouts));
    } catch (error) {
      this.log.error({ err: error }, 'game frame publish failed');
    }
  }

  /** Local sockets in a room (tests, bench). */
  size(tenantId: number, gameCode: string): number {
    return this.rooms.get(`${tenantId}:${gameCode}`)?.size ?? 0;
  }

  private deliver(message: Extract<BusMessage, { t: 'game' }>): void {
    const room = this.rooms.get(`${message.tenantId}:${message.gameCode}`);
    if (!room || room.size === 0) return;
    const settled = message.payouts ? (JSON.parse(message.payload) as GameServerFrame) : null;
    for (const conn of room) {
      if (settled?.type !== 'settled') {
        this.send(conn, message.payload);
        if (message.voided && conn.demo) this.refundDemo(conn, message.voided);
        continue;
      }
      const mine = conn.userId === null ? null : (message.payouts?.[String(conn.userId)] ?? null);
      this.send(conn, mine ? encode({ ...settled, mine }) : message.payload);
      if (conn.demo) this.settleDemo(conn, settled.round.roundId, settled.secret);
    }
  }

  private send(conn: GameConn, payload: string): void {
    sendBounded(conn.ws, payload, MAX_BUFFERED_BYTES);
  }

  /** Settles a demo socket's bets of the round with the engine, as the settled frame settles real ones. */
  private settleDemo(conn: GameConn, roundId: string, secret: string): void {
    const game = tableGameByCode(conn.gameCode)!;
    this.closeDemoRound(conn, roundId, (bets) =>
      game
        .settle(
          game.deal(secret, roundId),
          bets.map((b) => ({ area: b.area, stakeMinor: b.stakeMinor })),
        )
        .reduce((s, b) => s + b.returnMinor, 0n),
    );
  }

  /** A voided round gives a demo socket its chips back, as the ledger refunds a real bet (221). */
  private refundDemo(conn: GameConn, roundId: string): void {
    this.closeDemoRound(conn, roundId, (bets) => bets.reduce((s, b) => s + b.debitMinor, 0n));
  }

  /** Takes the round's demo bets off the socket, credits what they return, and tells it (demoSettled). */
  private closeDemoRound(
    conn: GameConn,
    roundId: string,
    returnOf: (bets: DemoState['bets']) => bigint,
  ): void {
    const demo = conn.demo!;
    const bets = demo.bets.filter((b) => b.roundId === roundId);
    if (bets.length === 0) return;
    demo.bets = demo.bets.filter((b) => b.roundId !== roundId);
    const returnMinor = returnOf(bets);
    demo.balanceMinor += returnMinor;
    this.send(
      conn,
      encode({
        type: 'demoSettled',
        roundId,
        betMoney: formatMoney(bets.reduce((s, b) => s + b.stakeMinor, 0n)),
        returnMoney: formatMoney(returnMinor),
        demoBalance: formatMoney(demo.balanceMinor),
      }),
    );
  }

  private demoBet(conn: GameConn, frame: { roundId: string; area: string; amount: string }): void {
    const demo = conn.demo;
    const reply = (ok: boolean, msg: string) =>
      this.send(
        conn,
        encode({ type: 'demoBet', ok, msg, demoBalance: formatMoney(demo?.balanceMinor ?? 0n) }),
      );
    if (!demo) {
      reply(false, '请登录后投注');
      return;
    }
    try {
      const game = checkedArea(conn.gameCode, frame.area);
      const stakeMinor = stakeOf(frame.amount);
      checkRoundOpen(frame.roundId, this.ctx.clock.now());
      const debitMinor = game.debitMinor(frame.area, stakeMinor);
      if (demo.bets.length >= MAX_DEMO_BETS_PER_ROUND)
        throw DomainError.of(Codes.INVALID_PARAM, '本局投注次数已达上限');
      if (debitMinor > demo.balanceMinor) throw DomainError.of(Codes.INVALID_PARAM, '余额不足');
      demo.balanceMinor -= debitMinor;
      demo.bets.push({ roundId: frame.roundId, area: frame.area, stakeMinor, debitMinor });
      reply(true, '投注成功');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      reply(false, error.message);
    }
  }

  private add(conn: GameConn): void {
    const key = `${conn.tenantId}:${conn.gameCode}`;
    let room = this.rooms.get(key);
    if (!room) {
      room = new Set();
      this.rooms.set(key, room);
    }
    room.add(conn);
  }

  private remove(conn: GameConn): void {
    const key = `${conn.tenantId}:${conn.gameCode}`;
    const room = this.rooms.get(key);
    room?.delete(conn);
    if (room?.size === 0) this.rooms.delete(key);
  }

  /** The hello frame: the current round (database state, or the clock's before the loop wrote it), history. */
  private async hello(conn: GameConn): Promise<GameServerFrame> {
    const nowMs = this.ctx.clock.now();
    const times = roundAt(nowMs);
    const stored = await findRound(this.ctx.db, conn.tenantId, conn.gameCode, times.roundId);
    return {
      type: 'hello',
      mode: conn.demo ? 'demo' : 'play',
      serverMs: nowMs,
      round: stored ? roundViewOf(stored) : viewOf(conn.gameCode, times, phaseAt(times, nowMs), null),
      history: await recentResults(this.ctx.db, conn.tenantId, conn.gameCode, HISTORY),
      demoBalance: conn.demo ? formatMoney(conn.demo.balanceMinor) : null,
    };
  }

  /** GET /v1/game/socket?gameCode=…&token=… | &demo=1 */
  register(app: FastifyInstance): void {
    app.get('/v1/game/socket', { websocket: true, preValidation: refuseForeignOrigin }, (ws, request) => {
      let conn: GameConn | null = null;
      let closed = false;
      const flooded = frameFlood(MAX_FRAMES_PER_SECOND);
      const refuse = (code: number, msg: string) => refuseSocket(ws, code, encode({ type: 'error', msg }));
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        try {
          if (flooded()) return ws.close(CLOSE_FLOOD, 'too many frames');
          // Parsed before use: a bad frame closes this socket, never the process or the room.
          const frame = isBinary ? null : parseGameClientFrame(data.toString());
          if (!frame) return ws.close(CLOSE_BAD_REQUEST, 'bad frame');
          if (!conn) return;
          if (frame.type === 'ping')
            this.send(conn, encode({ type: 'pong', serverMs: this.ctx.clock.now() }));
          else this.demoBet(conn, frame);
        } catch (error) {
          request.log.error({ err: error }, 'game socket frame failed');
          ws.close(1011, 'internal error');
        }
      });
      ws.on('close', () => {
        closed = true;
        if (conn) this.remove(conn);
      });
      ws.on('error', () => ws.terminate());

      const start = async () => {
        const query = GameSocketQuery.safeParse(request.query ?? {});
        if (!query.success) return refuse(CLOSE_BAD_REQUEST, GameMessages.tokenInvalid);
        const tenant = await this.ctx.tenant.get();
        if (!tenant || !gamesEnabledOf(tenant.config)) return refuse(CLOSE_REFUSED, GameMessages.disabled);
        const { gameCode } = query.data;
        let userId: number | null = null;
        if ('token' in query.data) {
          const owner = await takeGameToken(this.ctx.db, query.data.token, gameCode, this.ctx.clock.now());
          if (!owner || owner.tenantId !== tenant.id)
            return refuse(CLOSE_UNAUTHENTICATED, GameMessages.tokenInvalid);
          userId = owner.userId;
        }
        if (closed) return;
        const c: GameConn = {
          ws,
          tenantId: tenant.id,
          gameCode,
          userId,
          demo:
            userId === null ? { balanceMinor: BigInt(DEMO_BALANCE_YUAN) * MINOR_PER_YUAN, bets: [] } : null,
        };
        this.add(c);
        conn = c;
        this.send(c, encode(await this.hello(c)));
      };
      start().catch((error) => {
        request.log.error({ err: error }, 'game socket start failed');
        ws.close(1011, 'internal error');
      });
    });
  }
}
