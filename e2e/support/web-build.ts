import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIR = join(ROOT, 'apps/web');

/** The production web app (what ships, not React's development build) built by Vite into `outDir`. */
export function viteBuild(outDir: string): void {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    {
      cwd: WEB_DIR,
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which would make React's development build: test what ships.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
