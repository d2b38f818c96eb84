import { spawnSync } from 'node:child_process';
import { Agent, get as httpGet } from 'node:http';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from './db/seed';
import { passwordDigest } from './modules/auth/index';
import { freePort, killStarted, type ServerProcess, startProcess, TSX, tempDir } from './test/server-process';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('main', () => {
  it('refuses to start on bad configuration, one clear line per bad value, exit 1', () => {
    const result = spawnSync(`${root}node_modules/.bin/tsx`, [MAIN], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'eighty', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('PORT: PORT must be a whole number (got "eighty")');
    expect(result.stderr).toContain('DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(result.stderr).toContain('LOG_LEVEL: LOG_LEVEL must be one of');
    expect(result.stderr).not.toMatch(/at .*\(/);
  });
});

/** Bytes read from a raw socket until it closes, and when it closed. */
function collect(socket: Socket): { text: () => string; closed: Promise<number> } {
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('utf8');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  return { text: () => text, closed };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One spawned server (PGlite on disk) for the lifecycle tests; PGlite runs only in the server project.
/** A real server process (PGlite on disk) for one describe block, stopped after it. */
function spawnedServer(prefix: string): {
  port: () => number;
  server: () => ServerProcess;
  dataDir: string;
} {
  const dir = tempDir(prefix);
  let port = 0;
  let server: ServerProcess;
  beforeAll(async () => {
    port = await freePort();
    server = startProcess(TSX, [MAIN], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir.path });
    await server.waitFor(/serving on http:\/\/localhost:\d+/, 170_000);
  }, 180_000);
  afterAll(() => {
    killStarted();
    dir.remove();
  });
  return { port: () => port, server: () => server, dataDir: dir.path };
}

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('the server process', () => {
  const spawned = spawnedServer('lottery-main-');
  let port = 0;
  let server: ServerProcess;
  beforeAll(() => {
    port = spawned.port();
    server = spawned.server();
  });

  it('on SIGTERM finishes the request in flight, drops idle connections and sockets at once, exits 0', async () => {
    // an idle keep-alive connection
    const idle = await open(port);
    const idleRead = collect(idle);
    idle.write(`GET /v1/betting/getServerTimeMillisecond HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await expect.poll(() => idleRead.text(), { timeout: 5000 }).toMatch(/"code":1/);

    // a chat socket of a guest, and a raw socket that upgraded and will never answer a close frame
    const chat = new WebSocket(
      `ws://127.0.0.1:${port}/v1/broadCast/chat?type=1&roomId=lobby&guestCode=guest1234`,
    );
    const chatClosed = new Promise<{ code: number; at: number }>((resolve) =>
      chat.once('close', (code) => resolve({ code, at: Date.now() })),
    );
    await new Promise((resolve, reject) => {
      chat.once('open', resolve);
      chat.once('error', reject);
    });
    const stuck = await open(port);
    const stuckRead = collect(stuck);
    stuck.write(
      `GET /v1/broadCast/chat?type=1&roomId=lobby&guestCode=guest5678 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    await expect.poll(() => stuckRead.text(), { timeout: 5000 }).toMatch(/101 Switching Protocols/);
    await sleep(300);

    // a login whose body is still arriving when the signal comes
    const body = `userName=player01&password=${passwordDigest('player01', DEMO_PASSWORD)}&random=r1`;
    const slow = await open(port);
    const slowRead = collect(slow);
    slow.write(
      `POST /v1/users/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
    );
    await sleep(300);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    expect((await idleRead.closed) - signalledAt).toBeLessThan(1000);
    const chatClose = await chatClosed;
    expect(chatClose.code).toBe(1001);
    expect(chatClose.at - signalledAt).toBeLessThan(1000);
    expect((await stuckRead.closed) - signalledAt).toBeLessThan(2500);
    // a new connection now is refused outright (the balancer tries another process), never hung up
    await expect(open(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    await sleep(1000);
    expect(server.child.exitCode).toBeNull(); // still waiting for the login
    slow.write(body.slice(20));
    const answeredAt = await slowRead.closed;
    expect(slowRead.text()).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(slowRead.text()).toMatch(/\r\nconnection: close\r\n/i);
    expect(slowRead.text()).toContain('"code":1');

    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - answeredAt).toBeLessThan(2000);
  }, 30_000);

  it('refuses to start in production on the database it served in development, and says how to proceed', async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    const production = startProcess(TSX, [MAIN], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: spawned.dataDir,
      NODE_ENV: 'production',
    });
    const exit = await production.exited;
    expect(exit.code).toBe(1);
    const text = production.output();
    expect(text).toContain('Refusing to start with NODE_ENV=production on demo data:');
    expect(text).toContain('TENANT_CODE is "demo"');
    expect(text).toContain('The database holds the demo tenant "demo"');
    expect(text).toContain('How to proceed: give production its own database');
    expect(text).not.toMatch(/at .*\(/);
  }, 120_000);
});

/**
 * One GET on a keep-alive agent: the status, or the error code it failed with, and when the request
 * was handed to the OS (`finish`; on a busy machine this process may stall long after asking).
 */
function keepAliveGet(
  agent: Agent,
  port: number,
): Promise<{ outcome: string; writtenAt: number; reused: boolean }> {
  return new Promise((resolve) => {
    let writtenAt = Number.POSITIVE_INFINITY;
    const done = (outcome: string) => resolve({ outcome, writtenAt, reused: req.reusedSocket });
    const req = httpGet({ agent, host: '127.0.0.1', port, path: '/healthz' }, (res) => {
      res.resume();
      res.on('end', () => done(String(res.statusCode)));
      res.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    });
    req.on('finish', () => {
      writtenAt = Date.now();
    });
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('the server process under keep-alive load', () => {
  const spawned = spawnedServer('lottery-main-busy-');
  let port = 0;
  let server: ServerProcess;
  beforeAll(() => {
    port = spawned.port();
    server = spawned.server();
  });

  it('on SIGTERM answers every request already on a busy keep-alive connection; new ones are refused, none hung up', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes = new Map<string, number>();
    /** Requests reset after the signal: when each was written, and on which kind of connection. */
    const resets: { writtenAt: number; reused: boolean }[] = [];
    let signalledAt = 0;
    const loop = async () => {
      for (;;) {
        const { outcome, writtenAt, reused } = await keepAliveGet(agent, port);
        if (outcome === 'ECONNRESET' && signalledAt > 0) resets.push({ writtenAt, reused });
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        if (signalledAt > 0 && outcome === 'ECONNREFUSED') return;
      }
    };
    const loops = Array.from({ length: 4 }, loop);
    await sleep(500);
    signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await Promise.all(loops);
    agent.destroy();
    expect(outcomes.get('200')).toBeGreaterThan(0);
    expect((await server.exited).code).toBe(0);
    // When the server began closing idle keep-alive connections (its log; one clock for both).
    const idleCloseAt = Number(/"idleCloseAt":(\d+)/.exec(server.output())?.[1] ?? Number.POSITIVE_INFINITY);
    // A reset is allowed only where every keep-alive client meets one and retries: a request written
    // once the server had begun closing idle connections (after its quiet window; this process
    // stalled between an answer and its next request), or a new connection the server never
    // accepted (queued in the kernel when it stopped listening: refused, as a reset). A request
    // written earlier on a connection the server had open must be answered (shutdown.ts, QUIET_MS).
    const hungUp = resets.filter((r) => r.reused && r.writtenAt < idleCloseAt);
    const failures = [...outcomes.keys()].filter((k) => !['200', 'ECONNREFUSED', 'ECONNRESET'].includes(k));
    expect(
      { failures, hungUp },
      JSON.stringify({ outcomes: Object.fromEntries(outcomes), idleCloseAt, signalledAt, resets }),
    ).toEqual({ failures: [], hungUp: [] });
  }, 30_000);
});
