import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { viteBuild } from './web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web app this run built once, in a directory of its own; spec files copy it. */
    webDist: string;
  }
}

/**
 * Builds the web app once for the whole e2e run instead of once per spec file (each file copies the
 * build into a directory of its own, so a server never serves files another file's run replaces).
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'lottery-e2e-web-run-'));
  viteBuild(dir);
  project.provide('webDist', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
