import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Helpers for tests that run the real server as a child process (shutdown, cluster, build). */

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A temporary directory removed by the returned function. */
export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  /** Resolves when `pattern` appears in the output; rejects when the process exits first. */
  waitFor: (pattern: RegExp, timeoutMs: number) => Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or signal) and when it came. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

const started = new Set<ChildProcess>();

/** Kill every process this file started that is still running (call from afterAll). */
export function killStarted(): void {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.clear();
}

/** Spawn `command args` in the repository root with exactly `env` (plus PATH). */
export function startProcess(command: string, args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let text = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const waitFor = (pattern: RegExp, timeoutMs: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = text.match(pattern);
        if (!match) return;
        done();
        resolve(match);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${pattern}; output:\n${text.slice(-4000)}`));
      }, timeoutMs);
      const onExit = () => {
        done();
        reject(new Error(`process exited while waiting for ${pattern}; output:\n${text.slice(-4000)}`));
      };
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
      };
      listeners.add(check);
      child.once('exit', onExit);
      check();
    });
  return { child, output: () => text, waitFor, exited };
}
