import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beijingDayNumber, beijingMidnightMs } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import { build } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { SteppingClock } from '../betting-stack';
import { buildWebInto } from './stack';

/**
 * The demo app on an embedded database of its own, serving a web build of its own, with a clock
 * the test moves (10:00 Beijing today at the start): the rewards screens (sign-in, activities,
 * savings) whose rules turn on Beijing days.
 */
export interface ClockedApp {
  app: FastifyInstance;
  clock: SteppingClock;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startClockedApp(name: string): Promise<ClockedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `lottery-e2e-${name}-`));
  const webDist = mkdtempSync(join(tmpdir(), 'lottery-e2e-web-'));
  buildWebInto(webDist);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    TENANT_CODE: 'demo',
    WEB_DIST: webDist,
  });
  const clock = new SteppingClock(beijingMidnightMs(beijingDayNumber(Date.now())) + 10 * 3_600_000);
  const app = await build({ config, clock, logLevel: 'silent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    clock,
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/** A player's wallet balance, the sum of its ledger entries and their type codes in order. */
export async function playerLedger(
  app: FastifyInstance,
  userName: string,
): Promise<{ balanceMinor: bigint; entrySumMinor: bigint; codes: number[] }> {
  const rows = await app.ctx.database.query<{ balance: string; sum: string; codes: number[] | null }>(
    `SELECT a.balance_minor::text AS balance, coalesce(sum(e.amount_minor), 0)::text AS sum,
            array_agg(e.type_code ORDER BY e.id) FILTER (WHERE e.id IS NOT NULL) AS codes
     FROM wallet_account a JOIN users u ON a.user_id = u.id AND a.code = 'player:' || u.id
     LEFT JOIN ledger_entry e ON e.account_id = a.id
     WHERE u.user_name = $1 GROUP BY a.balance_minor`,
    [userName],
  );
  const row = rows[0]!;
  return { balanceMinor: BigInt(row.balance), entrySumMinor: BigInt(row.sum), codes: row.codes ?? [] };
}
