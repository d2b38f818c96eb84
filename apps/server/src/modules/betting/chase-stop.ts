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
 * Stopping a chase (docs/chase.md): its orders not yet drawn are cancelled (state 3) and refunded
 * with 203. A chase stops once: the stop after a win and the player's cancel both claim it by
 * setting `stop_reason` under the chase row's lock, and only orders still 等待开奖 are cut, so the
 * refunds can be aggregated (one transfer per player and issue for stops, one per chase for a
 * cancel) and still return each order once. Lock order: the chase row, then its later orders; the
 * settlement's stop (one statement) and the cancel both follow it, so they never deadlock.
 * Lines are not rewritten: a line that did not win reads its state from its bet (records.ts).
 */

type CutOrder = { id: string; tenant_id: number; user_id: string; amount_minor: string };

const CUT_RETURNING = sql`RETURNING b.id, b.tenant_id, b.user_id, b.amount_minor`;
const CUT_SELECT = sql`SELECT id::text, tenant_id, user_id::text, amount_minor::text FROM cut`;

/** One 203 transfer returning `amountMinor` to the player. */
function refund(
  key: string,
  accounts: { player: number; house: number },
  amountMinor: bigint,
  related: { kind: string; id: string },
  remark: string,
): TransferInput {
  return {
    idempotencyKey: key,
    typeCode: 203,
    lines: [
      { accountId: accounts.house, amountMinor: -amountMinor },
      { accountId: accounts.player, amountMinor },
    ],
    related,
    remark,
  };
}

const nameOf = (lotteryCode: string) => lotteryByCode(lotteryCode)?.name ?? lotteryCode;

/**
 * 中奖即停, inside the settlement transaction of `issue`: every chase with stop-after-win that has a
 * winning bet among `winningBetIds` stops, and its orders on issues not yet drawn are cancelled (an
 * order whose issue is already drawn keeps its known result). Returns the refunds, one per player,
 * for the settlement's transfer batch (same transaction, same key scheme as its payouts).
 */
export async function stopChasesAfterWin(
  tx: Executor,
  lotteryCode: string,
  issue: string,
  winningBetIds: readonly string[],
  accounts: SettlementAccounts,
  nowMs: number,
): Promise<TransferInput[]> {
  if (winningBetIds.length === 0) return [];
  const cut = await queryRows<CutOrder>(
    tx,
    sql`WITH won AS (
          UPDATE chase c SET stop_reason = 'win', stopped_at = ${nowMs}
          FROM bet w
          WHERE w.id = ANY(${pgArray(winningBetIds.map(BigInt))}::bigint[]) AND w.chase_id = c.id
            AND c.stop_after_win AND c.stop_reason IS NULL
          RETURNING c.id
        ), cut AS (
          UPDATE bet b SET state = 3, cancelled_at = ${nowMs}
          FROM won
          WHERE b.chase_id = won.id AND b.state = 0
            AND NOT EXISTS (SELECT 1 FROM draw_issue d WHERE d.lottery_code = b.lottery_code AND d.issue = b.issue)
          ${CUT_RETURNING}
        )
        ${CUT_SELECT}`,
  );
  const byUser = new Map<string, { tenantId: number; amountMinor: bigint }>();
  for (const order of cut) {
    const entry = byUser.get(order.user_id) ?? { tenantId: order.tenant_id, amountMinor: 0n };
    entry.amountMinor += BigInt(order.amount_minor);
    byUser.set(order.user_id, entry);
  }
  return [...byUser].map(([userId, { tenantId, amountMinor }]) => {
    const player = accounts.player.get(Number(userId));
    const house = accounts.houseFor(tenantId, Number(userId));
    if (player === undefined || house === undefined) throw new Error(`no account for user ${userId}`);
    return refund(
      `settle:203:${lotteryCode}:${issue}:${userId}`,
      { player, house },
      amountMinor,
      { kind: 'issue', id: `${lotteryCode}:${issue}` },
      `${nameOf(lotteryCode)} 第${issue}期中奖停追返款`,
    );
  });
}

/**
 * chaseCanceller: POST betting/cancelAutoChaseBetting. Only the owner's chase, only while it runs;
 * orders whose issue is still open for betting are cancelled and refunded (203, one transfer);
 * orders already closed stay and settle with their draw. State changes and refund commit together.
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
      sql`SELECT id::text, issue FROM bet WHERE chase_id = ${chaseId} AND state = 0 ORDER BY bet.id`,
    );
    const open = pending.filter((b) => {
      const times = lottery && issueTimes(lottery, b.issue);
      return Boolean(times && times.closeMs > nowMs);
    });
    if (open.length === 0) throw DomainError.of(Codes.INVALID_PARAM, '该追号已无可撤销的期数');
    const cut = await queryRows<CutOrder>(
      tx,
      sql`WITH cut AS (
            UPDATE bet b SET state = 3, cancelled_at = ${nowMs}
            WHERE b.id = ANY(${pgArray(open.map((b) => BigInt(b.id)))}::bigint[]) AND b.state = 0
            ${CUT_RETURNING}
          )
          ${CUT_SELECT}`,
    );
    await tx.execute(
      sql`UPDATE chase SET stop_reason = 'cancel', stopped_at = ${nowMs} WHERE id = ${chaseId}`,
    );
    const refundMinor = cut.reduce((s, o) => s + BigInt(o.amount_minor), 0n);
    if (refundMinor > 0n) {
      const transfer = refund(
        `chase:cancel:${chaseId}`,
        { player, house },
        refundMinor,
        { kind: 'chase', id: String(chaseId) },
        `${nameOf(chase.lottery_code)} 撤销追号返款（${cut.length}期）`,
      );
      await postTransferBatchIn(tx, [transfer], nowMs);
    }
    const balance = await queryOne<{ b: string }>(
      tx,
      sql`SELECT balance_minor::text AS b FROM wallet_account WHERE id = ${player}`,
    );
    return { cancelled: cut.length, refundMinor, balanceMinor: BigInt(balance!.b) };
  });
}
