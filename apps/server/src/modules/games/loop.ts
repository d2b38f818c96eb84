import { GAME_CODE_LIST, type GameServerFrame } from '@lottery/contract/games';
import { formatMoney } from '@lottery/contract/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import type { GameRooms } from './rooms';
import {
  closeRound,
  dealRound,
  ensureRound,
  type GameRoundRow,
  pendingRounds,
  roundViewOf,
  settleRound,
} from './rounds';
import { roundAt } from './schedule';
import { VOID_GRACE_MS, voidRound } from './void';

/**
 * One pass of the round loop (the leader runs it, jobs/game-rounds.ts): open the current round of
 * every room of every tenant with games on, then move every round whose deadline passed one step at
 * a time (close, deal, settle), oldest first, pushing each change to the room. After a short
 * downtime a round with bets is closed, dealt and settled in one pass (its result is fixed by its
 * chain link); one reached more than VOID_GRACE_MS past its settle deadline is voided and refunded
 * instead (void.ts). Rounds nobody bet on while the loop was down are simply absent.
 */

export interface LoopReport {
  opened: number;
  closed: number;
  dealt: number;
  settled: number;
  /** Rounds voided and refunded because the leader reached them past VOID_GRACE_MS (void.ts). */
  voided: number;
  /** Some tenant plays table games or a round is still open: the loop keeps its fast pace. */
  active: boolean;
}

export async function runGameRounds(
  db: Db,
  rooms: GameRooms,
  nowMs: number,
  stillLeader: () => void = () => undefined,
): Promise<LoopReport> {
  const report: LoopReport = { opened: 0, closed: 0, dealt: 0, settled: 0, voided: 0, active: false };
  const tenants = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM tenants WHERE (config->>'gamesEnabled') = 'true'`,
  );
  const times = roundAt(nowMs);
  if (nowMs < times.closeMs) {
    for (const tenant of tenants) {
      for (const gameCode of GAME_CODE_LIST) {
        stillLeader();
        const { round, created } = await ensureRound(db, Number(tenant.id), gameCode, times, nowMs);
        if (created) {
          report.opened++;
          await push(rooms, round, nowMs);
        }
      }
    }
  }
  const pendingList = await pendingRounds(db, nowMs, 500);
  report.active = tenants.length > 0 || pendingList.length > 0;
  for (const pending of pendingList) {
    stillLeader();
    let round: GameRoundRow = pending;
    if (nowMs > round.times.settleMs + VOID_GRACE_MS) {
      const reason = '结算超时';
      if (await voidRound(db, round, nowMs, reason)) {
        report.voided++;
        await rooms.publish(round.tenantId, round.gameCode, {
          type: 'void',
          serverMs: nowMs,
          roundId: round.roundId,
          reason,
        });
      }
      continue;
    }
    if (round.state === 'betting' && (await closeRound(db, round))) {
      report.closed++;
      round = { ...round, state: 'closed' };
      if (nowMs < round.times.dealMs) await push(rooms, round, nowMs);
    }
    if ((round.state === 'betting' || round.state === 'closed') && nowMs >= round.times.dealMs) {
      const result = await dealRound(db, round);
      if (result) {
        report.dealt++;
        round = { ...round, state: 'dealt', result };
        if (nowMs < round.times.settleMs) await push(rooms, round, nowMs);
      }
    }
    if (round.state === 'dealt' && nowMs >= round.times.settleMs) {
      const settled = await settleRound(db, round, nowMs);
      if (settled) {
        report.settled++;
        const payouts: Record<string, { betMoney: string; returnMoney: string }> = {};
        for (const [userId, p] of settled.payouts)
          payouts[userId] = { betMoney: formatMoney(p.stakeMinor), returnMoney: formatMoney(p.returnMinor) };
        await rooms.publish(
          round.tenantId,
          round.gameCode,
          {
            type: 'settled',
            serverMs: nowMs,
            round: roundViewOf({ ...round, state: 'settled', result: settled.result }),
            secret: settled.secret,
            previousSecret: settled.previous,
            outcomes: settled.outcomes,
            mine: null,
          },
          payouts,
        );
      }
    }
  }
  return report;
}

function push(rooms: GameRooms, round: GameRoundRow, nowMs: number): Promise<void> {
  const frame: GameServerFrame = { type: 'phase', serverMs: nowMs, round: roundViewOf(round) };
  return rooms.publish(round.tenantId, round.gameCode, frame);
}
