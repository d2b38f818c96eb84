import {
  ChatMessages,
  type ClientFrame,
  type OnlineMember,
  parseClientFrame,
  SocketQuery,
} from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { DomainError } from '../errors';
import type { Actor, ChatService } from '../modules/chat/index';
import { GUEST_GRADE, maskName, chatRepo as repo } from '../modules/chat/index';
import { type Conn, encode, type Hub } from './hub';

export interface GatewayOptions {
  /** An unauthenticated socket must send `{"code":0,"key":…}` within this time. */
  authTimeoutMs: number;
}

const CLOSE_BAD_REQUEST = 4000;
const CLOSE_UNAUTHENTICATED = 4001;
const CLOSE_REFUSED = 4003;
const CLOSE_FLOOD = 4009;
/** Client events allowed per second (pongs, pings, auth); more is abuse and closes the socket. */
const MAX_CLIENT_EVENTS_PER_SECOND = 20;

/** A page on another site must not open sockets with our cookie (plugins/origin.ts decides). */
async function refuseOrigin(request: FastifyRequest, reply: FastifyReply) {
  if (!request.server.sourceAllowed(request)) {
    await reply.code(403).send({ code: Codes.INVALID_PARAM.code, msg: 'origin not allowed' });
  }
}

function fail(ws: WebSocket, closeCode: number, msg: string) {
  ws.send(encode({ code: 2, success: false, msg }));
  ws.close(closeCode, 'refused');
}

/**
 * GET /v1/broadCast/chat (websocket). Room mode (type 1) joins a room; account mode (type 7) gets
 * the account's events (private messages, notices, forced logout). Auth: session cookie, one-time
 * key (query or first message), or a guest code for reading a room.
 */
export function registerGateway(app: FastifyInstance, hub: Hub, chat: ChatService, options: GatewayOptions) {
  app.get('/v1/broadCast/chat', { websocket: true, preValidation: refuseOrigin }, (ws, request) => {
    const pending: ClientFrame[] = [];
    let conn: Conn | null = null;
    let closed = false;
    let authTimer: NodeJS.Timeout | undefined;
    /** Set while the socket waits for `{"code":0,"key":…}`; receives frames until then. */
    let awaitKey: ((frame: ClientFrame) => void) | null = null;

    let windowStart = 0;
    let inWindow = 0;
    const onFrame = (data: Buffer, isBinary: boolean) => {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        inWindow = 0;
      }
      inWindow += 1;
      if (inWindow > MAX_CLIENT_EVENTS_PER_SECOND) {
        ws.close(CLOSE_FLOOD, 'too many events');
        return;
      }
      // Every frame is validated before use: a bad one closes this socket, never the process.
      const frame = isBinary ? null : parseClientFrame(data.toString());
      if (!frame) {
        ws.close(CLOSE_BAD_REQUEST, 'bad frame');
        return;
      }
      if (conn) onClientEvent(conn, frame);
      else if (awaitKey) awaitKey(frame);
      else if (pending.length < 4) pending.push(frame);
    };
    ws.on('message', (data: Buffer, isBinary) => {
      try {
        onFrame(data, isBinary);
      } catch (error) {
        // Last resort: an unexpected fault in one socket's handler closes that socket only.
        request.log.error({ err: error }, 'socket frame handler failed');
        ws.close(1011, 'internal error');
      }
    });
    ws.on('close', () => {
      closed = true;
      clearTimeout(authTimer);
      if (conn) hub.remove(conn).catch((error) => request.log.error({ err: error }, 'socket remove failed'));
    });
    ws.on('error', () => ws.terminate());

    const onClientEvent = (c: Conn, frame: ClientFrame) => {
      c.alive = true;
      if (frame.code === 6 && frame.data === 'ping') hub.send(c, encode({ code: 6, data: 'pong' }));
    };

    const start = async () => {
      const parsed = SocketQuery.safeParse(request.query ?? {});
      if (!parsed.success) return fail(ws, CLOSE_BAD_REQUEST, Codes.INVALID_PARAM.msg);
      const q = parsed.data;
      const tenantId = request.tenant?.id;
      if (tenantId === undefined) return fail(ws, CLOSE_REFUSED, Codes.MAINTENANCE.msg);

      let identity: { userId: number; sessionId: number } | null = request.user
        ? { userId: request.user.userId, sessionId: request.user.sessionId }
        : q.key
          ? await chat.consumeKey(q.key)
          : null;
      if (!identity && q.key) return fail(ws, CLOSE_UNAUTHENTICATED, ChatMessages.keyInvalid);
      if (!identity && !(q.type === 1 && q.guestCode)) {
        // Wait for {"code":0,"key":"…"}; close when it does not come in time.
        identity = await new Promise((resolve) => {
          authTimer = setTimeout(() => resolve(null), options.authTimeoutMs);
          ws.once('close', () => resolve(null));
          const take = (frame: ClientFrame) => {
            if (frame.code !== 0) return false;
            awaitKey = null;
            clearTimeout(authTimer);
            chat.consumeKey(frame.key).then(resolve, () => resolve(null));
            return true;
          };
          if (pending.splice(0).find(take)) return;
          awaitKey = (frame) => void take(frame);
        });
        if (!identity) {
          if (!closed) fail(ws, CLOSE_UNAUTHENTICATED, Codes.SESSION_EXPIRED.msg);
          return;
        }
      }

      let actor: Actor;
      let member: OnlineMember;
      if (identity) {
        const user = await repo.userById(app.ctx.db, tenantId, identity.userId);
        if (user?.status !== 'active') return fail(ws, CLOSE_REFUSED, ChatMessages.accountMismatch);
        actor = { kind: 'user', tenantId, userId: user.id, sessionId: identity.sessionId, user };
        member = {
          userId: String(user.id),
          userName: user.user_name,
          roleUserName: maskName(user.user_name),
          avatar: user.avatar,
          grade: user.grade,
          isManager: false,
        };
      } else {
        const guestCode = q.guestCode!;
        actor = { kind: 'guest', tenantId, guestCode };
        member = {
          userId: guestCode,
          userName: guestCode,
          roleUserName: guestCode,
          avatar: '',
          grade: GUEST_GRADE,
          isManager: false,
        };
      }

      let roomId: number | null = null;
      let roomCode = '';
      let isManager = false;
      if (q.type === 1) {
        if (!q.roomId) return fail(ws, CLOSE_BAD_REQUEST, ChatMessages.roomNotFound);
        let room: repo.RoomRow;
        try {
          room = await chat.roomByIdOrCode(tenantId, q.roomId);
        } catch (error) {
          return fail(ws, CLOSE_REFUSED, (error as Error).message);
        }
        let entered: boolean;
        try {
          entered = await chat.mayEnter(actor, room, q.password, request.ip);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return fail(ws, CLOSE_REFUSED, error.message); // too many password guesses
        }
        if (!entered) return fail(ws, CLOSE_REFUSED, ChatMessages.roomPasswordWrong);
        roomId = room.id;
        roomCode = room.room_code;
        isManager = await chat.isManager(actor, room.id);
        member.isManager = isManager;
      } else if (actor.kind !== 'user') {
        return fail(ws, CLOSE_UNAUTHENTICATED, Codes.SESSION_EXPIRED.msg);
      }
      if (closed) return;

      conn = {
        ws,
        userId: actor.kind === 'user' ? actor.userId : null,
        sessionId: actor.kind === 'user' ? actor.sessionId : null,
        guestCode: actor.kind === 'guest' ? actor.guestCode : null,
        memberKey: actor.kind === 'user' ? `u:${actor.userId}` : `g:${actor.guestCode}`,
        member,
        roomId,
        isManager,
        alive: true,
      };
      await hub.add(conn, (onlineCount) =>
        encode({
          code: 2,
          success: true,
          msg: '连接成功',
          data: { roomId: roomId ?? 0, roomCode, onlineCount },
        }),
      );
      for (const frame of pending.splice(0)) onClientEvent(conn, frame);
    };

    start().catch((error) => {
      request.log.error({ err: error }, 'socket start failed');
      if (!closed) fail(ws, 1011, ChatMessages.connectFailed);
    });
  });
}
