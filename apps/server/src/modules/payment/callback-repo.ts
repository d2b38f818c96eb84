import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/sql';

/**
 * Records a provider callback's nonce; false when it was seen before (a replay). Nonces older than
 * `keepMs` are forgotten first: a callback that old is refused by its timestamp anyway.
 */
export async function claimCallbackNonce(
  db: Db,
  nonce: string,
  orderNo: string,
  nowMs: number,
  keepMs: number,
): Promise<boolean> {
  await db.execute(sql`DELETE FROM payment_callback_nonce WHERE received_at < ${nowMs - keepMs}`);
  const fresh = await queryOne<{ nonce: string }>(
    db,
    sql`INSERT INTO payment_callback_nonce (nonce, order_no, received_at)
        VALUES (${nonce}, ${orderNo}, ${nowMs})
        ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
  );
  return fresh !== undefined;
}
