import { rebateCapBp } from '@lottery/rules/games/rebate-cap';
import { sql } from 'drizzle-orm';
import type { Executor } from './sql';

/**
 * Default table-game rebates of the demo tenant (docs/games.md "Rebates"), in basis points, as real
 * operators pay them (well under 1 %) and each below its game's cap (rebate-cap.ts: below the lowest
 * area edge; 百家乐's banker edge is 1.06 %). A production tenant starts with none (0 %) until the
 * operator sets them with `npm run admin -- game-rebate <gameCode> <rate%>`.
 */
export const DEMO_GAME_REBATE_BP = {
  baccarat: 30,
  dragonTigerWar: 40,
  redBlackWar: 50,
  nn100: 50,
  sicbo: 50,
  benz: 50,
} as const;

export async function seedGameRebates(db: Executor, tenantId: number, nowMs: number): Promise<void> {
  for (const [gameCode, bp] of Object.entries(DEMO_GAME_REBATE_BP)) {
    if (bp > rebateCapBp(gameCode as keyof typeof DEMO_GAME_REBATE_BP))
      throw new Error(`${gameCode} above its cap`);
    await db.execute(
      sql`INSERT INTO game_rebate_rate (tenant_id, game_code, user_id, rate_bp, updated_at)
          VALUES (${tenantId}, ${gameCode}, 0, ${bp}, ${nowMs}) ON CONFLICT DO NOTHING`,
    );
  }
}
