import type { ActivityKind } from '@lottery/contract/activity';
import { sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';

/** SQL of the activity centre and activity red envelopes (migration 0460, docs/activities.md). */

export type ActivityRow = {
  id: number;
  title: string;
  summary: string;
  imageUrl: string;
  content: string;
  kind: ActivityKind;
  thresholdMinor: bigint;
  rewardMinor: bigint;
  turnoverPercent: number;
  minGrade: number;
  startAt: number;
  endAt: number | null;
};

type ActivityDbRow = {
  id: number;
  title: string;
  summary: string;
  image_url: string;
  content: string;
  kind: ActivityKind;
  threshold_minor: string;
  reward_minor: string;
  turnover_percent: number;
  min_grade: number;
  start_at: string;
  end_at: string | null;
};

const ACTIVITY_COLUMNS = sql`id, title, summary, image_url, content, kind, threshold_minor::text,
  reward_minor::text, turnover_percent, min_grade, start_at::text, end_at::text`;

const toActivity = (r: ActivityDbRow): ActivityRow => ({
  id: Number(r.id),
  title: r.title,
  summary: r.summary,
  imageUrl: r.image_url,
  content: r.content,
  kind: r.kind,
  thresholdMinor: BigInt(r.threshold_minor),
  rewardMinor: BigInt(r.reward_minor),
  turnoverPercent: Number(r.turnover_percent),
  minGrade: Number(r.min_grade),
  startAt: Number(r.start_at),
  endAt: r.end_at === null ? null : Number(r.end_at),
});

/** Enabled activities not ended before `endedAfter`, in the operator's order (at most 100). */
export async function listActivities(
  db: Executor,
  tenantId: number,
  endedAfter: number,
): Promise<ActivityRow[]> {
  const rows = await queryRows<ActivityDbRow>(
    db,
    sql`SELECT ${ACTIVITY_COLUMNS} FROM activity
        WHERE tenant_id = ${tenantId} AND enabled AND (end_at IS NULL OR end_at > ${endedAfter})
        ORDER BY sort_order, id LIMIT 100`,
  );
  return rows.map(toActivity);
}

export async function findActivity(
  db: Executor,
  tenantId: number,
  id: number,
): Promise<ActivityRow | undefined> {
  const row = await queryOne<ActivityDbRow>(
    db,
    sql`SELECT ${ACTIVITY_COLUMNS} FROM activity WHERE tenant_id = ${tenantId} AND id = ${id} AND enabled`,
  );
  return row ? toActivity(row) : undefined;
}

export async function insertActivity(
  db: Executor,
  tenantId: number,
  a: Omit<ActivityRow, 'id'> & { sortOrder: number; nowMs: number },
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO activity (tenant_id, title, summary, image_url, content, kind, threshold_minor,
          reward_minor, turnover_percent, min_grade, start_at, end_at, sort_order, created_at)
        VALUES (${tenantId}, ${a.title}, ${a.summary}, ${a.imageUrl}, ${a.content}, ${a.kind},
          ${a.thresholdMinor}, ${a.rewardMinor}, ${a.turnoverPercent}, ${a.minGrade}, ${a.startAt},
          ${a.endAt}, ${a.sortOrder}, ${a.nowMs})
        RETURNING id`,
  );
  return Number(row!.id);
}

export async function setActivityEnabled(
  db: Executor,
  tenantId: number,
  id: number,
  enabled: boolean,
): Promise<boolean> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`UPDATE activity SET enabled = ${enabled} WHERE tenant_id = ${tenantId} AND id = ${id} RETURNING id`,
  );
  return row !== undefined;
}

export type RateRow = { minTurnoverMinor: bigint; rateBp: number };

export async function rewardRates(db: Executor, activityId: number): Promise<RateRow[]> {
  const rows = await queryRows<{ min_turnover_minor: string; rate_bp: number }>(
    db,
    sql`SELECT min_turnover_minor::text, rate_bp FROM activity_reward_rate
        WHERE activity_id = ${activityId} ORDER BY min_turnover_minor LIMIT 50`,
  );
  return rows.map((r) => ({ minTurnoverMinor: BigInt(r.min_turnover_minor), rateBp: Number(r.rate_bp) }));
}

export async function replaceRewardRates(
  db: Executor,
  activityId: number,
  rates: readonly RateRow[],
): Promise<void> {
  await db.execute(sql`DELETE FROM activity_reward_rate WHERE activity_id = ${activityId}`);
  for (const r of rates) {
    await db.execute(sql`INSERT INTO activity_reward_rate (activity_id, min_turnover_minor, rate_bp)
      VALUES (${activityId}, ${r.minTurnoverMinor}, ${r.rateBp})`);
  }
}

/**
 * Turnover of the player's bets settled (won or lost) in [fromMs, toMs), by settlement time, and
 * the valid turnover of their table-game rounds settled then (game_turnover, docs/games.md).
 */
export async function settledTurnover(
  db: Executor,
  userId: number,
  fromMs: number,
  toMs: number,
): Promise<bigint> {
  const row = await queryOne<{ total: string }>(
    db,
    sql`SELECT ((SELECT coalesce(sum(amount_minor), 0) FROM bet
          WHERE user_id = ${userId} AND state IN (1, 2)
            AND settled_at >= ${fromMs} AND settled_at < ${toMs})
        + (SELECT coalesce(sum(valid_minor), 0) FROM game_turnover
          WHERE user_id = ${userId} AND settled_at >= ${fromMs} AND settled_at < ${toMs}))::text AS total`,
  );
  return BigInt(row!.total);
}

export async function findClaim(
  db: Executor,
  activityId: number,
  userId: number,
  periodKey: string,
): Promise<bigint | undefined> {
  const row = await queryOne<{ amount_minor: string }>(
    db,
    sql`SELECT amount_minor::text FROM activity_claim
        WHERE activity_id = ${activityId} AND user_id = ${userId} AND period_key = ${periodKey}`,
  );
  return row ? BigInt(row.amount_minor) : undefined;
}

/** Claims the period; false when it was already claimed (the loser of a race included). */
export async function insertClaim(
  db: Executor,
  row: {
    tenantId: number;
    activityId: number;
    userId: number;
    periodKey: string;
    amountMinor: bigint;
    nowMs: number;
  },
): Promise<boolean> {
  const inserted = await queryOne<{ id: string }>(
    db,
    sql`INSERT INTO activity_claim (tenant_id, activity_id, user_id, period_key, amount_minor, created_at)
        VALUES (${row.tenantId}, ${row.activityId}, ${row.userId}, ${row.periodKey}, ${row.amountMinor}, ${row.nowMs})
        ON CONFLICT (activity_id, user_id, period_key) DO NOTHING RETURNING id::text`,
  );
  return inserted !== undefined;
}

// --- activity red envelopes -------------------------------------------------------------------

export type PoolRow = {
  id: number;
  title: string;
  remark: string;
  totalMinor: bigint;
  count: number;
  leftCount: number;
  minGrade: number;
  turnoverPercent: number;
  startAt: number;
  endAt: number;
  /** The reader's grab, if any. */
  grabbedMinor: bigint | null;
  /** What every grab so far took, together. */
  receivedMinor: bigint;
};

type PoolDbRow = {
  id: number;
  title: string;
  remark: string;
  total_minor: string;
  count: number;
  left_count: string;
  min_grade: number;
  turnover_percent: number;
  start_at: string;
  end_at: string;
  grabbed_minor: string | null;
  received_minor: string;
};

const toPool = (r: PoolDbRow): PoolRow => ({
  id: Number(r.id),
  title: r.title,
  remark: r.remark,
  totalMinor: BigInt(r.total_minor),
  count: Number(r.count),
  leftCount: Number(r.left_count),
  minGrade: Number(r.min_grade),
  turnoverPercent: Number(r.turnover_percent),
  startAt: Number(r.start_at),
  endAt: Number(r.end_at),
  grabbedMinor: r.grabbed_minor === null ? null : BigInt(r.grabbed_minor),
  receivedMinor: BigInt(r.received_minor),
});

/**
 * Enabled envelopes that end after `endedAfter` (one when `poolId` is given), soonest start first,
 * with the shares left and the reader's grab (`userId` null: a visitor).
 */
export async function listPools(
  db: Executor,
  tenantId: number,
  userId: number | null,
  endedAfter: number,
  poolId?: number,
): Promise<PoolRow[]> {
  const rows = await queryRows<PoolDbRow>(
    db,
    sql`SELECT p.id, p.title, p.remark, p.total_minor::text, p.count, p.min_grade, p.turnover_percent,
          p.start_at::text, p.end_at::text,
          (SELECT count(*) FROM activity_red_share s WHERE s.pool_id = p.id AND NOT s.taken)::text AS left_count,
          (SELECT g.amount_minor::text FROM activity_red_grab g
            WHERE g.pool_id = p.id AND g.user_id = ${userId ?? 0}) AS grabbed_minor,
          (SELECT coalesce(sum(g.amount_minor), 0)::text FROM activity_red_grab g
            WHERE g.pool_id = p.id) AS received_minor
        FROM activity_red_pool p
        WHERE p.tenant_id = ${tenantId} AND p.enabled AND p.end_at > ${endedAfter}
          ${poolId === undefined ? sql`` : sql`AND p.id = ${poolId}`}
        ORDER BY p.start_at DESC, p.id DESC LIMIT 50`,
  );
  return rows.map(toPool);
}

/** Envelopes a player of `grade` may grab at `nowMs` and has not grabbed. */
export async function grabbableCount(
  db: Executor,
  tenantId: number,
  userId: number,
  grade: number,
  nowMs: number,
): Promise<number> {
  const row = await queryOne<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM activity_red_pool p
        WHERE p.tenant_id = ${tenantId} AND p.enabled AND p.start_at <= ${nowMs} AND p.end_at > ${nowMs}
          AND p.min_grade <= ${grade}
          AND EXISTS (SELECT 1 FROM activity_red_share s WHERE s.pool_id = p.id AND NOT s.taken)
          AND NOT EXISTS (SELECT 1 FROM activity_red_grab g WHERE g.pool_id = p.id AND g.user_id = ${userId})`,
  );
  return Number(row!.n);
}

export async function recentGrabs(
  db: Executor,
  poolId: number,
): Promise<{ userName: string; amountMinor: bigint; createdAt: number }[]> {
  const rows = await queryRows<{ user_name: string; amount_minor: string; created_at: string }>(
    db,
    sql`SELECT u.user_name, g.amount_minor::text, g.created_at::text FROM activity_red_grab g
        JOIN users u ON u.id = g.user_id
        WHERE g.pool_id = ${poolId} ORDER BY g.created_at DESC, g.user_id DESC LIMIT 20`,
  );
  return rows.map((r) => ({
    userName: r.user_name,
    amountMinor: BigInt(r.amount_minor),
    createdAt: Number(r.created_at),
  }));
}

export async function insertPool(
  db: Executor,
  tenantId: number,
  p: {
    title: string;
    remark: string;
    shares: readonly bigint[];
    minGrade: number;
    turnoverPercent: number;
    startAt: number;
    endAt: number;
    nowMs: number;
  },
): Promise<number> {
  const total = p.shares.reduce((sum, s) => sum + s, 0n);
  const row = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO activity_red_pool (tenant_id, title, remark, total_minor, count, min_grade,
          turnover_percent, start_at, end_at, created_at)
        VALUES (${tenantId}, ${p.title}, ${p.remark}, ${total}, ${p.shares.length}, ${p.minGrade},
          ${p.turnoverPercent}, ${p.startAt}, ${p.endAt}, ${p.nowMs})
        RETURNING id`,
  );
  const poolId = Number(row!.id);
  await db.execute(sql`INSERT INTO activity_red_share (pool_id, seq, amount_minor)
    SELECT ${poolId}, seq, amount FROM unnest(${`{${p.shares.join(',')}}`}::bigint[]) WITH ORDINALITY AS t(amount, seq)`);
  return poolId;
}

/**
 * The grab row first: of two concurrent grabs by one player, the second waits on the primary key
 * until the first commits, then inserts nothing. false: already grabbed.
 */
export async function insertGrab(
  db: Executor,
  poolId: number,
  userId: number,
  nowMs: number,
): Promise<boolean> {
  const row = await queryOne<{ seq: number }>(
    db,
    sql`INSERT INTO activity_red_grab (pool_id, user_id, seq, amount_minor, created_at)
        VALUES (${poolId}, ${userId}, 0, 0, ${nowMs})
        ON CONFLICT (pool_id, user_id) DO NOTHING RETURNING seq`,
  );
  return row !== undefined;
}

/**
 * Takes the lowest free share no other transaction holds (SKIP LOCKED: concurrent grabs of one
 * envelope take different shares instead of queueing on one) and names it in the grab row.
 */
export async function takeShare(
  db: Executor,
  poolId: number,
  userId: number,
): Promise<{ seq: number; amountMinor: bigint } | undefined> {
  const row = await queryOne<{ seq: number; amount_minor: string }>(
    db,
    sql`WITH free AS (
          SELECT seq FROM activity_red_share WHERE pool_id = ${poolId} AND NOT taken
          ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED
        ), taken AS (
          UPDATE activity_red_share s SET taken = true FROM free
          WHERE s.pool_id = ${poolId} AND s.seq = free.seq RETURNING s.seq, s.amount_minor
        )
        UPDATE activity_red_grab g SET seq = taken.seq, amount_minor = taken.amount_minor FROM taken
        WHERE g.pool_id = ${poolId} AND g.user_id = ${userId}
        RETURNING taken.seq, taken.amount_minor::text`,
  );
  return row ? { seq: Number(row.seq), amountMinor: BigInt(row.amount_minor) } : undefined;
}
