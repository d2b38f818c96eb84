// `npm start` (one process) and `npm run start:cluster` (supervised workers, apps/server/src/cluster.ts).
//
// Development (NODE_ENV unset or development): build the web app and the operator console when
// apps/web/dist or apps/console/dist is missing or older than its sources, then run the server's
// TypeScript with tsx, as before.
// Production (NODE_ENV=production): run the compiled server (apps/server/dist, plain JavaScript
// with source maps) with node, never tsx; build web and server first when a build is missing or
// older than its sources (a deploy normally runs `npm run build` beforehand). The server itself then
// refuses to start on demo data (apps/server/src/db/seed.ts, productionRefusal).
// Signals are passed on, so shutdown stays graceful.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const server = join(root, 'apps/server');
const production = process.env.NODE_ENV === 'production';
const entry = process.argv.includes('--cluster') ? 'cluster' : 'main';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

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

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const packages = newest(join(root, 'packages'));

/** Run `npm run <script>` when `built` is missing or older than `sources`; exit on failure. */
function buildIfStale({ what, built, sources, script, hint }) {
  const at = builtAt(built);
  if (at !== 0 && at >= sources) return;
  console.log(at === 0 ? `Building the ${what} (first start)…` : `${what} sources changed; rebuilding…`);
  const result = spawnSync(npm, ['run', ...script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`The ${what} build failed; ${hint}`);
    process.exit(result.status ?? 1);
  }
}

buildIfStale({
  what: 'web app',
  built: join(web, 'dist/index.html'),
  sources: Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'index.html')),
    newest(join(web, 'public')),
    newest(join(web, 'vite.config.ts')),
    packages,
  ),
  script: ['build', '-w', '@lottery/web'],
  hint: 'fix it or run the API alone with `npm run dev:server`.',
});

// The operator console (/console/), built on first start like the web app (issue 40).
const consoleApp = join(root, 'apps/console');
buildIfStale({
  what: 'operator console',
  built: join(consoleApp, 'dist/index.html'),
  sources: Math.max(
    newest(join(consoleApp, 'src')),
    newest(join(consoleApp, 'index.html')),
    newest(join(consoleApp, 'vite.config.ts')),
    packages,
  ),
  script: ['build', '-w', '@lottery/console'],
  hint: 'fix it, or run the API alone with `npm run dev:server` (/console/ then says it is not built).',
});

let command;
let args;
if (production) {
  buildIfStale({
    what: 'server',
    built: join(server, `dist/${entry}.js`),
    sources: Math.max(newest(join(server, 'src')), newest(join(server, 'vite.build.ts')), packages),
    script: ['build:server'],
    hint: 'fix it, or build elsewhere and deploy apps/server/dist.',
  });
  command = process.execPath;
  args = ['--enable-source-maps', join(server, `dist/${entry}.js`)];
} else {
  command = join(root, 'node_modules/.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  args = [join(server, `src/${entry}.ts`)];
}

const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
