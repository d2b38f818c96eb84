import { LOTTERIES } from '@lottery/rules/lotteries';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';

/**
 * Bring every tenant's catalogue up to the rules package: add lotteries it lacks and refresh names,
 * families, types and icons, keeping the operator's choices (stopped, hot, order) for existing ones.
 * Runs at every start, so a database seeded by an older build still lists every lottery.
 * Returns how many lotteries were added.
 */
export async function syncLotteryCatalogue(database: Database, clock: Clock): Promise<number> {
  const tenants = await database.query<{ id: number }>('SELECT id FROM tenants');
  let added = 0;
  for (const { id } of tenants) {
    const rows = await database.query<{ inserted: boolean }>(
      `INSERT INTO lotteries (tenant_id, code, family, name, lottery_type, lottery_explain, icon_class, sort_order, hot, is_stop, is_fast_bet)
       SELECT $1, l.code, l.family, l.name, l.lottery_type, l.lottery_explain, l.icon_class, l.sort_order, l.hot, false, l.is_fast_bet
       FROM jsonb_to_recordset($2::jsonb) AS l(code text, family text, name text, lottery_type int, lottery_explain text,
                                               icon_class text, sort_order int, hot boolean, is_fast_bet boolean)
       ON CONFLICT (tenant_id, code) DO UPDATE SET
         family = EXCLUDED.family, name = EXCLUDED.name, lottery_type = EXCLUDED.lottery_type,
         lottery_explain = EXCLUDED.lottery_explain, icon_class = EXCLUDED.icon_class, is_fast_bet = EXCLUDED.is_fast_bet
       RETURNING (xmax = 0) AS inserted`,
      [
        id,
        JSON.stringify(
          LOTTERIES.map((l) => ({
            code: l.code,
            family: l.family,
            name: l.name,
            lottery_type: l.lotteryType,
            lottery_explain: l.explain,
            icon_class: l.iconClass,
            sort_order: l.sortOrder,
            hot: l.hot,
            is_fast_bet: l.isFastBet,
          })),
        ),
      ],
    );
    const inserted = rows.filter((r) => r.inserted).length;
    if (inserted > 0) {
      await database.query('UPDATE tenants SET lottery_order_updated_at = $2 WHERE id = $1', [
        id,
        clock.now(),
      ]);
    }
    added += inserted;
  }
  return added;
}
