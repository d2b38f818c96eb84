import type { Db } from '../db/client';

/**
 * Runs a daily job from the command line (`npx tsx apps/server/src/jobs/<job>.ts`) when `file` is
 * the script node was started with: the configured database, migrated, the system clock; prints
 * `describe(result)` and closes the database.
 */
export async function runByHand<T>(
  file: string,
  job: (db: Db, nowMs: number) => Promise<T>,
  describe: (result: T) => string,
): Promise<void> {
  if (!process.argv[1]?.endsWith(file)) return;
  const { systemClock } = await import('../clock');
  const { loadConfig } = await import('../config');
  const { createDb } = await import('../db/client');
  const { migrate } = await import('../db/migrate');
  const config = loadConfig();
  const database = await createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    await migrate(database);
    console.log(describe(await job(database.db, systemClock.now())));
  } finally {
    await database.close();
  }
}
