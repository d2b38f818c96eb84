import { REBATE_BP_PER_UNIT } from '@lottery/rules/games/rebate-cap';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { houseAccount, playerAccount, type TransferInput } from '../wallet/index';

/**
 * 502 棋牌返水 and 204 代理返点 of a settled round (docs/games.md "Rebates"). Table games use their own
 * rates, never the lottery rebate (a lottery prices its rebate into the odds; a table game has no
 * odds to trade it against): per game, the user's override in game_rebate_rate, else the tenant's
 * default for the game (user_id 0), else 0, in basis points, each below the game's cap
 * (packages/rules games/rebate-cap.ts, enforced by `game-rebate`). They are paid on the player's
 * VALID turnover in the round (packages/rules games/valid-turnover.ts: opposite areas cancel,
 * pushes excluded): the player earns their own rate (502) and each agent up the chain, nearest
 * first, the difference between their rate for the game and the highest one below them (204). Each
 * amount is summed per recipient and round as turnover × bp, then divided by 10000 and rounded down
 * to the cent once.
 */

const MAX_AGENT_DEPTH = 20;

/** The rebate chain of the round's bettors: their own bp (depth 0) and their agents', nearest first. */
export interface RebatePlan {
  chains: Map<number, { userId: number; bp: number }[]>;
  /** Player and house-shard accounts of every user who may be paid a rebate. */
  accounts: Map<number, { player: number; house: number }>;
}

/**
 * Read before the settling transaction (a dealt round takes no more bets): the rates of the round's
 * bettors and their agents, and the accounts of whoever can earn anything.
 */
export async function planRebates(
  db: Db,
  tenantId: number,
  roundPk: number,
  gameCode: string,
): Promise<RebatePlan> {
  const rows = await queryRows<{ user_id: string; ancestor_id: string; depth: number; bp: number }>(
    db,
    sql`WITH bettors AS (SELECT DISTINCT user_id FROM game_bet WHERE round_pk = ${roundPk} AND state = 0),
        chain AS (
          SELECT b.user_id, b.user_id AS ancestor_id, 0 AS depth FROM bettors b
          UNION ALL
          SELECT b.user_id, t.ancestor_id, t.depth
          FROM bettors b JOIN agent_tree t ON t.descendant_id = b.user_id AND t.depth BETWEEN 1 AND ${MAX_AGENT_DEPTH})
        SELECT c.user_id::text, c.ancestor_id::text, c.depth,
               coalesce(o.rate_bp, d.rate_bp, 0)::int AS bp
        FROM chain c
        LEFT JOIN game_rebate_rate o
          ON o.tenant_id = ${tenantId} AND o.game_code = ${gameCode} AND o.user_id = c.ancestor_id
        LEFT JOIN game_rebate_rate d
          ON d.tenant_id = ${tenantId} AND d.game_code = ${gameCode} AND d.user_id = 0
        ORDER BY 1, 3`,
  );
  const chains = new Map<number, { userId: number; bp: number }[]>();
  for (const r of rows) {
    const list = chains.get(Number(r.user_id)) ?? [];
    list.push({ userId: Number(r.ancestor_id), bp: Number(r.bp ?? 0) });
    chains.set(Number(r.user_id), list);
  }
  const earners = new Set<number>();
  for (const [, chain] of chains) {
    let below = 0;
    for (const link of chain) {
      if (link.bp > below) earners.add(link.userId);
      below = Math.max(below, link.bp);
    }
  }
  const accounts = new Map<number, { player: number; house: number }>();
  if (earners.size > 0) {
    const ids = [...earners];
    // created when missing (an agent who never held money), committed on their own as accountId()
    for (const id of ids)
      accounts.set(id, {
        player: await playerAccount(db, tenantId, id),
        house: await houseAccount(db, tenantId, id),
      });
  }
  return { chains, accounts };
}

/** The 502 and 204 transfers of a round from each player's valid turnover in it. */
export function rebateTransfers(
  plan: RebatePlan,
  round: { id: number; roundId: string },
  gameName: string,
  turnover: Map<number, bigint>,
): TransferInput[] {
  const own = new Map<number, bigint>(); // user -> Σ turnover × bp
  const agent = new Map<number, bigint>();
  const add = (m: Map<number, bigint>, userId: number, v: bigint) => m.set(userId, (m.get(userId) ?? 0n) + v);
  for (const [userId, stake] of turnover) {
    const chain = plan.chains.get(userId) ?? [];
    let below = 0;
    for (const link of chain) {
      if (link.userId === userId) {
        if (link.bp > 0) add(own, userId, stake * BigInt(link.bp));
        below = Math.max(below, link.bp);
      } else if (link.bp > below) {
        add(agent, link.userId, stake * BigInt(link.bp - below));
        below = link.bp;
      }
    }
  }
  const transfers: TransferInput[] = [];
  const push = (m: Map<number, bigint>, typeCode: 502 | 204, remark: string) => {
    for (const [userId, numerator] of m) {
      const minor = numerator / REBATE_BP_PER_UNIT;
      const amount = minor - (minor % 100n);
      const a = plan.accounts.get(userId);
      if (amount <= 0n || !a) continue;
      transfers.push({
        idempotencyKey: `game:${typeCode}:${round.id}:${userId}`,
        typeCode,
        lines: [
          { accountId: a.house, amountMinor: -amount },
          { accountId: a.player, amountMinor: amount },
        ],
        related: { kind: 'gameRound', id: String(round.id) },
        remark,
      });
    }
  };
  push(own, 502, `${gameName} 第${round.roundId}局棋牌返水`);
  push(agent, 204, `${gameName} 第${round.roundId}局代理返点`);
  return transfers;
}
