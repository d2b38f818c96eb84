import { Codes } from '@lottery/contract/codes';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { DomainError } from '../../errors';
import { houseAccount, playerAccount } from '../wallet/accounts';
import { postTransferIn } from '../wallet/ledger';
import { queryOne } from '../wallet/sql';

/**
 * betCanceller: POST betting/cancelBetting. Only the owner, only a bet still 等待开奖, only before
 * its issue closes. The state change (conditional on state 0, so settlement and a second cancel
 * cannot both win) and the refund (202) commit together.
 */
export async function cancelBet(
  ctx: AppContext,
  user: SessionUser,
  orderId: number,
): Promise<{ balanceMinor: bigint }> {
  const nowMs = ctx.clock.now();
  const bet = await queryOne<{ lottery_code: string; issue: string; state: number; amount_minor: string }>(
    ctx.db,
    sql`SELECT lottery_code, issue, state, amount_minor::text FROM bet
        WHERE id = ${orderId} AND tenant_id = ${user.tenantId} AND user_id = ${user.userId}`,
  );
  if (!bet) throw DomainError.of(Codes.INVALID_PARAM, '注单不存在');
  if (Number(bet.state) !== 0) throw DomainError.of(Codes.INVALID_PARAM, '该注单不能撤单');
  const lottery = lotteryByCode(bet.lottery_code);
  const times = lottery && issueTimes(lottery, bet.issue);
  if (!times || times.closeMs <= nowMs) throw DomainError.of(Codes.INVALID_PARAM, '该期已封盘，不能撤单');
  const player = await playerAccount(ctx.db, user.tenantId, user.userId);
  const house = await houseAccount(ctx.db, user.tenantId, user.userId);
  const amountMinor = BigInt(bet.amount_minor);
  return ctx.db.transaction(async (tx) => {
    const changed = await queryOne<{ id: string }>(
      tx,
      sql`UPDATE bet SET state = 3, cancelled_at = ${nowMs}
          WHERE id = ${orderId} AND user_id = ${user.userId} AND state = 0 RETURNING id::text`,
    );
    if (!changed) throw DomainError.of(Codes.INVALID_PARAM, '该注单不能撤单');
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
        remark: `${lottery!.name} 第${bet.issue}期撤单`,
      },
      nowMs,
    );
    return { balanceMinor: posted.entries.find((e) => e.accountId === player)!.balanceAfterMinor };
  });
}
