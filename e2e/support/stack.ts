import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type BuildOptions, build } from '../../apps/server/src/app';
import { COMMANDS } from '../../apps/server/src/cli/admin';
import { loadConfig } from '../../apps/server/src/config';
import { consoleBuild, viteBuild, WEB_DIR } from './web-build';

/**
 * The whole product for one spec file: the web app built once, the real server from build() on a
 * fresh PGlite under a temp DATA_DIR, listening on a random port and serving the built app.
 */
export interface Stack {
  baseUrl: string;
  /** Run an operator command of the admin CLI (site-mode, site-config, verification-approve, …) on this server. */
  admin(command: string, args: string[]): Promise<string>;
  /** Read the server's database (to check what a screen sent against what was stored). */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * The web app in `outDir`, a directory of this run's own: several e2e runs may share the checkout,
 * and a rebuild of a shared dist mid-run swaps the lazy chunks under an open page. Under vitest the
 * run's global setup built it once (global-setup.ts) and this copies it; elsewhere it is built here.
 */
export function buildWebInto(outDir: string): void {
  const built = runBuild();
  if (built) cpSync(built, outDir, { recursive: true });
  else viteBuild(outDir);
}

/** The build of global-setup.ts, when this file runs inside the e2e project of vitest. */
function runBuild(): string | undefined {
  try {
    return inject('webDist');
  } catch {
    return undefined;
  }
}

let builtDist: string | undefined;
let builtConsole: string | undefined;

/**
 * The operator console this file's servers serve under /console/: the run's build (global-setup.ts),
 * or one built here outside vitest. Nothing rebuilds it during a run, so it is not copied.
 */
export function buildConsole(): string {
  if (builtConsole) return builtConsole;
  try {
    builtConsole = inject('consoleDist');
  } catch {
    builtConsole = undefined;
  }
  if (!builtConsole) {
    builtConsole = mkdtempSync(join(tmpdir(), 'lottery-e2e-console-'));
    consoleBuild(builtConsole);
  }
  return builtConsole;
}

/** Build apps/web once per test file (each e2e file runs in its own module context). */
export function buildWeb(): string {
  if (builtDist) return builtDist;
  builtDist = mkdtempSync(join(tmpdir(), 'lottery-e2e-web-'));
  buildWebInto(builtDist);
  return builtDist;
}

/** True when GET /home from the server answers the app's HTML (client-side route fallback). */
async function serverServesWeb(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/home`);
    return res.status === 200 && (res.headers.get('content-type') ?? '').includes('text/html');
  } catch {
    return false;
  }
}

/** `env` adds server settings, e.g. { SITE_MODE: 'maintain', SITE_MODE_MESSAGE: '…' }. */
export async function startStack(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'captchaText'> = {},
): Promise<Stack> {
  const webDist = buildWeb();
  const dataDir = mkdtempSync(join(tmpdir(), 'lottery-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    TENANT_CODE: 'demo',
    WEB_DIST: webDist,
    CONSOLE_DIST: buildConsole(),
    ...env,
  });
  const app = await build({ config, logLevel: 'silent', ...options });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  let preview: { close(): Promise<void>; resolvedUrls: { local: string[] } | null } | undefined;
  let baseUrl = origin;
  if (!(await serverServesWeb(origin))) {
    // Fallback while the server cannot serve the built app: Vite's preview server over the same
    // dist, forwarding /v1 and /static to the real server. Logged so nobody mistakes it for the norm.
    console.warn(`[e2e] ${origin}/home does not serve the web app; using vite preview in front of it`);
    process.env.API_TARGET = origin;
    const vite = await import('vite');
    const server = await vite.preview({
      root: WEB_DIR,
      configFile: join(WEB_DIR, 'vite.config.ts'),
      preview: { port: 0, host: '127.0.0.1', strictPort: false },
      logLevel: 'warn',
    });
    preview = { close: () => server.close(), resolvedUrls: server.resolvedUrls };
    baseUrl = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
  }

  return {
    baseUrl,
    admin: (command, args) => COMMANDS[command]!.run(args, { config, database: app.ctx.database }),
    query: (sql, params) => app.ctx.database.query(sql, params),
    async close() {
      await preview?.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
