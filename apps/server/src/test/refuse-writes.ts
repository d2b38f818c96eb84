import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Runs `work` while every `event` (INSERT, UPDATE, `UPDATE OF column`) on `table` fails, as a
 * crash or a constraint would part-way through an operation: the all-or-nothing tests then show
 * that nothing of the operation's earlier writes stayed.
 */
export async function whileFailing<T>(
  db: Db,
  table: string,
  event: string,
  work: () => Promise<T>,
): Promise<T> {
  await db.execute(
    sql.raw(`CREATE FUNCTION test_refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated failure'; END; $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER test_refuse_write BEFORE ${event} ON ${table}
             FOR EACH ROW EXECUTE FUNCTION test_refuse_write()`),
  );
  try {
    return await work();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER test_refuse_write ON ${table}`));
    await db.execute(sql.raw('DROP FUNCTION test_refuse_write()'));
  }
}
