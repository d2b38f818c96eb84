import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown (issue 9 item 3). On the first SIGTERM/SIGINT, in this order:
 *
 * 1. Stop accepting: the listening socket closes at once, so a balancer sees a refused connection
 *    and tries another process instead of a request that hangs up half-way.
 * 2. Every answer sent from now on carries `Connection: close`, so no client reuses a connection
 *    that is about to go. A keep-alive connection idle at the signal may already have a request on
 *    the wire: for a short quiet window (QUIET_MS) it is served, not cut; then idle connections
 *    close (and again every 100 ms: one that finished its request during the drain is idle now).
 * 3. Chat sockets get close code 1001 (going away); ones that do not finish the close handshake
 *    within `socketCloseMs` are cut.
 * 4. When the last connection is gone (requests in flight answered), the app closes: scheduler
 *    stopped after its current tick, buses and the database closed. Then the process exits 0.
 *
 * Nothing waits on a timer when there is no work: an idle server exits as soon as its database has
 * closed. A request that outlasts `graceMs` does not hold the process: it exits 1 with a log line.
 */
export interface ShutdownOptions {
  graceMs: number;
  socketCloseMs: number;
  /** Called with the exit code when the process should end (process.exit in main). */
  exit: (code: number) => void;
}

export const DEFAULT_SHUTDOWN: Omit<ShutdownOptions, 'exit'> = { graceMs: 10_000, socketCloseMs: 1000 };

const IDLE_SWEEP_MS = 100;
/** How long a keep-alive connection idle at the signal may still bring a request (then it closes). */
export const QUIET_MS = 500;

/** Register the drain; returns the function that starts it (the signal handler). */
export function drainOnShutdown(app: FastifyInstance, options: ShutdownOptions): (signal: string) => void {
  const inFlight = new Set<ServerResponse>();
  let draining = false;

  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (draining) {
      response.shouldKeepAlive = false;
      return;
    }
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });

  return (signal: string) => {
    if (draining) return;
    draining = true;
    const startedAt = Date.now();
    app.log.info({ signal, inFlight: inFlight.size }, 'shutting down: no new connections, draining requests');

    const grace = setTimeout(() => {
      app.log.error(
        { inFlight: inFlight.size },
        'shutdown grace period over with requests unfinished; exiting',
      );
      options.exit(1);
    }, options.graceMs);
    grace.unref();

    for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
    // net.Server's close stops accepting only; http.Server's would also cut idle keep-alive
    // connections at once, hanging up on a request already on its way over one of them.
    const drained = new Promise<void>((resolve) => Server.prototype.close.call(app.server, () => resolve()));
    let sweep: NodeJS.Timeout | undefined;
    // After the I/O of this turn of the event loop: timers run before pending reads, so on a
    // stalled process a request that arrived on an idle connection is parsed (the connection is
    // then busy) before idle ones are cut, not hung up on.
    const closeIdle = () => setImmediate(() => app.server.closeIdleConnections());
    const quiet = setTimeout(() => {
      setImmediate(() =>
        app.log.info({ idleCloseAt: Date.now() }, 'quiet window over: closing idle connections'),
      );
      closeIdle();
      sweep = setInterval(closeIdle, IDLE_SWEEP_MS);
      sweep.unref();
    }, QUIET_MS);
    quiet.unref();
    closeSockets(app, options.socketCloseMs);

    drained
      .then(() => {
        clearTimeout(quiet);
        clearInterval(sweep);
        return app.close();
      })
      .then(
        () => {
          app.log.info({ ms: Date.now() - startedAt }, 'shut down cleanly');
          options.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          options.exit(1);
        },
      );
  };
}

/** Close every chat socket with 1001, and cut the ones still open after `afterMs`. */
function closeSockets(app: FastifyInstance, afterMs: number): void {
  const clients = app.websocketServer?.clients;
  if (!clients || clients.size === 0) return;
  for (const ws of clients) ws.close(1001, 'server shutting down');
  const cut = setTimeout(() => {
    for (const ws of clients) ws.terminate();
  }, afterMs);
  cut.unref();
}
