import type { LongDragonEntry } from '@lottery/contract/long-dragon';
import {
  type DragonStreak,
  dragonOddsMinor,
  dragonTracks,
  LONG_DRAGON_HISTORY,
  longDragonStreaks,
} from '@lottery/rules/long-dragon';
import { FAMILY_LOTTERY_TYPE, type LotteryDef, lotteryByCode } from '@lottery/rules/lotteries';
import { formatMinor } from '@lottery/rules/odds';
import { findPlay } from '@lottery/rules/plays';
import { beijingClock, currentIssue, type IssueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { betRebate } from '../betting/index';
import { drawTopic } from '../site/index';
import { tenantLotteries } from './catalogue';

/**
 * lottery/longDragon (docs/long-dragon.md). Two layers:
 * - per lottery, its streaks: computed from its latest draws when first asked after a draw and kept
 *   in the hot-read cache under the lottery's draw topic (site/hot-reads.ts), so a draw landing
 *   here or in another process (Redis change feed) drops them, and nothing is recomputed per
 *   request;
 * - per request, what depends on the clock and the player: the issue on sale and its countdown
 *   (schedule maths remembered per lottery until that issue closes) and the buttons' odds at the
 *   player's prize group (memoised in packages/rules per play, line and group).
 */

/** The latest draws of a lottery, newest first (draw_issue, written by the draw module). */
async function latestDraws(db: Db, lotteryCode: string): Promise<{ issue: string; numbers: string[] }[]> {
  const rows = await queryRows<{ issue: string; numbers: string }>(
    db,
    sql`SELECT issue, numbers FROM draw_issue WHERE lottery_code = ${lotteryCode}
        ORDER BY draw_ms DESC LIMIT ${LONG_DRAGON_HISTORY}`,
  );
  return rows.map((r) => ({ issue: r.issue, numbers: r.numbers.split(',') }));
}

/** The streaks of one lottery, from memory until its next draw. */
export function lotteryStreaks(app: FastifyInstance, lottery: LotteryDef): Promise<DragonStreak[]> {
  return app.hotReads.cache.get(`longDragon:${lottery.code}`, drawTopic(lottery.code), async () =>
    longDragonStreaks(lottery, await latestDraws(app.ctx.db, lottery.code)),
  );
}

const onSale = new Map<string, { fromMs: number; times: IssueTimes }>();

/** The issue on sale at `nowMs`, remembered until it closes (a clock moved back recomputes). */
function issueOnSale(lottery: LotteryDef, nowMs: number): IssueTimes {
  const known = onSale.get(lottery.code);
  if (known && known.fromMs <= nowMs && nowMs < known.times.closeMs) return known.times;
  const times = currentIssue(lottery, nowMs);
  onSale.set(lottery.code, { fromMs: nowMs, times });
  return times;
}

/** Lotteries that can have a long dragon: on sale (not stopped) with a family that has tracks. */
async function dragonLotteries(app: FastifyInstance): Promise<LotteryDef[]> {
  const out: LotteryDef[] = [];
  for (const row of await tenantLotteries(app)) {
    const lottery = row.isStop ? undefined : lotteryByCode(row.code);
    if (lottery && dragonTracks(lottery).length > 0) out.push(lottery);
  }
  return out;
}

/** The whole list for a player: every lottery's streaks, longest first, priced at his prize group. */
export async function longDragonList(
  app: FastifyInstance,
  user: { userId: number; tenantId: number },
): Promise<LongDragonEntry[]> {
  const { ctx } = app;
  const lotteries = await dragonLotteries(app);
  if (lotteries.length === 0) return [];
  // The prize group depends on the player's rebate and the tenant's policy, not on the family.
  const rebate = await betRebate(ctx, user, FAMILY_LOTTERY_TYPE.BJ28);
  const group = rebate?.group;
  const perLottery = await Promise.all(lotteries.map((l) => lotteryStreaks(app, l)));
  const now = ctx.clock.now();
  const entries: LongDragonEntry[] = [];
  lotteries.forEach((lottery, i) => {
    const streaks = perLottery[i]!;
    if (streaks.length === 0 || group === undefined) return;
    const times = issueOnSale(lottery, now);
    for (const s of streaks) {
      const play = findPlay(lottery.family, s.playCode.slice(-3), lottery.resultLength)!;
      const [first, second] = s.options.map((o) => ({
        label: o.label,
        bettingNumber: o.bettingNumber,
        odds: formatMinor(dragonOddsMinor(play, o.bettingNumber, group), 1),
      }));
      entries.push({
        lotteryType: lottery.lotteryType,
        lotteryCode: lottery.code,
        lotteryName: lottery.name,
        playCode: s.playCode,
        playName: s.playName,
        name: s.name,
        desc: s.value,
        times: s.times,
        lastIssue: s.lastIssue,
        currIssue: times.issue,
        endTime: beijingClock(times.closeMs),
        closeTime: times.closeMs,
        nextOpenTime: Math.max(0, Math.floor((times.closeMs - now) / 1000)),
        options: [first!, second!],
      });
    }
  });
  // Longest first; ties keep hall order, then play and slot order.
  return entries.sort((a, b) => b.times - a.times);
}
