import { sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';

/** SQL of drawn issues and the scheduler's cursor. */

export interface DrawnIssue {
  lotteryCode: string;
  issue: string;
  businessDate: string;
  seq: number;
  drawMs: number;
  numbers: string[];
  indexValue: string | null;
  source: 'chain' | 'official';
  chainId: number | null;
  secret: string | null;
  drawnAt: number;
  settledAt: number | null;
}

type Row = {
  lottery_code: string;
  issue: string;
  business_date: string;
  seq: number;
  draw_ms: string;
  numbers: string;
  index_value: string | null;
  source: 'chain' | 'official';
  chain_id: string | null;
  secret: string | null;
  drawn_at: string;
  settled_at: string | null;
};

const COLUMNS = sql`lottery_code, issue, business_date, seq, draw_ms::text, numbers, index_value, source,
  chain_id::text, secret, drawn_at::text, settled_at::text`;

const toIssue = (r: Row): DrawnIssue => ({
  lotteryCode: r.lottery_code,
  issue: r.issue,
  businessDate: r.business_date,
  seq: Number(r.seq),
  drawMs: Number(r.draw_ms),
  numbers: r.numbers.split(','),
  indexValue: r.index_value,
  source: r.source,
  chainId: r.chain_id === null ? null : Number(r.chain_id),
  secret: r.secret,
  drawnAt: Number(r.drawn_at),
  settledAt: r.settled_at === null ? null : Number(r.settled_at),
});

export type NewDraw = Omit<DrawnIssue, 'settledAt'>;

/** Stores a drawn issue; false when it was already drawn (the first draw stands). */
export async function insertDraw(db: Executor, d: NewDraw): Promise<boolean> {
  const rows = await queryRows<{ issue: string }>(
    db,
    sql`INSERT INTO draw_issue (lottery_code, issue, business_date, seq, draw_ms, numbers, index_value, source,
                                chain_id, secret, drawn_at)
        VALUES (${d.lotteryCode}, ${d.issue}, ${d.businessDate}, ${d.seq}, ${d.drawMs}, ${d.numbers.join(',')},
                ${d.indexValue}, ${d.source}, ${d.chainId}, ${d.secret}, ${d.drawnAt})
        ON CONFLICT (lottery_code, issue) DO NOTHING
        RETURNING issue`,
  );
  return rows.length === 1;
}

export async function findDraw(
  db: Executor,
  lotteryCode: string,
  issue: string,
): Promise<DrawnIssue | undefined> {
  const row = await queryOne<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM draw_issue WHERE lottery_code = ${lotteryCode} AND issue = ${issue}`,
  );
  return row && toIssue(row);
}

/** Latest drawn issues, newest first. */
export async function recentDraws(db: Executor, lotteryCode: string, limit: number): Promise<DrawnIssue[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM draw_issue WHERE lottery_code = ${lotteryCode} ORDER BY draw_ms DESC LIMIT ${limit}`,
  );
  return rows.map(toIssue);
}

/** Draws of a lottery with draw time in [fromMs, toMs), oldest first. */
export async function drawsBetween(
  db: Executor,
  lotteryCode: string,
  fromMs: number,
  toMs: number,
  limit: number,
): Promise<DrawnIssue[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM draw_issue WHERE lottery_code = ${lotteryCode}
        AND draw_ms >= ${fromMs} AND draw_ms < ${toMs} ORDER BY draw_ms LIMIT ${limit}`,
  );
  return rows.map(toIssue);
}

/** The drawn issue right before `drawMs` of the same lottery (previous link of a chain). */
export async function previousDraw(
  db: Executor,
  lotteryCode: string,
  drawMs: number,
): Promise<DrawnIssue | undefined> {
  const row = await queryOne<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM draw_issue WHERE lottery_code = ${lotteryCode} AND draw_ms < ${drawMs}
        ORDER BY draw_ms DESC LIMIT 1`,
  );
  return row && toIssue(row);
}

/** Drawn issues not settled yet, oldest first (across lotteries). */
export async function unsettledDraws(
  db: Executor,
  limit: number,
): Promise<{ lotteryCode: string; issue: string }[]> {
  const rows = await queryRows<{ lottery_code: string; issue: string }>(
    db,
    sql`SELECT lottery_code, issue FROM draw_issue WHERE settled_at IS NULL ORDER BY draw_ms, lottery_code LIMIT ${limit}`,
  );
  return rows.map((r) => ({ lotteryCode: r.lottery_code, issue: r.issue }));
}

export interface Cursor {
  lastIssue: string;
  lastDrawMs: number;
}

export async function readCursor(db: Executor, lotteryCode: string): Promise<Cursor | undefined> {
  const row = await queryOne<{ last_issue: string; last_draw_ms: string }>(
    db,
    sql`SELECT last_issue, last_draw_ms::text FROM draw_cursor WHERE lottery_code = ${lotteryCode}`,
  );
  return row && { lastIssue: row.last_issue, lastDrawMs: Number(row.last_draw_ms) };
}

/** Moves the cursor forward only (a slower process never moves it back). */
export async function advanceCursor(db: Executor, lotteryCode: string, cursor: Cursor): Promise<void> {
  await db.execute(
    sql`INSERT INTO draw_cursor (lottery_code, last_issue, last_draw_ms)
        VALUES (${lotteryCode}, ${cursor.lastIssue}, ${cursor.lastDrawMs})
        ON CONFLICT (lottery_code) DO UPDATE SET last_issue = EXCLUDED.last_issue, last_draw_ms = EXCLUDED.last_draw_ms
        WHERE draw_cursor.last_draw_ms < EXCLUDED.last_draw_ms`,
  );
}
