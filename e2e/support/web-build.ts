import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIR = join(ROOT, 'apps/web');

/**
 * The production web app (what ships, not React's development build) built by Vite into `outDir`,
 * with the server's renderer of its first screens in `outDir/.ssr` (as `npm run build` does).
 */
export function viteBuild(outDir: string): void {
  const vite = (args: string[]) =>
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...args],
      {
        cwd: WEB_DIR,
        stdio: 'inherit',
        // vitest sets NODE_ENV=test, which would make React's development build: test what ships.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  vite(['--outDir', outDir, '--emptyOutDir']);
  vite(['--ssr', 'src/app/entry-server.tsx', '--outDir', join(outDir, '.ssr'), '--emptyOutDir']);
}
