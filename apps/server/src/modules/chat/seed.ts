import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { queryOne } from '../../db/sql';
import { sanitizeHtml } from './sanitize';
import { roomPasswordHash, sha256hex } from './service';

/** The demo password room's 4 digits (public, like the demo accounts). */
export const DEMO_ROOM_PASSWORD = '8888';

const DEMO_ROOMS = [
  {
    code: 'lobby',
    title: '彩友大厅',
    subTitle: '畅聊开奖，分享心得',
    content: '<p>欢迎来到<b>彩友大厅</b>！请文明发言，禁止发布广告。</p><p>红包12小时未领完自动退回。</p>',
    password: null,
    muted: false,
    sort: 1,
  },
  {
    code: 'vip',
    title: 'VIP 会员房',
    subTitle: '输入房间密码进入',
    content: '<p>VIP 会员专属交流房间。</p>',
    password: DEMO_ROOM_PASSWORD,
    muted: false,
    sort: 2,
  },
  {
    code: 'notice',
    title: '官方公告房',
    subTitle: '仅管理员发言',
    content: '<p>官方公告与计划推送，<i>全体禁言</i>中。</p>',
    password: null,
    muted: true,
    sort: 3,
  },
] as const;

/**
 * Demo rooms (one open, one with a 4-digit password, one muted) managed by manager01, and a push
 * plan in the lobby. Idempotent: rooms are keyed by code, so re-running adds only what is missing.
 */
export async function seedChatDemo(database: Database, clock: Clock, tenantCode = 'demo'): Promise<void> {
  const now = clock.now();
  const tenant = await queryOne<{ id: number }>(
    database.db,
    sql`SELECT id FROM tenants WHERE code = ${tenantCode}`,
  );
  if (!tenant) return;
  const manager = await queryOne<{ id: number }>(
    database.db,
    sql`SELECT id::int FROM users WHERE tenant_id = ${tenant.id} AND user_name = 'manager01'`,
  );
  for (const room of DEMO_ROOMS) {
    const salt = room.password ? randomBytes(16).toString('hex') : null;
    const hash = room.password && salt ? roomPasswordHash(salt, sha256hex(room.password)) : null;
    const row = await queryOne<{ id: number }>(
      database.db,
      sql`INSERT INTO chat_room (tenant_id, room_code, title, sub_title, avatar, image_url, content, password_salt,
            password_hash, is_message_banned, message_length, sort_order, created_at)
          VALUES (${tenant.id}, ${room.code}, ${room.title}, ${room.subTitle}, '/static/brand/icon.svg',
            '/static/brand/logo.svg', ${sanitizeHtml(room.content)}, ${salt}, ${hash}, ${room.muted}, 200, ${room.sort}, ${now})
          ON CONFLICT (tenant_id, room_code) DO NOTHING RETURNING id::int`,
    );
    if (!row || !manager) continue;
    await database.db.execute(sql`INSERT INTO chat_room_manager (room_id, user_id, created_at)
      VALUES (${row.id}, ${manager.id}, ${now}) ON CONFLICT DO NOTHING`);
    if (room.code === 'lobby') {
      await database.db.execute(sql`INSERT INTO chat_push_plan (tenant_id, room_id, game_name, lottery_code, created_at)
        VALUES (${tenant.id}, ${row.id}, '极速快三计划', '1401', ${now})`);
    }
  }
}
