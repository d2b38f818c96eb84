import type { GameCodeName } from '@lottery/contract/games';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { houseAccount, playerAccount, type TransferInput } from '../wallet/index';

/**
 * 502 棋牌返水 and 204 代理返点 of a settled round (docs/games.md "Rebates"). Each game's rebate is the
 * lottery type of its name in the agent module's sixteen types (百人牛牛 9 … 骰宝 14): a user's
 * override for that type, else their single rebate figure, as the betting settler reads it. On a
 * player's turnover in the round (the stakes of their settled bets, not the 百人牛牛 4× debit) the
 * player earns their own rebate (502) and each agent up the chain, nearest first, the difference
 * between their rebate and the highest one below them (204), as lottery bets pay 204. Each amount
 * is summed per recipient and round as turnover × tenths, then divided by 1000 and rounded down to
 * the cent once.
 */

export const GAME_REBATE_TYPE: Readonly<Record<GameCodeName, number>> = {
  nn100: 9,
  dragonTigerWar: 10,
  redBlackWar: 11,
  baccarat: 12,
  benz: 13,
  sicbo: 14,
};

const MAX_AGENT_DEPTH = 20;

/** The rebate chain of the round's bettors: their own tenths (depth 0) and their agents', nearest first. */
export interface RebatePlan {
  chains: Map<number, { userId: number; tenths: number }[]>;
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
  const lotteryType = GAME_REBATE_TYPE[gameCode as GameCodeName];
  const rows = await queryRows<{ user_id: string; ancestor_id: string; depth: number; tenths: number }>(
    db,
    sql`WITH bettors AS (SELECT DISTINCT user_id FROM game_bet WHERE round_pk = ${roundPk} AND state = 0)
        SELECT b.user_id::text, b.user_id::text AS ancestor_id, 0 AS depth,
               (coalesce(r.rebate, u.rebate) * 10)::int AS tenths
        FROM bettors b JOIN users u ON u.id = b.user_id
        LEFT JOIN user_type_rebate r ON r.user_id = u.id AND r.lottery_type = ${lotteryType}
        UNION ALL
        SELECT b.user_id::text, t.ancestor_id::text, t.depth, (coalesce(r.rebate, a.rebate) * 10)::int
        FROM bettors b JOIN agent_tree t ON t.descendant_id = b.user_id AND t.depth BETWEEN 1 AND ${MAX_AGENT_DEPTH}
        JOIN users a ON a.id = t.ancestor_id
        LEFT JOIN user_type_rebate r ON r.user_id = t.ancestor_id AND r.lottery_type = ${lotteryType}
        ORDER BY 1, 3`,
  );
  const chains = new Map<number, { userId: number; tenths: number }[]>();
  for (const r of rows) {
    const list = chains.get(Number(r.user_id)) ?? [];
    list.push({ userId: Number(r.ancestor_id), tenths: Number(r.tenths ?? 0) });
    chains.set(Number(r.user_id), list);
  }
  const earners = new Set<number>();
  for (const [, chain] of chains) {
    let below = 0;
    for (const link of chain) {
      if (link.tenths > below) earners.add(link.userId);
      below = Math.max(below, link.tenths);
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

/** The 502 and 204 transfers of a round from each player's settled turnover. */
export function rebateTransfers(
  plan: RebatePlan,
  round: { id: number; roundId: string },
  gameName: string,
  turnover: Map<number, bigint>,
): TransferInput[] {
  const own = new Map<number, bigint>(); // user -> Σ turnover × tenths
  const agent = new Map<number, bigint>();
  const add = (m: Map<number, bigint>, userId: number, v: bigint) => m.set(userId, (m.get(userId) ?? 0n) + v);
  for (const [userId, stake] of turnover) {
    const chain = plan.chains.get(userId) ?? [];
    let below = 0;
    for (const link of chain) {
      if (link.userId === userId) {
        if (link.tenths > 0) add(own, userId, stake * BigInt(link.tenths));
        below = Math.max(below, link.tenths);
      } else if (link.tenths > below) {
        add(agent, link.userId, stake * BigInt(link.tenths - below));
        below = link.tenths;
      }
    }
  }
  const transfers: TransferInput[] = [];
  const push = (m: Map<number, bigint>, typeCode: 502 | 204, remark: string) => {
    for (const [userId, numerator] of m) {
      const minor = numerator / 1000n;
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
