import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { initialRouteJs } from '../../apps/web/build/initial-js';
import { viteBuild } from '../../e2e/support/web-build';
import { type PageRuns, type RunFigures, renderWebSection, writeWebSection } from './report';

/**
 * `npm run bench:web`: build the web app, start the real server (tsx, fresh PGlite in a temp
 * DATA_DIR, demo seed, port from the OS), then run Lighthouse 12's default mobile preset
 * (simulated slow 4G, 4x CPU slowdown, Moto G Power screen) three times on /home as a visitor and
 * three times on /lottery/K3/1401 signed in as player01, cold cache each run. Prints every run and
 * writes the medians to the `## web` section of docs/bench.md.
 *
 * Flags: --no-build (serve apps/web/dist as it is instead of a fresh production build in a temp dir), --runs N (default 3), --no-write (print only),
 * --explain (print the elements behind each failing accessibility audit), --keep-reports DIR (save each
 * run's Lighthouse JSON there, and beside it as .trace the page's trace, to read its main-thread tasks,
 * and as .artifacts its DevTools log, URL and gather context, to re-run Lantern's simulation).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB_DIST = join(ROOT, 'apps/web/dist');
const SERVER_READY_MS = 180_000;
const PLAYER = { userName: 'player01', password: 'Demo@2026' };
const PLAY_PAGE = '/lottery/K3/1401';
const MAX_ATTEMPTS = 3;

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForServer(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_READY_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const res = await fetch(`${origin}/home`).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${origin}/home within ${SERVER_READY_MS / 1000} s`);
}

/** Busy and total CPU time of the whole machine so far (/proc/stat's first line, in ticks). */
function cpuTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

/**
 * Waits until the machine is quiet (under QUIET_BUSY of its CPU over a QUIET_WINDOW_MS window, at
 * most QUIET_MAX_MS): a server just started seeds its demo data and catches up on draws for a while,
 * and Lighthouse scales every millisecond the page's main thread loses to that by its 4x slowdown.
 * What is measured is the page, on a machine otherwise as idle as it gets (the run says how busy).
 */
const QUIET_BUSY = 0.25;
const QUIET_WINDOW_MS = 3000;
const QUIET_MAX_MS = 90_000;

async function waitForQuiet(): Promise<number> {
  const deadline = Date.now() + QUIET_MAX_MS;
  for (;;) {
    const before = cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const after = cpuTicks();
    const busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busy < QUIET_BUSY || Date.now() > deadline) return busy;
  }
}

/**
 * A production build of the web app and its server renderer in their own directory: apps/web/dist
 * may be rebuilt at any moment by other runs.
 */
function buildWeb(outDir: string): string {
  viteBuild(outDir);
  return outDir;
}

/** The real server in its own process, as `npm start` runs it, on a throwaway database. */
async function startServer(
  dataDir: string,
  webDist: string,
): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(dataDir, 'db'),
      WEB_DIST: webDist,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForServer(origin, child);
  return { origin, child };
}

/** Sign in through the login page, so the cookie and the stored user are what a player has. */
async function signIn(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByPlaceholder('请输入账号').fill(PLAYER.userName);
  await page.getByPlaceholder('请输入密码').fill(PLAYER.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`${origin}/home`, { timeout: 30_000 });
  await page.close();
}

async function audit(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // --keep-reports DIR: each run's full Lighthouse JSON (the LCP element, chains and audits), its trace, and
  // its DevTools log (with the trace, what Lantern simulates from).
  const keepDir = args.includes('--keep-reports') ? args[args.indexOf('--keep-reports') + 1] : undefined;
  if (keepDir) {
    mkdirSync(keepDir, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
    writeFileSync(join(keepDir, name), JSON.stringify(lhr));
    writeFileSync(join(keepDir, name.replace(/\.json$/, '.trace')), JSON.stringify(result.artifacts.Trace));
    // with the trace and the report's settings, what Lantern needs to re-run its simulation offline
    const { DevtoolsLog, URL: urls, GatherContext } = result.artifacts;
    writeFileSync(
      join(keepDir, name.replace(/\.json$/, '.artifacts')),
      JSON.stringify({ DevtoolsLog, URL: urls, GatherContext }),
    );
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedA11y = Object.values(lhr.audits).filter(
    (a) => a.score === 0 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
  );
  // --explain: which elements fail and where the time goes, so they can be fixed without guessing.
  if (args.includes('--explain')) {
    for (const id of ['bootup-time', 'long-tasks', 'largest-contentful-paint-element', 'network-requests']) {
      const items = (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
      console.log(`  ${id}: ${JSON.stringify(items).slice(0, 3000)}`);
    }
    for (const failed of failedA11y) {
      const items = (failed.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })
        ?.items;
      for (const item of items ?? [])
        console.log(`  ${failed.id}: ${item.node?.snippet}\n    ${item.node?.explanation}`);
    }
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failedA11y: failedA11y.map((a) => a.id),
  };
}

/** Lighthouse now and then fails to record a load on a busy machine (NO_FCP, NO_NAVSTART): retry. */
async function auditWithRetry(url: string, port: number): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      console.warn(`${url}: ${(error as Error).message}; trying again`);
    }
  }
}

async function auditTimes(label: string, url: string, port: number): Promise<PageRuns> {
  const list: RunFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const figures = await auditWithRetry(url, port);
    console.log(
      `${label} run ${i + 1}: perf ${figures.performance}, a11y ${figures.accessibility}, ` +
        `LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}` +
        (figures.failedA11y.length ? ` (a11y failing: ${figures.failedA11y.join(', ')})` : ''),
    );
    list.push(figures);
  }
  return { label, runs: list };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lottery-bench-web-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'lottery-bench-chrome-'));
  const webDist = args.includes('--no-build') ? WEB_DIST : buildWeb(join(dataDir, 'web'));
  const budget = initialRouteJs(webDist);
  const server = await startServer(dataDir, webDist);
  const debugPort = await freePort();
  // A persistent context is Chromium's default profile, the one Lighthouse opens its tab in, so
  // the signed-in cookie and localStorage carry over (Lighthouse clears caches, not those).
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: null,
    args: [`--remote-debugging-port=${debugPort}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    console.log(`machine CPU busy before the runs: ${((await waitForQuiet()) * 100).toFixed(0)} %`);
    const home = await auditTimes('/home (visitor)', `${server.origin}/home`, debugPort);
    await signIn(context, server.origin);
    await waitForQuiet();
    const play = await auditTimes(`${PLAY_PAGE} (player01)`, `${server.origin}${PLAY_PAGE}`, debugPort);
    const markdown = renderWebSection({
      date: new Date().toISOString().slice(0, 10),
      cpus: `${cpus().length} CPU(s) (${cpus()[0]?.model.trim() ?? 'unknown'})`,
      load: loadavg()[0]!.toFixed(2),
      chromium: context.browser()?.version() ?? 'unknown',
      pages: [home, play],
      budget,
    });
    console.log(`\n${markdown}`);
    if (!args.includes('--no-write')) writeWebSection(markdown);
  } finally {
    await context.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();
