import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, queryRows } from '../../db/sql';
import { AccountCodes, HOUSE_SHARDS } from '../wallet/index';

export interface SettlementAccounts {
  player: Map<number, number>;
  /** The house shard a player's transfers use (wallet/accounts.ts houseAccount: userId % HOUSE_SHARDS). */
  houseFor(tenantId: number, userId: number): number | undefined;
}

/**
 * Player accounts and house shards for many users at once (settlement pays hundreds of players
 * and their agents per issue), created when missing. Same names and kinds as wallet/accounts.ts.
 * Runs on the root database: the rows commit on their own, like accountId().
 */
export async function ensureAccounts(
  db: Db,
  tenantIds: readonly number[],
  userIds: readonly number[],
  nowMs: number,
): Promise<SettlementAccounts> {
  const player = new Map<number, number>();
  const house = new Map<string, number>();
  const houseFor = (tenantId: number, userId: number) =>
    house.get(`${tenantId}:${Math.abs(userId) % HOUSE_SHARDS}`);
  if (tenantIds.length === 0) return { player, houseFor };
  const shardCodes = Array.from({ length: HOUSE_SHARDS }, (_, s) => AccountCodes.house(s));
  const codesLiteral = `{${shardCodes.join(',')}}`;
  await db.execute(
    sql`INSERT INTO wallet_account (tenant_id, kind, user_id, code, may_go_negative, created_at)
        SELECT u.tenant_id, 'player', u.id, 'player:' || u.id, false, ${nowMs}
        FROM users u WHERE u.id = ANY(${pgArray(userIds)}::bigint[])
        ON CONFLICT (tenant_id, code) DO NOTHING`,
  );
  await db.execute(
    sql`INSERT INTO wallet_account (tenant_id, kind, user_id, code, may_go_negative, created_at)
        SELECT t, 'house', NULL, c, true, ${nowMs}
        FROM unnest(${pgArray(tenantIds)}::int[]) AS t CROSS JOIN unnest(${codesLiteral}::text[]) AS c
        ON CONFLICT (tenant_id, code) DO NOTHING`,
  );
  const rows = await queryRows<{
    id: string;
    tenant_id: number;
    user_id: string | null;
    kind: string;
    code: string;
  }>(
    db,
    sql`SELECT id::text, tenant_id, user_id::text, kind, code FROM wallet_account
        WHERE (kind = 'player' AND user_id = ANY(${pgArray(userIds)}::bigint[]) AND code = 'player:' || user_id)
           OR (kind = 'house' AND code = ANY(${codesLiteral}::text[]) AND tenant_id = ANY(${pgArray(tenantIds)}::int[]))`,
  );
  for (const r of rows) {
    if (r.kind === 'house') house.set(`${r.tenant_id}:${shardCodes.indexOf(r.code)}`, Number(r.id));
    else player.set(Number(r.user_id), Number(r.id));
  }
  return { player, houseFor };
}
