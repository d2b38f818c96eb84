import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteries } from '../../db/schema/lottery';

export type LotteryRow = typeof lotteries.$inferSelect;

export async function listLotteries(db: Db, tenantId: number): Promise<LotteryRow[]> {
  return db
    .select()
    .from(lotteries)
    .where(eq(lotteries.tenantId, tenantId))
    .orderBy(asc(lotteries.sortOrder), asc(lotteries.code));
}
