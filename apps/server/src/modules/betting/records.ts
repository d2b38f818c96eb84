import {
  BET_STATES,
  type BetDetailData,
  type BetListData,
  type BetListQuery,
  type BetRecordEntry,
  type BetStateCode,
  type BetSummaryData,
} from '@lottery/contract/betting';
import { formatMoney } from '@lottery/contract/money';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { findPlay, playTitle } from '@lottery/rules/plays';
import { issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/sql';
import { periodRange } from '../wallet/index';

/** Bet records (getBetting, getBetData, getBetDetail): the player's own bets only. */

type Row = {
  id: string;
  record_code: string;
  lottery_code: string;
  issue: string;
  amount_minor: string;
  bonus_minor: string;
  state: number;
  open_number: string | null;
  created_at: string;
};

function canCancel(row: Row, nowMs: number): boolean {
  if (Number(row.state) !== 0) return false;
  const lottery = lotteryByCode(row.lottery_code);
  const times = lottery && issueTimes(lottery, row.issue);
  return Boolean(times && times.closeMs > nowMs);
}

function returnAmount(state: BetStateCode, bonusMinor: bigint): string {
  if (state === 0) return BET_STATES[0];
  if (state === 3) return BET_STATES[3];
  return formatMoney(bonusMinor);
}

/** Settlement writes only winning lines (state 1); any other line's state follows its bet. */
function lineState(stored: number, betState: BetStateCode): number {
  if (stored === 1 || stored === 3) return stored;
  return betState === 0 || betState === 3 ? betState : 2;
}

function entryOf(row: Row, nowMs: number): BetRecordEntry {
  const state = Number(row.state) as BetStateCode;
  return {
    id: row.id,
    recordCode: row.record_code,
    lotteryCode: row.lottery_code,
    lotteryName: lotteryByCode(row.lottery_code)?.name ?? row.lottery_code,
    issue: row.issue,
    bettingAmount: formatMoney(BigInt(row.amount_minor)),
    returnAmount: returnAmount(state, BigInt(row.bonus_minor)),
    state,
    stateName: BET_STATES[state],
    openNum: row.open_number ?? '',
    gmtCreated: Number(row.created_at),
    canCancel: canCancel(row, nowMs),
  };
}

const COLUMNS = sql`id::text, record_code, lottery_code, issue, amount_minor::text, bonus_minor::text, state,
  open_number, created_at::text`;

function filters(userId: number, query: BetListQuery, nowMs: number) {
  const { fromMs, toMs } = periodRange(query.period, nowMs);
  // A chase order is a bet from when its issue opens for sale (its created_at): later ones wait.
  return sql`user_id = ${userId} AND created_at >= ${fromMs} AND created_at < ${Math.min(toMs, nowMs + 1)}
    ${query.lotteryCode ? sql`AND lottery_code = ${query.lotteryCode}` : sql``}
    ${query.state !== undefined ? sql`AND state = ${query.state}` : sql``}`;
}

export async function listBets(
  db: Db,
  userId: number,
  query: BetListQuery,
  nowMs: number,
): Promise<BetListData> {
  const where = filters(userId, query, nowMs);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM bet WHERE ${where} ORDER BY created_at DESC, id DESC
        LIMIT ${query.pageSize} OFFSET ${(query.pageNum - 1) * query.pageSize}`,
  );
  const total = await queryOne<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM bet WHERE ${where}`);
  return {
    rows: rows.map((r) => entryOf(r, nowMs)),
    total: Number(total?.n ?? 0),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

export async function betSummary(
  db: Db,
  userId: number,
  query: BetListQuery,
  nowMs: number,
): Promise<BetSummaryData> {
  const where = filters(userId, query, nowMs);
  const row = await queryOne<{ n: string; bet: string; bonus: string; pending: string }>(
    db,
    sql`SELECT count(*)::text AS n,
               coalesce(sum(amount_minor) FILTER (WHERE state <> 3), 0)::text AS bet,
               coalesce(sum(bonus_minor) FILTER (WHERE state IN (1, 2)), 0)::text AS bonus,
               coalesce(sum(amount_minor) FILTER (WHERE state = 0), 0)::text AS pending
        FROM bet WHERE ${where}`,
  );
  const bet = BigInt(row?.bet ?? '0');
  const bonus = BigInt(row?.bonus ?? '0');
  const pending = BigInt(row?.pending ?? '0');
  return {
    betCount: Number(row?.n ?? 0),
    betMoney: formatMoney(bet),
    bonus: formatMoney(bonus),
    // settled bets only: what was won minus what the settled bets cost
    profit: formatMoney(bonus - (bet - pending)),
    pendingMoney: formatMoney(pending),
  };
}

export async function betDetail(
  db: Db,
  userId: number,
  id: number,
  nowMs: number,
): Promise<BetDetailData | undefined> {
  const row = await queryOne<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM bet WHERE id = ${id} AND user_id = ${userId}`,
  );
  if (!row) return undefined;
  const lines = await queryRows<{
    play_detail_code: string;
    betting_number: string;
    betting_count: number;
    betting_unit: string;
    multiplier: number;
    amount_minor: string;
    bonus_minor: string;
    state: number;
  }>(
    db,
    sql`SELECT play_detail_code, betting_number, betting_count, betting_unit, multiplier, amount_minor::text,
               bonus_minor::text, state FROM bet_line WHERE bet_id = ${id} ORDER BY line_no`,
  );
  const lottery = lotteryByCode(row.lottery_code);
  const entry = entryOf(row, nowMs);
  return {
    id: entry.id,
    lotteryCode: entry.lotteryCode,
    lotteryName: entry.lotteryName,
    issue: entry.issue,
    state: entry.state,
    stateName: entry.stateName,
    gmtCreated: entry.gmtCreated,
    recordCode: entry.recordCode,
    betMoney: entry.bettingAmount,
    bonus: formatMoney(BigInt(row.bonus_minor)),
    openNum: entry.openNum,
    canCancel: entry.canCancel,
    betInfoList: lines.map((l) => {
      const play = lottery && findPlay(lottery.family, l.play_detail_code.slice(-3), lottery.resultLength);
      return {
        playDetailCode: l.play_detail_code,
        // A play named as its group (混合) is shown once, not 混合-混合 (issue 37).
        playName: play ? playTitle(play) : l.play_detail_code,
        betNum: l.betting_number,
        bettingCount: Number(l.betting_count),
        bettingUnit: l.betting_unit,
        graduationCount: Number(l.multiplier),
        betMoney: formatMoney(BigInt(l.amount_minor)),
        bonus: formatMoney(BigInt(l.bonus_minor)),
        state: lineState(Number(l.state), entry.state as BetStateCode),
      };
    }),
  };
}
