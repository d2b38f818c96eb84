import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Database } from '../../db/client';
import { migrate } from '../../db/migrate';
import { clearAccountIdCache } from './accounts';

/**
 * A migrated database for ledger tests and the bench without the HTTP app: PGlite in memory, or
 * a fresh schema on PostgreSQL (TEST_DB_KIND=postgres + TEST_DATABASE_URL, or `url`).
 */
export type LedgerFixture = {
  database: Database;
  tenantId: number;
  /** Creates `count` users and returns their ids. */
  addUsers(count: number): Promise<number[]>;
  close(): Promise<void>;
};

export async function ledgerFixture(
  options: { url?: string; poolSize?: number } = {},
): Promise<LedgerFixture> {
  const url =
    options.url ?? (process.env.TEST_DB_KIND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined);
  let database: Database;
  let dropSchema: () => Promise<void> = async () => {};
  if (url) {
    const schema = `wallet_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    database = await createDb({ url, searchPath: schema, poolSize: options.poolSize ?? 20 });
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    };
  } else {
    database = await createDb({});
  }
  await migrate(database);
  const now = Date.now();
  const [tenant] = await database.query<{ id: number }>(
    `INSERT INTO tenants (code, name, config, config_updated_at, page_updated_at, lottery_order_updated_at, created_at)
     VALUES ($1, 'ledger test', '{}', $2, $2, $2, $2) RETURNING id`,
    [`t${randomBytes(4).toString('hex')}`, now],
  );
  const tenantId = Number(tenant!.id);
  let seq = 0;
  return {
    database,
    tenantId,
    async addUsers(count) {
      const names = Array.from({ length: count }, () => `u${++seq}_${randomBytes(3).toString('hex')}`);
      const rows = await database.query<{ id: string }>(
        `INSERT INTO users (tenant_id, user_name, password_hash, rebate_updated_at, password_changed_at, created_at)
         SELECT $1, n, 'x', $2, $2, $2 FROM unnest($3::text[]) AS n RETURNING id::text`,
        [tenantId, now, names],
      );
      return rows.map((r) => Number(r.id));
    },
    async close() {
      // account ids are cached per process; a later fixture reuses tenant and account numbers
      clearAccountIdCache();
      await database.close();
      await dropSchema();
    },
  };
}
