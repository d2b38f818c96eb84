import { sql } from 'drizzle-orm';
import { type Executor, queryOne } from '../../db/sql';

/**
 * The columns of users that other modules change (VIP grade, agent rebate, avatar), each in the
 * caller's transaction: users is auth's table, so its UPDATEs live here.
 */

export async function userGrade(db: Executor, userId: number): Promise<number> {
  const row = await queryOne<{ grade: number }>(db, sql`SELECT grade FROM users WHERE id = ${userId}`);
  return Number(row?.grade ?? 1);
}

/** Grades only rise, and only inside the VIP ladder (test group, guests and admins keep theirs). */
export async function raiseGrade(db: Executor, userId: number, grade: number): Promise<void> {
  await db.execute(sql`UPDATE users SET grade = ${grade}
    WHERE id = ${userId} AND grade BETWEEN 1 AND 10 AND grade < ${grade}`);
}

/** A downline's single rebate, written by the agent's raise (its per-type overrides: same transaction). */
export async function setUserRebate(
  db: Executor,
  userId: number,
  rebate: string,
  nowMs: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE users SET rebate = ${rebate}::numeric, rebate_updated_at = ${nowMs} WHERE id = ${userId}`,
  );
}

/** Switches the user's avatar to an uploaded picture's path. */
export async function setAvatar(db: Executor, userId: number, path: string): Promise<void> {
  await db.execute(sql`UPDATE users SET avatar = ${path} WHERE id = ${userId}`);
}
