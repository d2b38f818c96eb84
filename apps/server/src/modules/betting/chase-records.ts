import { BET_STATES, type BetStateCode } from '@lottery/contract/betting';
import {
  CHASE_STATES,
  type ChaseDetailData,
  type ChaseListData,
  type ChaseListQuery,
  type ChaseRecordEntry,
  type ChaseStateCode,
  type ChaseSummaryData,
} from '@lottery/contract/chase';
import { formatMoney } from '@lottery/contract/money';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { findPlay } from '@lottery/rules/plays';
import { issueTimes } from '@lottery/rules/schedule';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/sql';
import { periodRange } from '../wallet/index';

/** Chase records (getChaseBetting, getChaseBetData, getChaseDetail): the player's own chases only. */

type Row = {
  id: string;
  record_code: string;
  lottery_code: string;
  start_issue: string;
  chase_count: number;
  amount_minor: string;
  stop_after_win: boolean;
  stop_reason: 'win' | 'cancel' | null;
  created_at: string;
  pending: string;
  settled: string;
  win_minor: string;
  refund_minor: string;
  /** The latest issue among orders still 等待开奖 and open for cancelling is computed in TS. */
  pending_issues: string[] | null;
};

/** The state a chase is in, from its orders (docs/chase.md). */
export function chaseState(row: {
  stop_reason: string | null;
  pending: number;
  settled: number;
}): ChaseStateCode {
  if (row.stop_reason === 'cancel') return 3;
  if (row.pending > 0) return row.settled === 0 ? 0 : 1;
  return 2;
}

/** SQL of the state: the same rule as chaseState, for filtering in the database. */
const STATE_SQL = sql`CASE WHEN c.stop_reason = 'cancel' THEN 3
  WHEN agg.pending > 0 AND agg.settled = 0 THEN 0 WHEN agg.pending > 0 THEN 1 ELSE 2 END`;

const FROM = sql`FROM chase c CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE b.state = 0) AS pending,
           count(*) FILTER (WHERE b.state IN (1, 2)) AS settled,
           coalesce(sum(b.bonus_minor) FILTER (WHERE b.state = 1), 0) AS win_minor,
           coalesce(sum(b.amount_minor) FILTER (WHERE b.state = 3), 0) AS refund_minor,
           array_agg(b.issue ORDER BY b.id) FILTER (WHERE b.state = 0) AS pending_issues
    FROM bet b WHERE b.chase_id = c.id) agg`;

const COLUMNS = sql`c.id::text, c.record_code, c.lottery_code, c.start_issue, c.chase_count, c.amount_minor::text,
  c.stop_after_win, c.stop_reason, c.created_at::text, agg.pending::text, agg.settled::text,
  agg.win_minor::text, agg.refund_minor::text, agg.pending_issues`;

function entryOf(row: Row, nowMs: number): ChaseRecordEntry {
  const pending = Number(row.pending);
  const settled = Number(row.settled);
  const state = chaseState({ stop_reason: row.stop_reason, pending, settled });
  const lottery = lotteryByCode(row.lottery_code);
  const canCancel =
    row.stop_reason === null &&
    (row.pending_issues ?? []).some((issue) => {
      const times = lottery && issueTimes(lottery, issue);
      return Boolean(times && times.closeMs > nowMs);
    });
  return {
    id: row.id,
    recordCode: row.record_code,
    lotteryCode: row.lottery_code,
    lotteryName: lottery?.name ?? row.lottery_code,
    issue: row.start_issue,
    chaseCount: Number(row.chase_count),
    doneCount: settled,
    betMoney: formatMoney(BigInt(row.amount_minor)),
    winMoney: formatMoney(BigInt(row.win_minor)),
    refundMoney: formatMoney(BigInt(row.refund_minor)),
    state,
    stateName: CHASE_STATES[state],
    isStopAfterWinning: row.stop_after_win,
    gmtCreated: Number(row.created_at),
    canCancel,
  };
}

function filters(userId: number, query: ChaseListQuery, nowMs: number): SQL {
  const { fromMs, toMs } = periodRange(query.period, nowMs);
  return sql`c.user_id = ${userId} AND c.created_at >= ${fromMs} AND c.created_at < ${toMs}
    ${query.lotteryCode ? sql`AND c.lottery_code = ${query.lotteryCode}` : sql``}
    ${query.state !== undefined ? sql`AND ${STATE_SQL} = ${query.state}` : sql``}`;
}

export async function listChases(
  db: Db,
  userId: number,
  query: ChaseListQuery,
  nowMs: number,
): Promise<ChaseListData> {
  const where = filters(userId, query, nowMs);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} ${FROM} WHERE ${where} ORDER BY c.created_at DESC, c.id DESC
        LIMIT ${query.pageSize} OFFSET ${(query.pageNum - 1) * query.pageSize}`,
  );
  const total = await queryOne<{ n: string }>(db, sql`SELECT count(*)::text AS n ${FROM} WHERE ${where}`);
  return {
    rows: rows.map((r) => entryOf(r, nowMs)),
    total: Number(total?.n ?? 0),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

export async function chaseSummary(
  db: Db,
  userId: number,
  query: ChaseListQuery,
  nowMs: number,
): Promise<ChaseSummaryData> {
  const row = await queryOne<{ n: string; bet: string; win: string; refund: string }>(
    db,
    sql`SELECT count(*)::text AS n, coalesce(sum(c.amount_minor), 0)::text AS bet,
               coalesce(sum(agg.win_minor), 0)::text AS win, coalesce(sum(agg.refund_minor), 0)::text AS refund
        ${FROM} WHERE ${filters(userId, query, nowMs)}`,
  );
  return {
    chaseCount: Number(row?.n ?? 0),
    betMoney: formatMoney(BigInt(row?.bet ?? '0')),
    winMoney: formatMoney(BigInt(row?.win ?? '0')),
    refundMoney: formatMoney(BigInt(row?.refund ?? '0')),
  };
}

export async function chaseDetail(
  db: Db,
  userId: number,
  id: number,
  nowMs: number,
): Promise<ChaseDetailData | undefined> {
  const row = await queryOne<Row>(
    db,
    sql`SELECT ${COLUMNS} ${FROM} WHERE c.id = ${id} AND c.user_id = ${userId}`,
  );
  if (!row) return undefined;
  const lottery = lotteryByCode(row.lottery_code);
  const orders = await queryRows<{
    id: string;
    issue: string;
    amount_minor: string;
    bonus_minor: string;
    state: number;
    open_number: string | null;
    mult: number;
  }>(
    db,
    sql`SELECT b.id::text, b.issue, b.amount_minor::text, b.bonus_minor::text, b.state, b.open_number,
               (SELECT l.multiplier FROM bet_line l WHERE l.bet_id = b.id ORDER BY l.line_no LIMIT 1) AS mult
        FROM bet b WHERE b.chase_id = ${id} ORDER BY b.id`,
  );
  const lines = await queryRows<{
    play_detail_code: string;
    betting_number: string;
    betting_count: number;
    betting_unit: string;
  }>(
    db,
    sql`SELECT play_detail_code, betting_number, betting_count, betting_unit FROM bet_line
        WHERE bet_id = ${BigInt(orders[0]?.id ?? '0')} ORDER BY line_no`,
  );
  return {
    ...entryOf(row, nowMs),
    isAutoBuy: !row.stop_after_win,
    stopReason: row.stop_reason,
    lines: lines.map((l) => ({
      playDetailCode: l.play_detail_code,
      playName:
        (lottery && findPlay(lottery.family, l.play_detail_code.slice(-3), lottery.resultLength)?.name) ??
        l.play_detail_code,
      betNum: l.betting_number,
      bettingCount: Number(l.betting_count),
      bettingUnit: l.betting_unit,
    })),
    orders: orders.map((o) => {
      const state = Number(o.state) as BetStateCode;
      return {
        orderId: o.id,
        issue: o.issue,
        graduationCount: Number(o.mult),
        betMoney: formatMoney(BigInt(o.amount_minor)),
        bonus: formatMoney(BigInt(o.bonus_minor)),
        state,
        stateName: BET_STATES[state],
        openNum: o.open_number ?? '',
      };
    }),
  };
}
