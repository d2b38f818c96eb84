import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../apps/server/src/app';
import { COMMANDS } from '../apps/server/src/cli/admin';
import { type Config, loadConfig } from '../apps/server/src/config';
import { ensureWalletDefaults } from '../apps/server/src/modules/payment/index';
import { buildWebInto } from './support/stack';

/**
 * The product for the wallet specs: the built web app and the real server on a fresh PGlite, plus
 * the operator: `admin(command, …args)` runs an `npm run admin` command on the server's own
 * database (PGlite is one connection in one process, so the CLI cannot open it alongside).
 */
export interface WalletStack {
  baseUrl: string;
  app: FastifyInstance;
  admin(command: string, ...args: string[]): Promise<string>;
  /** Operator setting: the share of each deposit to wager before a withdrawal (100 = once). */
  setTurnoverPercent(percent: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWalletStack(): Promise<WalletStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lottery-e2e-wallet-'));
  const webDist = join(dataDir, 'web');
  buildWebInto(webDist);
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    TENANT_CODE: 'demo',
    DATA_DIR: join(dataDir, 'db'),
    WEB_DIST: webDist,
  });
  const app = await build({ config, logLevel: 'silent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const tenant = (await app.ctx.tenant.get())!;
  await ensureWalletDefaults(app.ctx.db, tenant.id, false);
  return {
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    app,
    async admin(command, ...args) {
      const found = COMMANDS[command];
      if (!found) throw new Error(`no admin command ${command}`);
      process.exitCode = 0;
      const out = await found.run(args, { config, database: app.ctx.database });
      if (process.exitCode !== 0) throw new Error(`admin ${command} failed:\n${out}`);
      return out;
    },
    async setTurnoverPercent(percent) {
      await app.ctx.database.query('UPDATE wallet_setting SET turnover_percent = $1 WHERE tenant_id = $2', [
        percent,
        tenant.id,
      ]);
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
