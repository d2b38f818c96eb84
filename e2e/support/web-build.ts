import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIR = join(ROOT, 'apps/web');
export const CONSOLE_DIR = join(ROOT, 'apps/console');

/** `vite build` of the app in `cwd`, production mode whatever vitest set. */
function vite(cwd: string, args: string[]): void {
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...args],
    {
      cwd,
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which would make React's development build: test what ships.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

/**
 * The production web app (what ships, not React's development build) built by Vite into `outDir`,
 * with the server's renderer of its first screens in `outDir/.ssr` (as `npm run build` does).
 */
export function viteBuild(outDir: string): void {
  vite(WEB_DIR, ['--outDir', outDir, '--emptyOutDir']);
  vite(WEB_DIR, ['--ssr', 'src/app/entry-server.tsx', '--outDir', join(outDir, '.ssr'), '--emptyOutDir']);
}

/** The production operator console (apps/console) built into `outDir`, served under /console/. */
export function consoleBuild(outDir: string): void {
  vite(CONSOLE_DIR, ['--outDir', outDir, '--emptyOutDir']);
}
