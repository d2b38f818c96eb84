import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import pg from 'pg';

/**
 * Test support for database outages on a PostgreSQL that other sessions share: every helper acts
 * only on the backends of one application_name, and OutageProxy simulates the database going away
 * without touching it.
 *
 * OutageProxy is a TCP relay between a pool and the real database: `down()` cuts every connection
 * and refuses new ones (a restart or failover), `hang()` accepts connections but never answers (a
 * network partition), `up()` relays again.
 */
export class OutageProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<Socket>();
  private mode: 'up' | 'hang' = 'up';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts relaying on a free port (or the same port again after down()). */
  async up(): Promise<void> {
    this.mode = 'up';
    if (this.server) return;
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Cuts every relayed connection and stops listening: new connections are refused. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.cut();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Cuts every relayed connection; new ones are accepted and then left without an answer. */
  hang(): void {
    this.mode = 'hang';
    this.cut();
  }

  url(base: string): string {
    const u = new URL(base);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  private cut(): void {
    for (const socket of this.pairs) socket.destroy();
    this.pairs.clear();
  }

  private accept(client: Socket): void {
    this.pairs.add(client);
    client.on('close', () => this.pairs.delete(client));
    client.on('error', () => client.destroy());
    if (this.mode === 'hang') return;
    const upstream = tcpConnect(this.targetPort, this.targetHost);
    this.pairs.add(upstream);
    upstream.on('close', () => {
      this.pairs.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

/** One short-lived admin connection, under its own application_name so it never terminates itself. */
export async function withAdmin<T>(
  url: string,
  appName: string,
  work: (c: pg.Client) => Promise<T>,
): Promise<T> {
  const c = new pg.Client({ connectionString: url, application_name: `${appName}-admin` });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Ends every backend whose application_name is `appName` (never another session's). */
export function terminateBackends(url: string, appName: string): Promise<number> {
  return withAdmin(url, appName, async (c) => {
    const r = await c.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1`,
      [appName],
    );
    return r.rowCount ?? 0;
  });
}

/** Waits until a backend of `appName` runs a statement matching `pattern` (ILIKE). */
export async function waitForStatement(url: string, appName: string, pattern: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const found = await withAdmin(url, appName, async (c) => {
      const r = await c.query(
        `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND state = 'active' AND query ILIKE $2`,
        [appName, pattern],
      );
      return (r.rowCount ?? 0) > 0;
    });
    if (found) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no backend of ${appName} ran ${pattern}`);
}
