import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOTTERIES, type LotteryDef } from '@lottery/rules/lotteries';
import { beijingDayNumber, beijingMidnightMs } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import { build } from '../apps/server/src/app';
import type { Clock } from '../apps/server/src/clock';
import { loadConfig } from '../apps/server/src/config';
import { SITE_COMMANDS } from '../apps/server/src/modules/site/admin-commands';
import { houseAccount, playerAccount, postTransfer } from '../apps/server/src/modules/wallet/index';
import { buildWebInto } from './support/stack';

/**
 * The product for the betting specs: the built web app and the real server on a fresh PGlite, with
 * a clock the test moves forward (never back) and the draw scheduler driven by hand (tick()), so a
 * spec bets on an issue, jumps past its draw and watches the settlement without sleeping.
 */
/** Server time that runs with the wall clock from a chosen start, plus jumps. */
export class SteppingClock implements Clock {
  private offsetMs: number;
  constructor(startMs: number) {
    this.offsetMs = startMs - Date.now();
  }
  now(): number {
    return Date.now() + this.offsetMs;
  }
  /** Jump forward to `ms` (a no-op if that moment has passed). */
  jumpTo(ms: number): void {
    const ahead = ms - this.now();
    if (ahead > 0) this.offsetMs += ahead;
  }
}

export interface BettingStack {
  baseUrl: string;
  app: FastifyInstance;
  clock: SteppingClock;
  /** Credits a player from the house (ledger type 401, manual credit), like the operator CLI. */
  fund(userName: string, yuan: number): Promise<void>;
  /** Runs an operator command (npm run admin), e.g. admin('site-config', ['stockCentEnable=true']). */
  admin(command: string, args: string[]): Promise<string>;
  close(): Promise<void>;
}

/** Beijing wall-clock time of today (by the real clock), as epoch ms. */
export function beijingToday(hour: number, minute: number): number {
  return beijingMidnightMs(beijingDayNumber(Date.now())) + (hour * 60 + minute) * 60_000;
}

export async function startBettingStack(options: {
  startMs: number;
  lotteries: readonly LotteryDef[];
}): Promise<BettingStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lottery-e2e-bet-'));
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
  const clock = new SteppingClock(options.startMs);
  const house = options.lotteries.filter((l) => l.houseDrawn).map((l) => l.code);
  const app = await build({ config, clock, logLevel: 'silent', scheduler: { lotteries: house } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  await app.scheduler.tick();
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let funding = 0;
  return {
    baseUrl,
    app,
    clock,
    async fund(userName, yuan) {
      const db = app.ctx.db;
      const tenant = await app.ctx.tenant.get();
      const rows = await app.ctx.database.query<{ id: string }>(
        'SELECT id::text FROM users WHERE tenant_id = $1 AND user_name = $2',
        [tenant!.id, userName.toLowerCase()],
      );
      const userId = Number(rows[0]!.id);
      const amount = BigInt(yuan) * 10_000n;
      await postTransfer(
        db,
        {
          idempotencyKey: `e2e-fund:${userId}:${++funding}`,
          typeCode: 401,
          lines: [
            { accountId: await houseAccount(db, tenant!.id), amountMinor: -amount },
            { accountId: await playerAccount(db, tenant!.id, userId), amountMinor: amount },
          ],
        },
        clock.now(),
      );
    },
    admin: (command, args) =>
      SITE_COMMANDS[command]!.run(args, { config, database: app.ctx.database, clock }),
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}

export const lotteryOf = (code: string): LotteryDef => LOTTERIES.find((l) => l.code === code)!;
