import type { PlayerLogin, PlayerRow } from '@lottery/contract/console/players';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryOne, queryRows } from '../../db/sql';

/**
 * The players desk's SQL. Reads of auth's, security's, agent's, games' and betting's tables are
 * allowances of scripts/check-boundaries.mjs (the desk joins identity, contact and IPs across every
 * player at once); every write of another module's table goes through its index. Each statement is
 * bounded (LIMIT) and keyed by an indexed column: users by id, (tenant_id, user_name), register_ip,
 * last_login_ip; sessions by user_id, ip or device_id; user_security by phone or lower(email);
 * game_bet and bet by (user_id, created_at); agent_tree by descendant or ancestor (migration 1030
 * adds the contact and IP indexes, 1050 the device one).
 */

export type SearchKey = 'account' | 'id' | 'phone' | 'email' | 'ip';

interface UserRowDb {
  id: string;
  user_name: string;
  nick_name: string;
  role: string;
  grade: number;
  status: PlayerRow['status'];
  register_ip: string | null;
  last_login_ip: string | null;
  last_login_at: string | null;
  created_at: string;
}

const USER_COLUMNS = sql`u.id::text AS id, u.user_name, u.nick_name, u.role, u.grade, u.status,
  u.register_ip, u.last_login_ip, u.last_login_at::text AS last_login_at, u.created_at::text AS created_at`;

function toPlayerRow(r: UserRowDb): PlayerRow {
  return {
    userId: Number(r.id),
    userName: r.user_name,
    nickName: r.nick_name,
    role: r.role,
    grade: Number(r.grade),
    status: r.status,
    registerIp: r.register_ip,
    lastLoginIp: r.last_login_ip,
    lastLoginAt: r.last_login_at === null ? null : Number(r.last_login_at),
    createdAt: Number(r.created_at),
  };
}

/** The users a key matches, as a condition on `u` (an id set for contact and IP keys). */
function matchOf(by: SearchKey, q: string): SQL {
  switch (by) {
    case 'account':
      // `abc*` lists every account that starts with abc; anything else is exact
      return q.endsWith('*') ? sql`starts_with(u.user_name, ${q.slice(0, -1)})` : sql`u.user_name = ${q}`;
    case 'id':
      return sql`u.id = ${Number(q)}`;
    case 'phone':
      return sql`u.id IN (SELECT user_id FROM user_security WHERE phone = ${q})`;
    case 'email':
      return sql`u.id IN (SELECT user_id FROM user_security WHERE lower(email) = lower(${q}) AND email IS NOT NULL)`;
    case 'ip':
      return sql`(u.register_ip = ${q} OR u.last_login_ip = ${q}
        OR u.id IN (SELECT user_id FROM sessions WHERE ip = ${q}))`;
  }
}

/** One page, newest account first: users with id below `cursor`; `nextCursor` null on the last. */
export async function searchPlayers(
  db: Executor,
  tenantId: number,
  filter: { by: SearchKey; q: string; cursor?: number; limit: number },
): Promise<{ items: PlayerRow[]; nextCursor: number | null }> {
  const cursor = filter.cursor === undefined ? sql`TRUE` : sql`u.id < ${filter.cursor}`;
  const rows = await queryRows<UserRowDb>(
    db,
    sql`SELECT ${USER_COLUMNS} FROM users u
        WHERE u.tenant_id = ${tenantId} AND ${matchOf(filter.by, filter.q)} AND ${cursor}
        ORDER BY u.id DESC LIMIT ${filter.limit + 1}`,
  );
  const items = rows.slice(0, filter.limit).map(toPlayerRow);
  const more = rows.length > filter.limit;
  return { items, nextCursor: more ? items[items.length - 1]!.userId : null };
}

export interface PlayerRecord extends PlayerRow {
  tenantId: number;
  isAgent: boolean;
  rebate: string;
  failedLogins: number;
  lockedUntil: number | null;
  realName: string | null;
  phone: string | null;
  email: string | null;
}

export async function findPlayer(
  db: Executor,
  tenantId: number,
  userId: number,
): Promise<PlayerRecord | undefined> {
  const row = await queryOne<
    UserRowDb & {
      tenant_id: number;
      is_agent: boolean;
      rebate: string;
      failed_logins: number;
      locked_until: string | null;
      real_name: string | null;
      phone: string | null;
      email: string | null;
    }
  >(
    db,
    sql`SELECT ${USER_COLUMNS}, u.tenant_id, u.is_agent, u.rebate::text AS rebate, u.failed_logins,
          u.locked_until::text AS locked_until, s.real_name, s.phone, s.email
        FROM users u LEFT JOIN user_security s ON s.user_id = u.id
        WHERE u.id = ${userId} AND u.tenant_id = ${tenantId}`,
  );
  if (!row) return undefined;
  return {
    ...toPlayerRow(row),
    tenantId: Number(row.tenant_id),
    isAgent: row.is_agent,
    rebate: row.rebate,
    failedLogins: Number(row.failed_logins),
    lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
    realName: row.real_name,
    phone: row.phone,
    email: row.email,
  };
}

/** From the direct parent up, on the closure table's descendant index. */
export async function uplineOf(
  db: Executor,
  userId: number,
): Promise<{ userId: number; userName: string }[]> {
  const rows = await queryRows<{ id: string; user_name: string }>(
    db,
    sql`SELECT u.id::text AS id, u.user_name FROM agent_tree t JOIN users u ON u.id = t.ancestor_id
        WHERE t.descendant_id = ${userId} AND t.depth > 0 ORDER BY t.depth LIMIT 100`,
  );
  return rows.map((r) => ({ userId: Number(r.id), userName: r.user_name }));
}

export async function downlineCount(db: Executor, userId: number): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM agent_tree WHERE ancestor_id = ${userId} AND depth > 0`,
  );
  return Number(row?.n ?? 0);
}

export async function latestLogins(
  db: Executor,
  userId: number,
  now: number,
  limit = 20,
): Promise<PlayerLogin[]> {
  const rows = await queryRows<{
    created_at: string;
    ip: string | null;
    user_agent: string | null;
    open: boolean;
  }>(
    db,
    sql`SELECT created_at::text AS created_at, ip, user_agent,
          (revoked_at IS NULL AND expires_at > ${now}) AS open
        FROM sessions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ at: Number(r.created_at), ip: r.ip, userAgent: r.user_agent, open: r.open }));
}

// ---- notes (this module's table) ----------------------------------------------------------------

interface NoteRowDb {
  id: string;
  body: string;
  staff_id: string;
  staff_account: string;
  created_at: string;
}
const toNote = (r: NoteRowDb) => ({
  noteId: Number(r.id),
  body: r.body,
  staffId: Number(r.staff_id),
  staffAccount: r.staff_account,
  createdAt: Number(r.created_at),
});

export async function insertNote(
  db: Executor,
  note: { userId: number; staffId: number; staffAccount: string; body: string; createdAt: number },
) {
  const row = await queryOne<NoteRowDb>(
    db,
    sql`INSERT INTO player_note (user_id, staff_id, staff_account, body, created_at)
        VALUES (${note.userId}, ${note.staffId}, ${note.staffAccount}, ${note.body}, ${note.createdAt})
        RETURNING id::text AS id, body, staff_id::text AS staff_id, staff_account, created_at::text AS created_at`,
  );
  return toNote(row!);
}

export async function listNotes(db: Executor, userId: number, limit = 200) {
  const rows = await queryRows<NoteRowDb>(
    db,
    sql`SELECT id::text AS id, body, staff_id::text AS staff_id, staff_account, created_at::text AS created_at
        FROM player_note WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${limit}`,
  );
  return rows.map(toNote);
}

// ---- risk signals -------------------------------------------------------------------------------

/**
 * Other accounts of the tenant on one of this player's IPs: its registration IP, its last login
 * IP and the IPs of its latest 50 sessions, each looked up on the IP indexes of migration 1030.
 */
export async function sharedIpAccounts(db: Executor, tenantId: number, userId: number, limit: number) {
  return queryRows<{ ip: string; id: string; user_name: string; via: 'register' | 'login' }>(
    db,
    sql`WITH mine AS (
          SELECT register_ip AS ip FROM users WHERE id = ${userId} AND register_ip IS NOT NULL
          UNION SELECT last_login_ip FROM users WHERE id = ${userId} AND last_login_ip IS NOT NULL
          UNION SELECT ip FROM (SELECT ip FROM sessions WHERE user_id = ${userId} AND ip IS NOT NULL
                                ORDER BY created_at DESC LIMIT 50) recent
        ), seen AS (
          SELECT u.register_ip AS ip, u.id, 'register' AS via FROM users u JOIN mine m ON u.register_ip = m.ip
          UNION SELECT u.last_login_ip, u.id, 'login' FROM users u JOIN mine m ON u.last_login_ip = m.ip
          UNION SELECT s.ip, s.user_id, 'login' FROM sessions s JOIN mine m ON s.ip = m.ip
        )
        SELECT DISTINCT ON (seen.ip, seen.id) seen.ip, seen.id::text AS id, u.user_name, seen.via
        FROM seen JOIN users u ON u.id = seen.id
        WHERE seen.id <> ${userId} AND u.tenant_id = ${tenantId}
        ORDER BY seen.ip, seen.id, seen.via DESC
        LIMIT ${limit}`,
  );
}

/**
 * Other accounts of the tenant that signed in or registered on one of this player's devices: the
 * device ids of its latest 50 sessions that carry one, each looked up on sessions_device_idx of
 * migration 1050. A device id is the web app's random id of a browser, not a fingerprint.
 */
export async function sharedDeviceAccounts(db: Executor, tenantId: number, userId: number, limit: number) {
  return queryRows<{ device_id: string; id: string; user_name: string }>(
    db,
    sql`WITH mine AS (
          SELECT DISTINCT device_id FROM (SELECT device_id FROM sessions
                                          WHERE user_id = ${userId} AND device_id IS NOT NULL
                                          ORDER BY created_at DESC LIMIT 50) recent
        )
        SELECT DISTINCT ON (s.device_id, s.user_id) s.device_id, s.user_id::text AS id, u.user_name
        FROM sessions s JOIN mine m ON s.device_id = m.device_id JOIN users u ON u.id = s.user_id
        WHERE s.user_id <> ${userId} AND u.tenant_id = ${tenantId}
        ORDER BY s.device_id, s.user_id
        LIMIT ${limit}`,
  );
}

/**
 * Opposite areas of one table-game round, among the player's latest 5000 table-game bets: the
 * even-money pairs where one side wins exactly when the other loses (tie aside).
 */
export async function hedgedRounds(db: Executor, userId: number, limit: number) {
  return queryRows<{ game_code: string; round_id: string; a: string; b: string; hedged: string; at: string }>(
    db,
    sql`WITH recent AS (
          SELECT round_pk, game_code, round_id, area, stake_minor, created_at FROM game_bet
          WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 5000
        ), mine AS (
          SELECT round_pk, game_code, round_id, area, sum(stake_minor) AS stake, max(created_at) AS at
          FROM recent GROUP BY round_pk, game_code, round_id, area
        )
        SELECT a.game_code, a.round_id, a.area AS a, b.area AS b,
               least(a.stake, b.stake)::text AS hedged, greatest(a.at, b.at)::text AS at
        FROM mine a
        JOIN (VALUES ('banker', 'player'), ('dragon', 'tiger'), ('red', 'black'), ('big', 'small'), ('odd', 'even'))
          AS p (x, y) ON a.area = p.x
        JOIN mine b ON b.round_pk = a.round_pk AND b.area = p.y
        ORDER BY at DESC LIMIT ${limit}`,
  );
}

/**
 * Both sides of one two-sided lottery play in one issue, among the player's latest 2000 bets: two
 * lines of the same play whose numbers are each other's with 大/小, 单/双 and 龙/虎 swapped (the
 * same position too, as positions are the `|`-separated slots of the number).
 */
export async function hedgedIssues(db: Executor, userId: number, limit: number) {
  return queryRows<{ lottery_code: string; issue: string; play: string; a: string; b: string; at: string }>(
    db,
    sql`WITH recent AS (
          SELECT id, lottery_code, issue, created_at FROM bet
          WHERE user_id = ${userId} AND cancelled_at IS NULL ORDER BY created_at DESC LIMIT 2000
        ), lines AS (
          SELECT r.lottery_code, r.issue, r.created_at, l.play_detail_code, l.betting_number
          FROM recent r JOIN bet_line l ON l.bet_id = r.id
        )
        SELECT DISTINCT ON (a.lottery_code, a.issue, a.play_detail_code, a.betting_number)
               a.lottery_code, a.issue, a.play_detail_code AS play, a.betting_number AS a,
               b.betting_number AS b, greatest(a.created_at, b.created_at)::text AS at
        FROM lines a JOIN lines b
          ON b.lottery_code = a.lottery_code AND b.issue = a.issue AND b.play_detail_code = a.play_detail_code
         AND b.betting_number = translate(a.betting_number, '大小单双龙虎', '小大双单虎龙')
         AND a.betting_number < b.betting_number
        ORDER BY a.lottery_code, a.issue, a.play_detail_code, a.betting_number
        LIMIT ${limit}`,
  );
}
