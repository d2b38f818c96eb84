import { createHash, randomBytes } from 'node:crypto';
import { GAME_TOKEN_TTL_MS } from '@lottery/contract/games';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../context';
import { type Executor, queryOne } from '../../db/sql';

/**
 * game/getGameToken: a random token that authenticates one game socket, for one game, within
 * GAME_TOKEN_TTL_MS, once. Stored hashed in the database, so any process can accept it; taken with
 * one conditional update, so two sockets presenting it cannot both win.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueGameToken(
  db: Executor,
  user: SessionUser,
  gameCode: string,
  nowMs: number,
): Promise<{ token: string; expiresMs: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresMs = nowMs + GAME_TOKEN_TTL_MS;
  await db.execute(sql`DELETE FROM game_token WHERE expires_at < ${nowMs - 3600_000}`);
  await db.execute(
    sql`INSERT INTO game_token (token_hash, tenant_id, user_id, game_code, expires_at)
        VALUES (${hashOf(token)}, ${user.tenantId}, ${user.userId}, ${gameCode}, ${expiresMs})`,
  );
  return { token, expiresMs };
}

/** The token's user when it is valid for this game, unused and unexpired; it is used up either way. */
export async function takeGameToken(
  db: Executor,
  token: string,
  gameCode: string,
  nowMs: number,
): Promise<{ userId: number; tenantId: number } | undefined> {
  const row = await queryOne<{ user_id: string; tenant_id: number }>(
    db,
    sql`UPDATE game_token SET used_at = ${nowMs}
        WHERE token_hash = ${hashOf(token)} AND used_at IS NULL AND expires_at > ${nowMs}
          AND game_code = ${gameCode}
        RETURNING user_id::text, tenant_id`,
  );
  return row && { userId: Number(row.user_id), tenantId: Number(row.tenant_id) };
}
