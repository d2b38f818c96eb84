import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { AccountCodes, entryTotals } from '../wallet/index';

/** SQL of the chat area. Ids come back as numbers (bigserial values stay far below 2^53). */

export type RoomRow = {
  id: number;
  tenant_id: number;
  room_code: string;
  title: string;
  sub_title: string;
  avatar: string;
  image_url: string;
  content: string;
  password_salt: string | null;
  password_hash: string | null;
  is_show_list: boolean;
  is_message_banned: boolean;
  message_length: number;
  banned_grades: number[];
  register_link: string;
  deleted_at: string | null;
  created_at: string;
};

const ROOM_COLUMNS = sql`id::int AS id, tenant_id, room_code, title, sub_title, avatar, image_url, content,
  password_salt, password_hash, is_show_list, is_message_banned, message_length, banned_grades,
  register_link, deleted_at::text, created_at::text`;

export function roomByCode(db: Executor, tenantId: number, roomCode: string): Promise<RoomRow | undefined> {
  return queryOne<RoomRow>(
    db,
    sql`SELECT ${ROOM_COLUMNS} FROM chat_room WHERE tenant_id = ${tenantId} AND room_code = ${roomCode}`,
  );
}

export function roomById(db: Executor, tenantId: number, id: number): Promise<RoomRow | undefined> {
  return queryOne<RoomRow>(
    db,
    sql`SELECT ${ROOM_COLUMNS} FROM chat_room WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
}

export type RoomListRow = RoomRow & {
  latest_message_id: number | null;
  read_id: number | null;
  banned: boolean;
};

export async function listRooms(
  db: Executor,
  tenantId: number,
  userId: number | null,
  nowMs: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: RoomListRow[]; total: number }> {
  const rows = await queryRows<RoomListRow>(
    db,
    sql`SELECT ${ROOM_COLUMNS},
          (SELECT max(m.id)::int FROM chat_message m WHERE m.room_id = r.id) AS latest_message_id,
          (SELECT k.read_message_id::int FROM chat_read_mark k
            WHERE k.user_id = ${userId} AND k.room_key = 'r:' || r.id) AS read_id,
          EXISTS (SELECT 1 FROM chat_ban b WHERE b.room_id = r.id AND b.user_id = ${userId}
            AND (b.until_at IS NULL OR b.until_at > ${nowMs})) AS banned
        FROM chat_room r WHERE r.tenant_id = ${tenantId} AND r.deleted_at IS NULL
        ORDER BY r.sort_order, r.id
        LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM chat_room WHERE tenant_id = ${tenantId} AND deleted_at IS NULL`,
  );
  return { rows, total: total?.n ?? 0 };
}

export async function isManager(db: Executor, roomId: number, userId: number): Promise<boolean> {
  const row = await queryOne(
    db,
    sql`SELECT 1 FROM chat_room_manager WHERE room_id = ${roomId} AND user_id = ${userId}`,
  );
  return row !== undefined;
}

export async function managesAnyRoom(db: Executor, userId: number): Promise<boolean> {
  return (
    (await queryOne(db, sql`SELECT 1 FROM chat_room_manager WHERE user_id = ${userId} LIMIT 1`)) !== undefined
  );
}

export async function managerIds(db: Executor, roomId: number): Promise<Set<number>> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`SELECT user_id::int FROM chat_room_manager WHERE room_id = ${roomId}`,
  );
  return new Set(rows.map((r) => r.user_id));
}

export async function hasAccess(db: Executor, roomId: number, memberKey: string): Promise<boolean> {
  return (
    (await queryOne(
      db,
      sql`SELECT 1 FROM chat_room_access WHERE room_id = ${roomId} AND member_key = ${memberKey}`,
    )) !== undefined
  );
}

export async function grantAccess(
  db: Executor,
  roomId: number,
  memberKey: string,
  nowMs: number,
): Promise<void> {
  await db.execute(sql`INSERT INTO chat_room_access (room_id, member_key, granted_at)
    VALUES (${roomId}, ${memberKey}, ${nowMs}) ON CONFLICT (room_id, member_key) DO NOTHING`);
}

export type ChatUser = {
  id: number;
  tenant_id: number;
  user_name: string;
  nick_name: string;
  avatar: string;
  grade: number;
  gender: number;
  status: string;
};

export function userById(db: Executor, tenantId: number, userId: number): Promise<ChatUser | undefined> {
  return queryOne<ChatUser>(
    db,
    sql`SELECT id::int, tenant_id, user_name, nick_name, avatar, grade, gender, status FROM users
        WHERE tenant_id = ${tenantId} AND id = ${userId}`,
  );
}

export function userByName(db: Executor, tenantId: number, userName: string): Promise<ChatUser | undefined> {
  return queryOne<ChatUser>(
    db,
    sql`SELECT id::int, tenant_id, user_name, nick_name, avatar, grade, gender, status FROM users
        WHERE tenant_id = ${tenantId} AND lower(user_name) = lower(${userName})`,
  );
}

export type BanRow = {
  id: number;
  room_id: number;
  user_id: number;
  duration_type_id: number;
  until_at: string | null;
  modified_at: string;
  user_name: string;
  nick_name: string;
};

const BAN_COLUMNS = sql`b.id::int, b.room_id::int, b.user_id::int, b.duration_type_id, b.until_at::text,
  b.modified_at::text, u.user_name, u.nick_name`;

/** The member's ban in the room if it is still in force. */
export function activeBan(
  db: Executor,
  roomId: number,
  userId: number,
  nowMs: number,
): Promise<BanRow | undefined> {
  return queryOne<BanRow>(
    db,
    sql`SELECT ${BAN_COLUMNS} FROM chat_ban b JOIN users u ON u.id = b.user_id
        WHERE b.room_id = ${roomId} AND b.user_id = ${userId} AND (b.until_at IS NULL OR b.until_at > ${nowMs})`,
  );
}

export function banById(db: Executor, roomId: number, id: number): Promise<BanRow | undefined> {
  return queryOne<BanRow>(
    db,
    sql`SELECT ${BAN_COLUMNS} FROM chat_ban b JOIN users u ON u.id = b.user_id WHERE b.room_id = ${roomId} AND b.id = ${id}`,
  );
}

export async function upsertBan(
  db: Executor,
  ban: { roomId: number; userId: number; durationTypeId: number; untilAt: number | null; by: number | null },
  nowMs: number,
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO chat_ban (room_id, user_id, duration_type_id, until_at, created_by, created_at, modified_at)
        VALUES (${ban.roomId}, ${ban.userId}, ${ban.durationTypeId}, ${ban.untilAt}, ${ban.by}, ${nowMs}, ${nowMs})
        ON CONFLICT (room_id, user_id) DO UPDATE SET duration_type_id = EXCLUDED.duration_type_id,
          until_at = EXCLUDED.until_at, created_by = EXCLUDED.created_by, modified_at = EXCLUDED.modified_at
        RETURNING id::int`,
  );
  return row!.id;
}

export async function deleteBans(db: Executor, roomId: number, ids: number[]): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`DELETE FROM chat_ban WHERE room_id = ${roomId} AND id = ANY(${`{${ids.join(',')}}`}::bigint[])
        RETURNING user_id::int`,
  );
  return rows.map((r) => r.user_id);
}

export async function banList(
  db: Executor,
  roomId: number,
  nowMs: number,
  q: { pageNum: number; pageSize: number; target?: string },
): Promise<{ rows: BanRow[]; total: number }> {
  const filter = q.target ? sql`AND u.user_name ILIKE ${`%${q.target.replace(/[\\%_]/g, '\\$&')}%`}` : sql``;
  const where = sql`b.room_id = ${roomId} AND (b.until_at IS NULL OR b.until_at > ${nowMs}) ${filter}`;
  const rows = await queryRows<BanRow>(
    db,
    sql`SELECT ${BAN_COLUMNS} FROM chat_ban b JOIN users u ON u.id = b.user_id WHERE ${where}
        ORDER BY b.modified_at DESC, b.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM chat_ban b JOIN users u ON u.id = b.user_id WHERE ${where}`,
  );
  return { rows, total: total?.n ?? 0 };
}

export type MessageRow = {
  id: number;
  room_id: number | null;
  direct_room_id: number | null;
  user_id: number | null;
  guest_code: string | null;
  message_type_id: number;
  message: string;
  status: number;
  user_ids: string;
  withdrawn_at: string | null;
  created_at: string;
  user_name: string | null;
  nick_name: string | null;
  avatar: string | null;
  grade: number | null;
};

const MESSAGE_COLUMNS = sql`m.id::int, m.room_id::int, m.direct_room_id::int, m.user_id::int, m.guest_code,
  m.message_type_id, m.message, m.status, m.user_ids, m.withdrawn_at::text, m.created_at::text,
  u.user_name, u.nick_name, u.avatar, u.grade`;

export async function insertMessage(
  db: Executor,
  m: {
    tenantId: number;
    roomId: number | null;
    directRoomId: number | null;
    userId: number | null;
    guestCode: string | null;
    messageTypeId: number;
    message: string;
    status: number;
    userIds: string;
  },
  nowMs: number,
): Promise<MessageRow> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO chat_message (tenant_id, room_id, direct_room_id, user_id, guest_code, message_type_id,
          message, status, user_ids, created_at)
        VALUES (${m.tenantId}, ${m.roomId}, ${m.directRoomId}, ${m.userId}, ${m.guestCode}, ${m.messageTypeId},
          ${m.message}, ${m.status}, ${m.userIds}, ${nowMs})
        RETURNING id::int`,
  );
  if (m.directRoomId !== null) {
    await db.execute(
      sql`UPDATE chat_direct_room SET latest_message_id = ${row!.id} WHERE id = ${m.directRoomId}`,
    );
  }
  return (await messageById(db, row!.id))!;
}

export function messageById(db: Executor, id: number): Promise<MessageRow | undefined> {
  return queryOne<MessageRow>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS} FROM chat_message m LEFT JOIN users u ON u.id = m.user_id WHERE m.id = ${id}`,
  );
}

/** A page of messages older than `beforeId` (newest first from the database, returned oldest first). */
/**
 * A page of messages, oldest first: the newest `limit` before `beforeId` (or the newest of all),
 * or with `afterId` the oldest `limit` after it (catch-up after a resync).
 */
export async function messagePage(
  db: Executor,
  where: { roomId: number } | { directRoomId: number },
  beforeId: number | undefined,
  limit: number,
  afterId?: number,
): Promise<MessageRow[]> {
  const scope =
    'roomId' in where ? sql`m.room_id = ${where.roomId}` : sql`m.direct_room_id = ${where.directRoomId}`;
  if (afterId !== undefined) {
    return queryRows<MessageRow>(
      db,
      sql`SELECT ${MESSAGE_COLUMNS} FROM chat_message m LEFT JOIN users u ON u.id = m.user_id
          WHERE ${scope} AND m.withdrawn_at IS NULL AND m.id > ${afterId} ORDER BY m.id ASC LIMIT ${limit}`,
    );
  }
  const cursor = beforeId === undefined ? sql`` : sql`AND m.id < ${beforeId}`;
  const rows = await queryRows<MessageRow>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS} FROM chat_message m LEFT JOIN users u ON u.id = m.user_id
        WHERE ${scope} AND m.withdrawn_at IS NULL ${cursor} ORDER BY m.id DESC LIMIT ${limit}`,
  );
  return rows.reverse();
}

/** A system card's new body (a push plan's pick once drawn); members' messages are never rewritten. */
export async function setMessageBody(db: Executor, id: number, message: string): Promise<void> {
  await db.execute(sql`UPDATE chat_message SET message = ${message} WHERE id = ${id} AND user_id IS NULL`);
}

/** Withdraw once: the conditional update is the claim. */
export async function withdrawMessage(db: Executor, id: number, by: number, nowMs: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`UPDATE chat_message SET withdrawn_at = ${nowMs}, withdrawn_by = ${by}
        WHERE id = ${id} AND withdrawn_at IS NULL RETURNING id`,
  );
  return rows.length === 1;
}

export async function markRead(
  db: Executor,
  userId: number,
  roomKey: string,
  messageId: number,
): Promise<void> {
  await db.execute(sql`INSERT INTO chat_read_mark (user_id, room_key, read_message_id)
    VALUES (${userId}, ${roomKey}, ${messageId})
    ON CONFLICT (user_id, room_key) DO UPDATE SET read_message_id = GREATEST(chat_read_mark.read_message_id, EXCLUDED.read_message_id)`);
}

export async function readMark(db: Executor, userId: number, roomKey: string): Promise<number | null> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`SELECT read_message_id::int AS id FROM chat_read_mark WHERE user_id = ${userId} AND room_key = ${roomKey}`,
  );
  return row?.id ?? null;
}

export async function latestRoomMessageId(db: Executor, roomId: number): Promise<number | null> {
  const row = await queryOne<{ id: number | null }>(
    db,
    sql`SELECT max(id)::int AS id FROM chat_message WHERE room_id = ${roomId}`,
  );
  return row?.id ?? null;
}

export type DirectRoomRow = {
  id: number;
  tenant_id: number;
  user_low: number;
  user_high: number;
  latest_message_id: number | null;
  created_at: string;
};

const DIRECT_COLUMNS = sql`id::int, tenant_id, user_low::int, user_high::int, latest_message_id::int, created_at::text`;

export function directRoomById(db: Executor, id: number): Promise<DirectRoomRow | undefined> {
  return queryOne<DirectRoomRow>(db, sql`SELECT ${DIRECT_COLUMNS} FROM chat_direct_room WHERE id = ${id}`);
}

/** Fetch or create the pair's room (concurrent creators agree on one row). */
export async function directRoomFor(
  db: Executor,
  tenantId: number,
  a: number,
  b: number,
  nowMs: number,
): Promise<DirectRoomRow> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await db.execute(sql`INSERT INTO chat_direct_room (tenant_id, user_low, user_high, created_at)
    VALUES (${tenantId}, ${low}, ${high}, ${nowMs}) ON CONFLICT (user_low, user_high) DO NOTHING`);
  return (await queryOne<DirectRoomRow>(
    db,
    sql`SELECT ${DIRECT_COLUMNS} FROM chat_direct_room WHERE user_low = ${low} AND user_high = ${high}`,
  ))!;
}

export type DirectListRow = DirectRoomRow & {
  other_id: number;
  other_name: string;
  other_nick: string;
  other_grade: number;
  other_avatar: string;
  read_id: number | null;
};

export async function directRoomList(
  db: Executor,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: DirectListRow[]; total: number }> {
  const rows = await queryRows<DirectListRow>(
    db,
    sql`SELECT d.id::int, d.tenant_id, d.user_low::int, d.user_high::int, d.latest_message_id::int, d.created_at::text,
          o.id::int AS other_id, o.user_name AS other_name, o.nick_name AS other_nick, o.grade AS other_grade,
          o.avatar AS other_avatar,
          (SELECT k.read_message_id::int FROM chat_read_mark k WHERE k.user_id = ${userId} AND k.room_key = 'd:' || d.id) AS read_id
        FROM chat_direct_room d
        JOIN users o ON o.id = CASE WHEN d.user_low = ${userId} THEN d.user_high ELSE d.user_low END
        WHERE d.user_low = ${userId} OR d.user_high = ${userId}
        ORDER BY coalesce(d.latest_message_id, 0) DESC, d.id DESC
        LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM chat_direct_room WHERE user_low = ${userId} OR user_high = ${userId}`,
  );
  return { rows, total: total?.n ?? 0 };
}

export async function getRemark(db: Executor, managerId: number, targetId: number): Promise<string> {
  const row = await queryOne<{ remark: string }>(
    db,
    sql`SELECT remark FROM chat_member_remark WHERE manager_id = ${managerId} AND target_user_id = ${targetId}`,
  );
  return row?.remark ?? '';
}

export async function setRemark(
  db: Executor,
  managerId: number,
  targetId: number,
  remark: string,
  nowMs: number,
) {
  await db.execute(sql`INSERT INTO chat_member_remark (manager_id, target_user_id, remark, updated_at)
    VALUES (${managerId}, ${targetId}, ${remark}, ${nowMs})
    ON CONFLICT (manager_id, target_user_id) DO UPDATE SET remark = EXCLUDED.remark, updated_at = EXCLUDED.updated_at`);
}

export type SavedImageRow = { id: number; img_path: string; thumb_path: string };

export async function savedImages(
  db: Executor,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: SavedImageRow[]; total: number }> {
  const rows = await queryRows<SavedImageRow>(
    db,
    sql`SELECT id::int, img_path, thumb_path FROM chat_saved_image WHERE user_id = ${userId}
        ORDER BY id DESC LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM chat_saved_image WHERE user_id = ${userId}`,
  );
  return { rows, total: total?.n ?? 0 };
}

export function chatFileByPath(db: Executor, imgPath: string) {
  return queryOne<{ id: number; img_path: string; thumb_path: string; user_id: number }>(
    db,
    sql`SELECT id::int, img_path, thumb_path, user_id::int FROM chat_file WHERE img_path = ${imgPath}`,
  );
}

export async function addSavedImage(db: Executor, userId: number, img: string, thumb: string, nowMs: number) {
  const row = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO chat_saved_image (user_id, img_path, thumb_path, created_at) VALUES (${userId}, ${img}, ${thumb}, ${nowMs})
        ON CONFLICT (user_id, img_path) DO UPDATE SET created_at = EXCLUDED.created_at RETURNING id::int`,
  );
  return row!.id;
}

export async function deleteSavedImages(db: Executor, userId: number, ids: number[]): Promise<number> {
  const rows = await queryRows(
    db,
    sql`DELETE FROM chat_saved_image WHERE user_id = ${userId} AND id = ANY(${`{${ids.join(',')}}`}::bigint[]) RETURNING id`,
  );
  return rows.length;
}

/** Lotteries the user has bet on (player card: Ta喜欢的彩票). */
export async function playedLotteries(db: Db, userId: number): Promise<string[]> {
  const rows = await queryRows<{ lottery_code: string }>(
    db,
    sql`SELECT DISTINCT lottery_code FROM bet WHERE user_id = ${userId} LIMIT 50`,
  );
  return rows.map((r) => r.lottery_code);
}

export const sqlSetRoomMuted = (roomId: number, muted: boolean) =>
  sql`UPDATE chat_room SET is_message_banned = ${muted} WHERE id = ${roomId}`;
/** New password (or none); earlier unlocks no longer count. */
export const sqlSetPassword = (roomId: number, salt: string | null, hash: string | null) =>
  sql`WITH r AS (UPDATE chat_room SET password_salt = ${salt}, password_hash = ${hash} WHERE id = ${roomId} RETURNING id)
      DELETE FROM chat_room_access WHERE room_id IN (SELECT id FROM r)`;

export async function insertRoom(
  db: Executor,
  room: { tenantId: number; roomCode: string; title: string },
  nowMs: number,
): Promise<number | null> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO chat_room (tenant_id, room_code, title, avatar, image_url, created_at, sort_order)
        VALUES (${room.tenantId}, ${room.roomCode}, ${room.title}, '/static/brand/icon.svg', '/static/brand/logo.svg',
          ${nowMs}, (SELECT coalesce(max(sort_order), 0) + 1 FROM chat_room WHERE tenant_id = ${room.tenantId}))
        ON CONFLICT (tenant_id, room_code) DO NOTHING RETURNING id::int`,
  );
  return row?.id ?? null;
}

export function allRooms(db: Executor, tenantId: number): Promise<RoomRow[]> {
  return queryRows<RoomRow>(
    db,
    sql`SELECT ${ROOM_COLUMNS} FROM chat_room WHERE tenant_id = ${tenantId} AND deleted_at IS NULL ORDER BY sort_order, id`,
  );
}

export const sqlSetShowList = (roomId: number, show: boolean) =>
  sql`UPDATE chat_room SET is_show_list = ${show} WHERE id = ${roomId}`;
export const sqlSetGradeBans = (roomId: number, grades: number[]) =>
  sql`UPDATE chat_room SET banned_grades = ${`{${grades.map((g) => Math.trunc(g)).join(',')}}`}::int[] WHERE id = ${roomId}`;
export const sqlDeleteRoom = (roomId: number, nowMs: number) =>
  sql`UPDATE chat_room SET deleted_at = ${nowMs} WHERE id = ${roomId} AND deleted_at IS NULL`;
export const sqlSetManager = (roomId: number, userId: number, manager: boolean, nowMs: number) =>
  manager
    ? sql`INSERT INTO chat_room_manager (room_id, user_id, created_at) VALUES (${roomId}, ${userId}, ${nowMs})
          ON CONFLICT (room_id, user_id) DO NOTHING`
    : sql`DELETE FROM chat_room_manager WHERE room_id = ${roomId} AND user_id = ${userId}`;
export const sqlInsertKey = (keyHash: string, userId: number, sessionId: number, expiresAt: number) =>
  sql`INSERT INTO chat_socket_key (key_hash, user_id, session_id, expires_at) VALUES (${keyHash}, ${userId}, ${sessionId}, ${expiresAt})`;

export async function consumeKey(db: Executor, keyHash: string, nowMs: number) {
  // Tidy expired keys now and then, bounded.
  await db.execute(sql`DELETE FROM chat_socket_key WHERE key_hash IN
    (SELECT key_hash FROM chat_socket_key WHERE expires_at < ${nowMs - 3600_000} LIMIT 100)`);
  return queryOne<{ userId: number; sessionId: number }>(
    db,
    sql`UPDATE chat_socket_key k SET used_at = ${nowMs}
        FROM sessions s
        WHERE k.key_hash = ${keyHash} AND k.used_at IS NULL AND k.expires_at > ${nowMs}
          AND s.id = k.session_id AND s.revoked_at IS NULL AND s.expires_at > ${nowMs}
        RETURNING k.user_id::int AS "userId", k.session_id::int AS "sessionId"`,
  );
}

/** Of these sessions, the ones no longer valid (revoked or past expiry). */
export async function deadSessions(
  db: Executor,
  ids: number[],
  nowMs: number,
): Promise<{ id: number; reason: string | null }[]> {
  if (ids.length === 0) return [];
  return queryRows<{ id: number; reason: string | null }>(
    db,
    sql`SELECT id::int, revoke_reason AS reason FROM sessions WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])
        AND (revoked_at IS NOT NULL OR expires_at <= ${nowMs})`,
  );
}

/** Sum of a player's winnings (type 205) from the ledger, for the card's 累计中奖. */
export async function totalBonusMinor(db: Executor, tenantId: number, userId: number): Promise<bigint> {
  const { sumMinor } = await entryTotals(db, {
    account: { tenantId, code: AccountCodes.player(userId) },
    typeCodes: [205],
  });
  return sumMinor;
}

export async function parentOf(db: Executor, userId: number): Promise<number | null> {
  const row = await queryOne<{ p: number | null }>(
    db,
    sql`SELECT parent_id::int AS p FROM users WHERE id = ${userId}`,
  );
  return row?.p ?? null;
}

export const sqlLockUser = (userId: number) => sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
export const sqlSetEnvelopeMessage = (envelopeId: number, messageId: number) =>
  sql`UPDATE red_envelope SET message_id = ${messageId} WHERE id = ${envelopeId}`;

/** A sent chat image (files re-encodes and stores it), in the caller's transaction. */
export async function insertChatFile(
  db: Executor,
  file: {
    userId: number;
    imgPath: string;
    thumbPath: string;
    width: number;
    height: number;
    bytes: number;
    now: number;
  },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO chat_file (user_id, img_path, thumb_path, width, height, bytes, created_at)
        VALUES (${file.userId}, ${file.imgPath}, ${file.thumbPath}, ${file.width}, ${file.height}, ${file.bytes}, ${file.now})`,
  );
}
