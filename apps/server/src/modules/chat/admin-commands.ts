import { BAN_DURATIONS, BAN_LIFT } from '@lottery/contract/chat';
import { systemClock } from '../../clock';
import type { AppContext } from '../../context';
import { cliLog, serversBus } from '../../operator/bus';
import { type AdminCommand, UsageError } from '../../operator/command';
import { Hub } from '../../realtime/hub';
import { MemoryPresence } from '../../realtime/presence';
import { findTenant } from '../site/index';
import * as repo from './repo';
import { ChatService } from './service';

/**
 * Operator commands for rooms and moderation: `npm run admin -- chat-… ARGS`. They run the same
 * ChatService calls as the app, so the rules apply on the next request of every server process.
 * With REDIS_URL the socket events (mute 3/1, grade bans 16, deletion 13, …) are published on the
 * servers' bus and reach open sockets at once; without it (one process, in-process bus) open
 * sockets see the change when they next reconnect.
 */
type Env = Parameters<AdminCommand['run']>[1];

async function withChat<T>(env: Env, work: (chat: ChatService, tenantId: number) => Promise<T>): Promise<T> {
  const tenant = await findTenant(env.database.db, env.config.TENANT_CODE);
  if (!tenant) throw new UsageError(`tenant ${env.config.TENANT_CODE} does not exist`);
  const bus = await serversBus(env.config);
  const hub = new Hub(bus, new MemoryPresence(), cliLog);
  // ChatService reads only the database, the clock and the config from the app context.
  const ctx = {
    config: env.config,
    database: env.database,
    db: env.database.db,
    clock: env.clock ?? systemClock,
  } as AppContext;
  try {
    return await work(new ChatService(ctx, hub), tenant.id);
  } finally {
    await bus.close();
  }
}

async function roomOf(chat: ChatService, tenantId: number, code: string | undefined) {
  if (!code) throw new UsageError('give the room code');
  const room = await repo.roomByCode(chat.ctx.db, tenantId, code);
  if (!room || room.deleted_at !== null) throw new UsageError(`no room ${code}`);
  return room;
}

async function userOf(chat: ChatService, tenantId: number, name: string | undefined) {
  if (!name) throw new UsageError('give the account name');
  const user = await repo.userByName(chat.ctx.db, tenantId, name);
  if (!user) throw new UsageError(`no account ${name}`);
  return user;
}

function onOff(value: string | undefined): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError('say on or off');
}

const rooms: AdminCommand = {
  summary: 'list the rooms with their flags and managers',
  usage: 'chat-rooms',
  run: (_args, env) =>
    withChat(env, async (chat, tenantId) => {
      const lines = [];
      for (const r of await repo.allRooms(chat.ctx.db, tenantId)) {
        const managers = await repo.managerIds(chat.ctx.db, r.id);
        const flags = [
          r.password_hash ? 'password' : 'open',
          r.is_message_banned ? 'muted' : '',
          r.is_show_list ? '' : 'list-hidden',
          r.banned_grades.length ? `grade-bans ${r.banned_grades.join(',')}` : '',
          `${managers.size} manager(s)`,
        ].filter(Boolean);
        lines.push(`${r.room_code}\t${r.title}\t${flags.join(', ')}`);
      }
      return lines.join('\n') || 'no rooms';
    }),
};

const roomCreate: AdminCommand = {
  summary: 'create an open room (code: letters, digits, - and _)',
  usage: 'chat-room-create CODE TITLE',
  run: ([code, ...title], env) =>
    withChat(env, async (chat, tenantId) => {
      if (!code || !/^[A-Za-z0-9_-]{1,64}$/.test(code)) throw new UsageError('give a room code');
      if (title.length === 0) throw new UsageError('give a title');
      const id = await repo.insertRoom(
        chat.ctx.db,
        { tenantId, roomCode: code, title: title.join(' ').slice(0, 60) },
        chat.ctx.clock.now(),
      );
      if (id === null) throw new UsageError(`room ${code} already exists`);
      return `room ${code} created (id ${id})`;
    }),
};

const roomDelete: AdminCommand = {
  summary: 'delete a room; its sockets get 13 (房间已被删除) and close',
  usage: 'chat-room-delete CODE',
  run: ([code], env) =>
    withChat(env, async (chat, tenantId) => {
      await chat.deleteRoom(await roomOf(chat, tenantId, code));
      return `room ${code} deleted`;
    }),
};

const roomMute: AdminCommand = {
  summary: 'mute (全体禁言) or unmute a whole room for everyone but its managers',
  usage: 'chat-room-mute CODE on|off',
  run: ([code, value], env) =>
    withChat(env, async (chat, tenantId) => {
      const muted = onOff(value);
      await chat.muteRoom(await roomOf(chat, tenantId, code), muted);
      return `room ${code} ${muted ? 'muted' : 'unmuted'}`;
    }),
};

const roomShowList: AdminCommand = {
  summary: 'show or hide the online list to members (managers always see it)',
  usage: 'chat-room-show-list CODE on|off',
  run: ([code, value], env) =>
    withChat(env, async (chat, tenantId) => {
      const show = onOff(value);
      await chat.setShowList(await roomOf(chat, tenantId, code), show);
      return `room ${code}: online list ${show ? 'shown' : 'hidden'}`;
    }),
};

const roomGradeBans: AdminCommand = {
  summary: 'grades that may not speak in a room (-2 guests, 1-10 VIP levels), or none',
  usage: 'chat-room-grade-bans CODE GRADES|none   e.g. -2,1,2',
  run: ([code, list], env) =>
    withChat(env, async (chat, tenantId) => {
      if (!list) throw new UsageError('give grades (e.g. -2,1,2) or none');
      const grades = list === 'none' ? [] : list.split(',').map((g) => Number(g.trim()));
      if (grades.some((g) => !Number.isInteger(g) || g < -2 || g > 99 || g === 0))
        throw new UsageError('grades are -2, -1 or 1-99 (grade 100 is never banned)');
      await chat.setGradeBans(await roomOf(chat, tenantId, code), [...new Set(grades)]);
      return `room ${code}: grade bans ${grades.length ? grades.join(',') : 'none'}`;
    }),
};

const roomPassword: AdminCommand = {
  summary: 'set a 4-digit room password (everyone must enter it again) or remove it',
  usage: 'chat-room-password CODE DIGITS|none',
  run: ([code, digits], env) =>
    withChat(env, async (chat, tenantId) => {
      if (digits !== 'none' && !/^\d{4}$/.test(digits ?? '')) throw new UsageError('4 digits, or none');
      await chat.setPassword(await roomOf(chat, tenantId, code), digits === 'none' ? null : digits!);
      return `room ${code}: ${digits === 'none' ? 'open' : 'password set'}`;
    }),
};

const manager: AdminCommand = {
  summary: 'make an account a manager of a room, or not; its sockets there get 15 and re-enter',
  usage: 'chat-manager CODE NAME on|off',
  run: ([code, name, value], env) =>
    withChat(env, async (chat, tenantId) => {
      const on = onOff(value);
      const room = await roomOf(chat, tenantId, code);
      const user = await userOf(chat, tenantId, name);
      await chat.setManager(room, user.id, on);
      return `${user.user_name} ${on ? 'manages' : 'no longer manages'} ${code}`;
    }),
};

const ban: AdminCommand = {
  summary: 'ban a member in a room: 1 永久, 2 一天, 3 一周, 4 一小时, 5 半小时, 6 lifts the ban',
  usage: 'chat-ban CODE NAME 1-6',
  run: ([code, name, duration], env) =>
    withChat(env, async (chat, tenantId) => {
      const durationTypeId = Number(duration);
      if (!(durationTypeId in BAN_DURATIONS) && durationTypeId !== BAN_LIFT)
        throw new UsageError('the duration is 1-6');
      const room = await roomOf(chat, tenantId, code);
      const user = await userOf(chat, tenantId, name);
      await chat.applyBan(null, room, user, durationTypeId);
      return durationTypeId === BAN_LIFT
        ? `${user.user_name} may speak in ${code} again`
        : `${user.user_name} banned in ${code}: ${BAN_DURATIONS[durationTypeId as 1].label}`;
    }),
};

export const CHAT_COMMANDS: Record<string, AdminCommand> = {
  'chat-rooms': rooms,
  'chat-room-create': roomCreate,
  'chat-room-delete': roomDelete,
  'chat-room-mute': roomMute,
  'chat-room-show-list': roomShowList,
  'chat-room-grade-bans': roomGradeBans,
  'chat-room-password': roomPassword,
  'chat-manager': manager,
  'chat-ban': ban,
};
