import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/sql';
import { setAvatar } from '../auth/index';

/** A new own avatar picture and the switch to it, in the caller's transaction. */
export async function insertAvatar(
  db: Executor,
  row: { userId: number; path: string; bytes: number; now: number },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO user_image (user_id, path, bytes, created_at) VALUES (${row.userId}, ${row.path}, ${row.bytes}, ${row.now})`,
  );
  await setAvatar(db, row.userId, row.path);
}
