import { Codes } from '@lottery/contract/codes';
import { type LotteryDef, lotteryByCode } from '@lottery/rules/lotteries';
import { issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { type Executor, queryOne } from '../../db/sql';
import { DomainError } from '../../errors';
import { houseAccount, playerAccount, postTransferIn } from '../wallet/index';

/**
 * betCanceller: POST betting/cancelBetting. Only the owner, only a bet still 等待开奖, only before
 * its issue closes. The bet row is locked first (NOWAIT), so a second cancel of the same order
 * while the first is still running answers -41 正在撤单... at once instead of queueing behind it;
 * under the lock the state is the latest committed one, so settlement and a second cancel cannot
 * both win. The state change and the refund (202) commit together.
 */
export async function cancelBet(
  ctx: AppContext,
  user: SessionUser,
  orderId: number,
): Promise<{ balanceMinor: bigint }> {
  const nowMs = ctx.clock.now();
  const player = await playerAccount(ctx.db, user.tenantId, user.userId);
  const house = await houseAccount(ctx.db, user.tenantId, user.userId);
  try {
    return await ctx.db.transaction(async (tx) => {
      const bet = await lockOwnBet(tx, user, orderId);
      if (!bet) throw DomainError.of(Codes.INVALID_PARAM, '注单不存在');
      if (Number(bet.state) !== 0) throw DomainError.of(Codes.INVALID_PARAM, '该注单不能撤单');
      const lottery = checkStillOpen(bet, nowMs);
      const amountMinor = BigInt(bet.amount_minor);
      await tx.execute(sql`UPDATE bet SET state = 3, cancelled_at = ${nowMs} WHERE id = ${orderId}`);
      await tx.execute(sql`UPDATE bet_line SET state = 3 WHERE bet_id = ${orderId}`);
      const posted = await postTransferIn(
        tx,
        {
          idempotencyKey: `bet:cancel:${orderId}`,
          typeCode: 202,
          lines: [
            { accountId: house, amountMinor: -amountMinor },
            { accountId: player, amountMinor },
          ],
          related: { kind: 'bet', id: String(orderId) },
          remark: `${lottery.name} 第${bet.issue}期撤单`,
        },
        nowMs,
      );
      return { balanceMinor: posted.entries.find((e) => e.accountId === player)!.balanceAfterMinor };
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === Codes.CANCEL_IN_PROGRESS.code) {
      // Held by someone else. After the close that is settlement, not a cancel: say it is closed,
      // so the web does not keep 正在撤单... for a bet that can no longer be cancelled.
      const bet = await readOwnBet(ctx.db, user, orderId);
      if (bet) checkStillOpen(bet, nowMs);
    }
    throw error;
  }
}

/** The bet's lottery while its issue is still open for cancelling; 该期已封盘 otherwise. */
function checkStillOpen(bet: { lottery_code: string; issue: string }, nowMs: number): LotteryDef {
  const lottery = lotteryByCode(bet.lottery_code);
  const times = lottery && issueTimes(lottery, bet.issue);
  if (!times || times.closeMs <= nowMs) throw DomainError.of(Codes.INVALID_PARAM, '该期已封盘，不能撤单');
  return lottery;
}

function readOwnBet(db: Executor, user: SessionUser, orderId: number): Promise<LockedBet | undefined> {
  return queryOne<LockedBet>(
    db,
    sql`SELECT lottery_code, issue, state, amount_minor::text FROM bet
        WHERE id = ${orderId} AND tenant_id = ${user.tenantId} AND user_id = ${user.userId}`,
  );
}

type LockedBet = { lottery_code: string; issue: string; state: number; amount_minor: string };

/**
 * The player's own bet, locked for this transaction; -41 when another transaction (a cancel in
 * progress) holds it. FOR NO KEY UPDATE, the lock an UPDATE of non-key columns takes, so it does
 * not wait on the key-share locks that inserting bet lines hold.
 */
async function lockOwnBet(tx: Executor, user: SessionUser, orderId: number): Promise<LockedBet | undefined> {
  try {
    return await queryOne<LockedBet>(
      tx,
      sql`SELECT lottery_code, issue, state, amount_minor::text FROM bet
          WHERE id = ${orderId} AND tenant_id = ${user.tenantId} AND user_id = ${user.userId}
          FOR NO KEY UPDATE NOWAIT`,
    );
  } catch (error) {
    if (hasSqlState(error, LOCK_NOT_AVAILABLE)) throw DomainError.of(Codes.CANCEL_IN_PROGRESS);
    throw error;
  }
}

const LOCK_NOT_AVAILABLE = '55P03';

/** Whether the error or one of its causes (drizzle wraps the driver's error) has this SQLSTATE. */
function hasSqlState(error: unknown, state: string): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === state) return true;
  }
  return false;
}
