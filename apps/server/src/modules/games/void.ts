import { tableGameByCode } from '@lottery/rules/games/catalogue';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/sql';
import { postTransferBatchIn, type TransferInput } from '../wallet/index';
import type { GameRoundRow } from './rounds';

/**
 * Voided rounds (docs/games.md "Voided rounds"): a round that cannot be settled properly becomes
 * `void` and every open bet of it is refunded its debit. One transaction: the round flips to void
 * (once: WHERE state is not settled/void, the same row lock settleRound's flip takes, so of a void
 * and a settlement racing exactly one happens), ONE update marks the open bets refunded (state 3,
 * return = debit), and each player's refunds of the round are one 221 棋牌退款 transfer keyed
 * `game:221:<round>:<user>`. Undefined when the round was already settled or void.
 */

/** A round still unsettled this long after its settle deadline (the leader was down) is voided. */
export const VOID_GRACE_MS = 60_000;

export interface VoidedRound {
  bets: number;
  /** Per player: the refund (sum of the debits of their open bets). */
  refunds: Map<number, bigint>;
}

type RefundedBet = { user_id: string; player_account: string; house_account: string; debit_minor: string };

export async function voidRound(
  db: Db,
  round: Pick<GameRoundRow, 'id' | 'gameCode' | 'roundId'>,
  nowMs: number,
  reason: string,
): Promise<VoidedRound | undefined> {
  const name = tableGameByCode(round.gameCode)?.name ?? round.gameCode;
  return db.transaction(async (tx) => {
    const flipped = await queryOne(
      tx,
      sql`UPDATE game_round SET state = 'void', settled_at = ${nowMs}
          WHERE id = ${round.id} AND state IN ('betting', 'closed', 'dealt') RETURNING 1`,
    );
    if (!flipped) return undefined;
    const bets = await queryRows<RefundedBet>(
      tx,
      sql`UPDATE game_bet SET state = 3, return_minor = debit_minor, outcome = 'refund', settled_at = ${nowMs}
          WHERE round_pk = ${round.id} AND state = 0
          RETURNING user_id::text, player_account::text, house_account::text, debit_minor::text`,
    );
    const refunds = new Map<number, bigint>();
    const accounts = new Map<number, { player: number; house: number }>();
    for (const b of bets) {
      const userId = Number(b.user_id);
      refunds.set(userId, (refunds.get(userId) ?? 0n) + BigInt(b.debit_minor));
      accounts.set(userId, { player: Number(b.player_account), house: Number(b.house_account) });
    }
    const transfers: TransferInput[] = [];
    for (const [userId, amount] of refunds) {
      const a = accounts.get(userId)!;
      transfers.push({
        idempotencyKey: `game:221:${round.id}:${userId}`,
        typeCode: 221,
        lines: [
          { accountId: a.house, amountMinor: -amount },
          { accountId: a.player, amountMinor: amount },
        ],
        related: { kind: 'gameRound', id: String(round.id) },
        remark: `${name} 第${round.roundId}局作废退款（${reason}）`,
      });
    }
    if (transfers.length > 0) await postTransferBatchIn(tx, transfers, nowMs);
    return { bets: bets.length, refunds };
  });
}
