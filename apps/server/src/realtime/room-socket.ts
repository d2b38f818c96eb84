import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * What every room socket of a module (game rooms, live draws) does the same way: refuse another
 * site's page before the upgrade, count a client's frames per second, send an error frame before
 * closing, and drop a socket that stops reading rather than buffer for it without bound.
 */

/** preValidation of a socket route: another site's page gets 403 before any upgrade. */
export async function refuseForeignOrigin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.server.sourceAllowed(request)) {
    await reply.code(403).send({ code: -2, msg: 'origin not allowed' });
  }
}

/** A per-socket counter of client frames in one-second windows: true once a window is over `max`. */
export function frameFlood(max: number): () => boolean {
  let windowStart = 0;
  let inWindow = 0;
  return () => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      inWindow = 0;
    }
    return ++inWindow > max;
  };
}

/** An `{type:'error', msg}` frame (when the socket is still open), then the close code. */
export function refuseSocket(ws: WebSocket, code: number, errorFrame: string): void {
  if (ws.readyState === ws.OPEN) ws.send(errorFrame);
  ws.close(code, 'refused');
}

/** Sends unless the socket has more than `maxBuffered` bytes unread: that one is dropped. */
export function sendBounded(ws: WebSocket, payload: string, maxBuffered: number): void {
  if (ws.bufferedAmount > maxBuffered) {
    ws.terminate();
    return;
  }
  if (ws.readyState === ws.OPEN) ws.send(payload);
}
