import { type CheckOldNewUserData, NEW_USER_DAYS } from '@lottery/contract/account';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/sql';
import { findUserById, findUserByName } from '../auth/index';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * users/checkOldNewUser (docs/api.md): an account is new while it is younger than NEW_USER_DAYS
 * and has never had a deposit paid (a paid deposit order of any channel; one paid from the
 * player's own yuebao, type 110, is not new money and does not count). Either makes it old.
 */
export async function oldOrNewUser(
  db: Db,
  who: { tenantId: number; userName: string } | { userId: number },
  nowMs: number,
): Promise<CheckOldNewUserData> {
  const user =
    'userId' in who
      ? await findUserById(db, who.userId)
      : await findUserByName(db, who.tenantId, who.userName);
  if (!user) return { exists: false, isNewUser: 0 };
  if (nowMs - user.createdAt >= NEW_USER_DAYS * DAY_MS) return { exists: true, isNewUser: 0 };
  const paid = await queryOne<{ id: string }>(
    db,
    sql`SELECT id::text FROM deposit_order WHERE user_id = ${user.id} AND status = 'paid' AND type_code <> 110 LIMIT 1`,
  );
  return { exists: true, isNewUser: paid ? 0 : 1 };
}
