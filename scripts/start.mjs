// `npm start`: build the web app when apps/web/dist is missing or older than its sources, then run
// the server (apps/server/src/main.ts) with tsx. Signals are passed on so shutdown stays graceful.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');

/** Newest modification time under `path` (files only), 0 when absent. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const sources = Math.max(
  newest(join(web, 'src')),
  newest(join(web, 'index.html')),
  newest(join(web, 'public')),
  newest(join(web, 'vite.config.ts')),
  newest(join(root, 'packages')),
);
const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;

if (built === 0 || built < sources) {
  console.log(
    built === 0 ? 'Building the web app (first start)…' : 'Web sources changed; rebuilding the web app…',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', '@lottery/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web build failed; fix it or run the API alone with `npm run dev:server`.');
    process.exit(result.status ?? 1);
  }
}

const tsx = join(root, 'node_modules/.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const server = spawn(tsx, [join(root, 'apps/server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
