import { Codes } from '@lottery/contract/codes';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { type Executor, pgArray, queryOne, queryRows } from '../../db/sql';
import { DomainError } from '../../errors';
import { houseAccount, playerAccount, postTransferBatchIn, type TransferInput } from '../wallet/index';
import type { SettlementAccounts } from './accounts';

/**
 * Stopping a chase (docs/chase.md): its orders not yet drawn are cancelled (state 3) and each is
 * refunded with 203 under the key `bet:chase-stop:<betId>`, so a stop that runs twice, or a stop
 * racing a cancel, refunds an order once. Lock order: the chase row, then its later orders; the
 * settlement's stop (one statement) and the player's cancel both follow it, so they never deadlock.
 */

type CutOrder = {
  id: string;
  tenant_id: number;
  user_id: string;
  amount_minor: string;
  issue: string;
  lottery_code: string;
};

const refundKey = (betId: string) => `bet:chase-stop:${betId}`;

function refundOf(order: CutOrder, player: number, house: number): TransferInput {
  const amount = BigInt(order.amount_minor);
  const name = lotteryByCode(order.lottery_code)?.name ?? order.lottery_code;
  return {
    idempotencyKey: refundKey(order.id),
    typeCode: 203,
    lines: [
      { accountId: house, amountMinor: -amount },
      { accountId: player, amountMinor: amount },
    ],
    related: { kind: 'bet', id: order.id },
    remark: `${name} 第${order.issue}期追号停止返款`,
  };
}

/**
 * 中奖即停, inside the issue's settlement transaction: every chase with stop-after-win that has a
 * winning bet among `winningBetIds` stops, and its orders on issues not yet drawn are cancelled.
 * Returns the refunds for the settlement's transfer batch (same transaction).
 */
export async function stopChasesAfterWin(
  tx: Executor,
  winningBetIds: readonly string[],
  accounts: SettlementAccounts,
  nowMs: number,
): Promise<TransferInput[]> {
  if (winningBetIds.length === 0) return [];
  const cut = await queryRows<CutOrder>(
    tx,
    sql`WITH won AS (
          UPDATE chase c SET stop_reason = 'win', stopped_at = ${nowMs}
          FROM bet b
          WHERE b.id = ANY(${pgArray(winningBetIds.map(BigInt))}::bigint[]) AND b.chase_id = c.id
            AND c.stop_after_win AND c.stop_reason IS NULL
          RETURNING c.id
        ), cut AS (
          UPDATE bet b SET state = 3, cancelled_at = ${nowMs}
          FROM won
          WHERE b.chase_id = won.id AND b.state = 0
            AND NOT EXISTS (SELECT 1 FROM draw_issue d WHERE d.lottery_code = b.lottery_code AND d.issue = b.issue)
          RETURNING b.id, b.tenant_id, b.user_id, b.amount_minor, b.issue, b.lottery_code
        ), lines AS (
          UPDATE bet_line l SET state = 3 FROM cut WHERE l.bet_id = cut.id RETURNING 1
        )
        SELECT id::text, tenant_id, user_id::text, amount_minor::text, issue, lottery_code FROM cut`,
  );
  return cut.map((order) => {
    const player = accounts.player.get(Number(order.user_id));
    const house = accounts.houseFor(order.tenant_id, Number(order.user_id));
    if (player === undefined || house === undefined) throw new Error(`no account for user ${order.user_id}`);
    return refundOf(order, player, house);
  });
}

/**
 * chaseCanceller: POST betting/cancelAutoChaseBetting. Only the owner's chase, only while it runs;
 * orders whose issue is still open for betting are cancelled and refunded (203); orders already
 * closed stay and settle with their draw. State changes and refunds commit together.
 */
export async function cancelChase(
  ctx: AppContext,
  user: SessionUser,
  chaseId: number,
): Promise<{ cancelled: number; refundMinor: bigint; balanceMinor: bigint }> {
  const nowMs = ctx.clock.now();
  const player = await playerAccount(ctx.db, user.tenantId, user.userId);
  const house = await houseAccount(ctx.db, user.tenantId, user.userId);
  return ctx.db.transaction(async (tx) => {
    const chase = await queryOne<{ lottery_code: string; stop_reason: string | null }>(
      tx,
      sql`SELECT lottery_code, stop_reason FROM chase
          WHERE id = ${chaseId} AND tenant_id = ${user.tenantId} AND user_id = ${user.userId} FOR UPDATE`,
    );
    if (!chase) throw DomainError.of(Codes.INVALID_PARAM, '追号单不存在');
    if (chase.stop_reason !== null) throw DomainError.of(Codes.INVALID_PARAM, '该追号已结束，不能撤销');
    const lottery = lotteryByCode(chase.lottery_code);
    const pending = await queryRows<{ id: string; issue: string }>(
      tx,
      sql`SELECT id::text, issue FROM bet WHERE chase_id = ${chaseId} AND state = 0 ORDER BY id`,
    );
    const open = pending.filter((b) => {
      const times = lottery && issueTimes(lottery, b.issue);
      return Boolean(times && times.closeMs > nowMs);
    });
    if (open.length === 0) throw DomainError.of(Codes.INVALID_PARAM, '该追号已无可撤销的期数');
    const cut = await queryRows<CutOrder>(
      tx,
      sql`WITH cut AS (
            UPDATE bet SET state = 3, cancelled_at = ${nowMs}
            WHERE id = ANY(${pgArray(open.map((b) => BigInt(b.id)))}::bigint[]) AND state = 0
            RETURNING id, tenant_id, user_id, amount_minor, issue, lottery_code
          ), lines AS (
            UPDATE bet_line l SET state = 3 FROM cut WHERE l.bet_id = cut.id RETURNING 1
          )
          SELECT id::text, tenant_id, user_id::text, amount_minor::text, issue, lottery_code FROM cut`,
    );
    await tx.execute(
      sql`UPDATE chase SET stop_reason = 'cancel', stopped_at = ${nowMs} WHERE id = ${chaseId}`,
    );
    if (cut.length > 0)
      await postTransferBatchIn(
        tx,
        cut.map((o) => refundOf(o, player, house)),
        nowMs,
      );
    const balance = await queryOne<{ b: string }>(
      tx,
      sql`SELECT balance_minor::text AS b FROM wallet_account WHERE id = ${player}`,
    );
    return {
      cancelled: cut.length,
      refundMinor: cut.reduce((s, o) => s + BigInt(o.amount_minor), 0n),
      balanceMinor: BigInt(balance!.b),
    };
  });
}
