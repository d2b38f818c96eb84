import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { consoleBuild, viteBuild } from './web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web app this run built once, in a directory of its own; spec files copy it. */
    webDist: string;
    /** The operator console this run built once (apps/console, a few seconds); stacks serve it. */
    consoleDist: string;
  }
}

/**
 * Builds the web app and the operator console once for the whole e2e run instead of once per spec
 * file (each file copies the web build into a directory of its own, so a server never serves files
 * another file's run replaces; nothing rebuilds the console's directory during the run).
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'lottery-e2e-web-run-'));
  const consoleDir = mkdtempSync(join(tmpdir(), 'lottery-e2e-console-run-'));
  viteBuild(dir);
  consoleBuild(consoleDir);
  project.provide('webDist', dir);
  project.provide('consoleDist', consoleDir);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(consoleDir, { recursive: true, force: true });
  };
}
