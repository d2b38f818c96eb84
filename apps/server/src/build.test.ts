import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from './clock';
import { createDb } from './db/client';
import { prepareDatabase } from './db/prepare';
import { testConfig } from './test/app';
import { freePort, killStarted, ROOT, startProcess, tempDir } from './test/server-process';

const DIST = join(ROOT, 'apps/server/dist');

/** Issue 10: the production server is plain JavaScript built from the sources, run by node alone. */
describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('compiled production server', () => {
  const dirs: { remove: () => void }[] = [];
  afterAll(() => {
    killStarted();
    for (const dir of dirs) dir.remove();
  });

  beforeAll(() => {
    const npm = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, encoding: 'utf8', timeout: 170_000 });
    expect(npm.status, npm.stderr).toBe(0);
  }, 180_000);

  it('builds plain ES modules with source maps, the migrations beside them, and no TypeScript loader', () => {
    for (const file of ['main.js', 'main.js.map', 'cluster.js', 'migrations/0001_foundation.sql']) {
      expect(existsSync(join(DIST, file)), file).toBe(true);
    }
    const main = readFileSync(join(DIST, 'main.js'), 'utf8');
    expect(main).not.toMatch(/from ["'][^"']*\.ts["']/);
    expect(main).not.toContain('tsx');
    const map = JSON.parse(readFileSync(join(DIST, 'main.js.map'), 'utf8')) as { sources: string[] };
    expect(map.sources.some((s) => s.endsWith('src/main.ts'))).toBe(true);
  });

  it('serves in production on a fresh database with node alone, and exits within 2 s of SIGTERM when idle', async () => {
    const dir = tempDir('lottery-prod-');
    dirs.push(dir);
    const port = await freePort();
    const server = startProcess(process.execPath, ['--enable-source-maps', join(DIST, 'main.js')], {
      NODE_ENV: 'production',
      TENANT_CODE: 'acme',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir.path,
    });
    await server.waitFor(/serving on http:\/\/localhost:\d+/, 170_000);
    const res = await fetch(`http://127.0.0.1:${port}/v1/betting/getServerTimeMillisecond`);
    expect(await res.json()).toMatchObject({ code: 1 });
    // the first production start created the operator's tenant: the site answers, not -7
    const stamps = await fetch(`http://127.0.0.1:${port}/v1/management/tenant/getFrontCacheUpdatedAt`);
    expect(await stamps.json()).toMatchObject({ code: 1 });
    expect(server.output()).toContain('created tenant acme');
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(2000);
  }, 180_000);

  it('refuses to start in production on a database seeded with the demo tenant', async () => {
    const dir = tempDir('lottery-demo-');
    dirs.push(dir);
    const seeded = await createDb({ dataDir: dir.path });
    await prepareDatabase(seeded, testConfig({ NODE_ENV: 'development' }), systemClock);
    await seeded.close();
    const server = startProcess(process.execPath, ['--enable-source-maps', join(DIST, 'main.js')], {
      NODE_ENV: 'production',
      TENANT_CODE: 'acme',
      PORT: String(await freePort()),
      DATA_DIR: dir.path,
    });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.output()).toContain('Refusing to start with NODE_ENV=production on demo data:');
    expect(server.output()).toContain('The database holds the demo tenant "demo"');
    expect(server.output()).toContain('How to proceed:');
  }, 120_000);
});
