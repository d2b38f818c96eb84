import { sql } from 'drizzle-orm';
import { type Executor, queryOne } from '../../db/sql';

/** SQL of the embedded chat (migration 0980). */

export type ChatAccountRow = {
  id: string;
  uid: string;
  nickname: string;
  avatar: string;
  password_hash: string;
  user_id: string | null;
  bound_at: string | null;
};

const ACCOUNT_COLUMNS = sql`id::text, uid, nickname, avatar, password_hash, user_id::text, bound_at::text`;

export async function insertKey(
  db: Executor,
  row: { userId: number; keyHash: string; expiresAt: number; now: number },
): Promise<void> {
  await db.execute(sql`INSERT INTO embed_chat_key (user_id, key_hash, expires_at, created_at)
                       VALUES (${row.userId}, ${row.keyHash}, ${row.expiresAt}, ${row.now})`);
}

/**
 * Spends a key in one conditional statement: only this user's, unexpired, unused key matches, and
 * of two concurrent spends the second finds used_at set (the row lock orders them). Another user's
 * key is left as it was.
 */
export async function spendKey(
  db: Executor,
  row: { userId: number; keyHash: string; now: number },
): Promise<boolean> {
  const spent = await queryOne<{ id: string }>(
    db,
    sql`UPDATE embed_chat_key SET used_at = ${row.now}
         WHERE key_hash = ${row.keyHash} AND user_id = ${row.userId}
           AND used_at IS NULL AND expires_at > ${row.now}
     RETURNING id::text`,
  );
  return spent !== undefined;
}

/** Keys of a user that can no longer be spent are of no use: dropped when a new one is made. */
export async function deleteDeadKeys(db: Executor, userId: number, now: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM embed_chat_key WHERE user_id = ${userId} AND (used_at IS NOT NULL OR expires_at <= ${now})`,
  );
}

export function accountOfUser(db: Executor, userId: number): Promise<ChatAccountRow | undefined> {
  return queryOne(db, sql`SELECT ${ACCOUNT_COLUMNS} FROM embed_chat_account WHERE user_id = ${userId}`);
}

/** Locks the row: a bind and a concurrent bind of the same account run one after the other. */
export function accountByUidForUpdate(
  db: Executor,
  tenantId: number,
  uid: string,
): Promise<ChatAccountRow | undefined> {
  return queryOne(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS} FROM embed_chat_account
         WHERE tenant_id = ${tenantId} AND uid = ${uid} FOR UPDATE`,
  );
}

/** A new account; undefined when the uid is taken (the caller draws another) or the user has one. */
export function insertAccount(
  db: Executor,
  row: {
    tenantId: number;
    uid: string;
    nickname: string;
    avatar: string;
    passwordHash: string;
    userId: number | null;
    now: number;
  },
): Promise<ChatAccountRow | undefined> {
  return queryOne(
    db,
    sql`INSERT INTO embed_chat_account
          (tenant_id, uid, nickname, avatar, password_hash, user_id, created_at, bound_at)
        VALUES (${row.tenantId}, ${row.uid}, ${row.nickname}, ${row.avatar}, ${row.passwordHash},
                ${row.userId}, ${row.now}, ${row.userId === null ? null : row.now})
        ON CONFLICT DO NOTHING
        RETURNING ${ACCOUNT_COLUMNS}`,
  );
}

export function bindAccount(
  db: Executor,
  row: { id: string; userId: number; now: number },
): Promise<ChatAccountRow | undefined> {
  return queryOne(
    db,
    sql`UPDATE embed_chat_account SET user_id = ${row.userId}, bound_at = ${row.now}
         WHERE id = ${row.id} AND user_id IS NULL
     RETURNING ${ACCOUNT_COLUMNS}`,
  );
}

export function setAvatar(db: Executor, userId: number, avatar: string): Promise<ChatAccountRow | undefined> {
  return queryOne(
    db,
    sql`UPDATE embed_chat_account SET avatar = ${avatar} WHERE user_id = ${userId} RETURNING ${ACCOUNT_COLUMNS}`,
  );
}

/**
 * Serialises one player's register and bind calls (lock on the player's row, taken first in the
 * transaction): the second sees the first's account instead of tripping the one-account index.
 */
export async function lockPlayer(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}
