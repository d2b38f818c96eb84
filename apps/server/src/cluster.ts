import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import pino from 'pino';
import { type Config, ConfigError, loadConfig } from './config';

/**
 * Supervised cluster (issue 9 "Supervision"): `npm run start:cluster`, or
 * `node apps/server/dist/cluster.js` after `npm run build`. A primary process forks WORKERS server
 * processes (default: one per CPU) that share the port, and replaces any that dies, so a crash costs
 * the players of one worker a reconnect, not the service.
 *
 * - Every worker is the ordinary server (main.ts): same configuration, same graceful shutdown.
 * - The draw scheduler runs in every worker; each tick needs the PostgreSQL advisory lock
 *   (jobs/scheduler.ts), so one worker works at a time, and a dead worker's lock goes with its
 *   connection: the next tick of a survivor or of the replacement takes over, about a second later.
 * - Hence PostgreSQL (DATABASE_URL) is required: the embedded database is one process. With more
 *   than one worker REDIS_URL is required too, or two players on two workers would not share a chat
 *   room, a forced logout or a rate limit.
 * - A worker that dies is replaced at once the first time, then after 1, 2, 4 ... 30 s while
 *   replacements keep dying young; a worker that served for 30 s resets that. When workers die
 *   before ever serving five times in a row (bad configuration, demo data in production, database
 *   unreachable) the primary stops with exit 1 instead of looping: that needs an operator.
 * - SIGTERM/SIGINT to the primary drains every worker (main.ts) and exits 0 when all are done.
 */

const RESTART_MIN_MS = 1000;
const RESTART_MAX_MS = 30_000;
const STABLE_MS = 30_000;
const MAX_FAILED_STARTS = 5;
/** A worker's own grace is 10 s (shutdown.ts); past this the primary kills what is left. */
const STOP_GRACE_MS = 15_000;

/** Why this configuration cannot run as a cluster, one line each. */
export function clusterProblems(config: Config, workers: number): string[] {
  const problems: string[] = [];
  if (!config.DATABASE_URL) {
    problems.push(
      '  DATABASE_URL: the cluster needs PostgreSQL; the embedded database serves one process only',
    );
  }
  if (workers > 1 && !config.REDIS_URL) {
    problems.push(
      '  REDIS_URL: with more than one worker, chat rooms, forced logouts and rate limits go through Redis',
    );
  }
  return problems;
}

function runPrimary(): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const count = config.WORKERS ?? availableParallelism();
  const problems = clusterProblems(config, count);
  if (problems.length > 0) {
    console.error(`Cannot start the cluster:\n${problems.join('\n')}`);
    process.exit(1);
  }
  const log = pino({ level: config.LOG_LEVEL, base: { pid: process.pid, role: 'primary' } });

  const live = new Map<Worker, { forkedAt: number; serving: boolean }>();
  let stopping = false;
  let stopCode = 0;
  let failedStarts = 0;
  let restartDelayMs = 0;

  const fork = () => {
    if (stopping) return;
    live.set(cluster.fork(), { forkedAt: Date.now(), serving: false });
  };

  cluster.on('listening', (worker) => {
    const state = live.get(worker);
    if (state) state.serving = true;
    failedStarts = 0;
    log.info({ worker: worker.process.pid, workers: live.size }, 'worker serving');
  });

  cluster.on('exit', (worker, code, signal) => {
    const state = live.get(worker);
    live.delete(worker);
    if (stopping) {
      if (live.size === 0) {
        log.info('every worker stopped; exiting');
        process.exit(stopCode);
      }
      return;
    }
    const livedMs = state ? Date.now() - state.forkedAt : 0;
    if (!state?.serving) failedStarts += 1;
    if (failedStarts >= MAX_FAILED_STARTS) {
      log.fatal({ failedStarts }, 'workers keep dying before they serve; stopping (see their output above)');
      stop(1);
      return;
    }
    if (livedMs >= STABLE_MS) restartDelayMs = 0;
    log.error(
      { worker: worker.process.pid, code, signal, livedMs, restartInMs: restartDelayMs },
      'worker died; starting a replacement',
    );
    setTimeout(fork, restartDelayMs);
    restartDelayMs = Math.min(Math.max(restartDelayMs * 2, RESTART_MIN_MS), RESTART_MAX_MS);
  });

  const stop = (exitCode: number) => {
    stopping = true;
    stopCode = exitCode;
    if (live.size === 0) process.exit(exitCode);
    for (const worker of live.keys()) worker.process.kill('SIGTERM');
    const force = setTimeout(() => {
      log.error({ workers: live.size }, 'workers still running after the grace period; killing them');
      for (const worker of live.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS);
    force.unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      log.info({ signal, workers: live.size }, 'stopping the cluster: draining every worker');
      stop(0);
    });
  }

  log.info({ workers: count, port: config.PORT }, 'starting the cluster');
  for (let i = 0; i < count; i += 1) fork();
}

if (cluster.isPrimary) {
  runPrimary();
} else {
  // A worker whose primary is gone gets no more connections: drain and go.
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  await import('./main');
}
