import { Codes } from '@lottery/contract/codes';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne } from '../../db/sql';
import { DomainError } from '../../errors';
import { findPayoutAccount, hasSafetyPassword, removeBankCard } from '../security/index';

/**
 * users/destructionCheckBankCard (docs/api.md): GET says whether an own bank card may be removed
 * now, POST removes it after the safety password (checked by the route). A card with a withdrawal
 * under review stays until that withdrawal is decided: the payout is made to it. Past withdrawals
 * keep their snapshot of the card (withdraw_order.payout_snapshot), so history reads the same.
 */
export const CARD_IN_REVIEW = '该银行卡有审核中的提现，暂不能删除';

async function pendingWithdrawals(db: Executor, userId: number, cardId: number): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM withdraw_order
        WHERE user_id = ${userId} AND payout_account_id = ${cardId} AND status = 'pending'`,
  );
  return row?.n ?? 0;
}

async function ownCard(db: Executor, userId: number, id: number) {
  const card = await findPayoutAccount(db, userId, id);
  if (card?.kind !== 'bank') throw DomainError.of(Codes.INVALID_PARAM, '账户不存在');
  return card;
}

export async function cardRemovalCheck(db: Db, userId: number, id: number) {
  await ownCard(db, userId, id);
  const inReview = (await pendingWithdrawals(db, userId, id)) > 0;
  return {
    id,
    canRemove: !inReview,
    reason: inReview ? CARD_IN_REVIEW : null,
    hasSafetyPassword: await hasSafetyPassword(db, userId),
  };
}

/**
 * One transaction: the player's withdrawal lock (the one requestWithdraw takes), so no withdrawal
 * to this card can be asked between the check and the delete; then the check and the delete.
 */
export async function destroyBankCard(
  db: Db,
  userId: number,
  id: number,
): Promise<{ id: number; remaining: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('withdraw'), ${userId}::int)`);
    await ownCard(tx, userId, id);
    if ((await pendingWithdrawals(tx, userId, id)) > 0)
      throw DomainError.of(Codes.INVALID_PARAM, CARD_IN_REVIEW);
    return { id, remaining: await removeBankCard(tx, userId, id) };
  });
}
