import { createHash, randomBytes } from 'node:crypto';
import {
  BAN_DURATIONS,
  BAN_LIFT,
  CHAT_FIRST_PAGE_SIZE,
  CHAT_PAGE_SIZE,
  type ChatMessage,
  ChatMessages,
  MessageType,
  normaliseShareCard,
  type OnlineMember,
} from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import type { Hub } from '../../realtime/hub';
import { type Actor, memberKeyOf } from './actor';
import { SharedLimiter } from './limiter';
import type { RoomRow } from './repo';
import * as repo from './repo';
import { isMediaType, maskName, type RoomRef, toChatMessage } from './views';

const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);

/** hex(sha256(text)). */
export const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The stored form of a room password: sha256(salt || hex(sha256(digits))). */
export function roomPasswordHash(salt: string, hashedDigits: string): string {
  return sha256hex(`${salt}${hashedDigits.toLowerCase()}`);
}

export function banMessage(durationTypeId: number): string {
  return BAN_DURATIONS[durationTypeId as 1]?.msg ?? BAN_DURATIONS[1].msg;
}

/**
 * Chat rules: access, moderation, posting, private chat. Every check runs here, on the server, for
 * every call; the web only mirrors them.
 */
export class ChatService {
  /** 5 messages per 3 s per sender (spec §8 -98), shared by every process through Redis. */
  readonly sendLimiter: SharedLimiter;
  /** Room-password guesses per room and member, and per room and address (guest codes are free). */
  readonly guessLimiters: { member: SharedLimiter; address: SharedLimiter };
  constructor(
    readonly ctx: AppContext,
    readonly hub: Hub,
  ) {
    const shared = (key: string, windowMs: number) => hub.bus.count(key, windowMs);
    this.sendLimiter = new SharedLimiter(ctx.clock, shared, 'send', 5, 3000);
    this.guessLimiters = {
      member: new SharedLimiter(
        ctx.clock,
        shared,
        'pw',
        PASSWORD_GUESSES.perMember,
        PASSWORD_GUESSES.windowMs,
      ),
      address: new SharedLimiter(
        ctx.clock,
        shared,
        'pwip',
        PASSWORD_GUESSES.perAddress,
        PASSWORD_GUESSES.windowMs,
      ),
    };
  }

  private get db() {
    return this.ctx.db;
  }
  private now() {
    return this.ctx.clock.now();
  }

  async room(tenantId: number, roomCode: string): Promise<RoomRow> {
    const room = await repo.roomByCode(this.db, tenantId, roomCode);
    if (!room) throw fail(ChatMessages.roomNotFound);
    if (room.deleted_at !== null) throw fail(ChatMessages.roomDeleted);
    return room;
  }

  async roomByIdOrCode(tenantId: number, ref: string | number): Promise<RoomRow> {
    const byId = typeof ref === 'number' || /^\d+$/.test(ref);
    const room = byId
      ? await repo.roomById(this.db, tenantId, Number(ref))
      : await repo.roomByCode(this.db, tenantId, String(ref));
    if (!room) throw fail(ChatMessages.roomNotFound);
    if (room.deleted_at !== null) throw fail(ChatMessages.roomDeleted);
    return room;
  }

  async isManager(actor: Actor, roomId: number): Promise<boolean> {
    return actor.kind === 'user' && repo.isManager(this.db, roomId, actor.userId);
  }

  /**
   * Open rooms, or password rooms the member has unlocked (managers always). A password offered
   * by a member who has not unlocked the room is a guess: counted before it is compared (one
   * atomic step per guess), refused with -98 once over the budget, whatever its value.
   */
  async mayEnter(actor: Actor, room: RoomRow, hashedPassword?: string, ip = ''): Promise<boolean> {
    if (!room.password_hash) return true;
    if (await this.isManager(actor, room.id)) return true;
    const key = memberKeyOf(actor);
    if (await repo.hasAccess(this.db, room.id, key)) return true;
    if (!hashedPassword) return false;
    await this.takeGuess(room.id, key, ip);
    if (roomPasswordHash(room.password_salt!, hashedPassword) === room.password_hash) {
      await repo.grantAccess(this.db, room.id, key, this.now());
      return true;
    }
    return false;
  }

  private async takeGuess(roomId: number, memberKey: string, ip: string): Promise<void> {
    const byMember = await this.guessLimiters.member.take(`${roomId}:${memberKey}`);
    const byAddress = await this.guessLimiters.address.take(`${roomId}:${ip}`);
    if (!byMember || !byAddress) throw DomainError.of(Codes.TOO_FREQUENT, ChatMessages.passwordGuesses);
  }

  async assertEnter(actor: Actor, room: RoomRow): Promise<void> {
    if (!(await this.mayEnter(actor, room))) throw fail(ChatMessages.roomPasswordRequired);
  }

  async checkPassword(actor: Actor, roomCode: string, digits: string, ip: string): Promise<void> {
    const room = await this.room(actor.tenantId, roomCode);
    if (!room.password_hash) return;
    if (!(await this.mayEnter(actor, room, sha256hex(digits), ip)))
      throw fail(ChatMessages.roomPasswordWrong);
  }

  async listRooms(actor: Actor, page: { pageNum: number; pageSize: number }) {
    const userId = actor.kind === 'user' ? actor.userId : null;
    const { rows, total } = await repo.listRooms(this.db, actor.tenantId, userId, this.now(), page);
    return {
      total,
      rows: rows.map((r) => ({
        roomCode: r.room_code,
        roomId: r.id,
        title: r.title,
        subTitle: r.sub_title,
        avatar: r.avatar,
        banned: r.banned,
        isMessageBanned: r.is_message_banned,
        isPassword: r.password_hash !== null,
        latestMessageId: r.latest_message_id,
        messageReadId: r.read_id,
        unread: r.latest_message_id !== null && (r.read_id === null || r.latest_message_id > r.read_id),
      })),
    };
  }

  /** Room settings (spec §3). Password rooms answer without the introduction until unlocked. */
  async roomSettings(actor: Actor, roomCode: string) {
    const room = await this.room(actor.tenantId, roomCode);
    const manager = await this.isManager(actor, room.id);
    const unlocked = await this.mayEnter(actor, room);
    const ban =
      actor.kind === 'user' ? await repo.activeBan(this.db, room.id, actor.userId, this.now()) : undefined;
    const grade = actor.kind === 'user' ? actor.user.grade : GUEST_GRADE;
    const gradeBanned = room.banned_grades.includes(grade);
    const latest = await repo.latestRoomMessageId(this.db, room.id);
    const read = actor.kind === 'user' ? await repo.readMark(this.db, actor.userId, `r:${room.id}`) : null;
    return {
      roomCode: room.room_code,
      roomId: room.id,
      title: room.title,
      subTitle: room.sub_title,
      avatar: room.avatar,
      imageUrl: room.image_url,
      content: unlocked ? room.content : '',
      gmtCreated: Number(room.created_at),
      isPassword: room.password_hash !== null,
      isUnlocked: unlocked,
      isShowList: room.is_show_list,
      isManager: manager,
      isBanned: Boolean(ban) || gradeBanned,
      bannedMessage: ban ? banMessage(ban.duration_type_id) : gradeBanned ? ChatMessages.gradeMuted : '',
      isMessageBanned: room.is_message_banned,
      messageLength: room.message_length,
      grade,
      bannedGrades: room.banned_grades,
      registerLink: room.register_link,
      latestMessageId: latest,
      messageReadId: read,
      unread: latest !== null && (read === null || latest > read),
    };
  }

  /** Messages by id cursor: first load 5, then pages of 20 (spec §9). Marks read on the newest page. */
  async roomMessages(
    actor: Actor,
    ref: string | number,
    cursorId?: number,
    pageSize?: number,
    afterId?: number,
  ) {
    const room = await this.roomByIdOrCode(actor.tenantId, ref);
    await this.assertEnter(actor, room);
    const limit = pageLimit(cursorId, pageSize, afterId);
    const rows = await repo.messagePage(this.db, { roomId: room.id }, cursorId, limit, afterId);
    const manager = await this.isManager(actor, room.id);
    const viewRef: RoomRef = { roomId: room.id, roomCode: room.room_code, type: 'room' };
    const list = rows.map((r) => toChatMessage(r, viewRef, manager));
    if (actor.kind === 'user' && cursorId === undefined && afterId === undefined && rows.length > 0) {
      await repo.markRead(this.db, actor.userId, `r:${room.id}`, rows[rows.length - 1]!.id);
    }
    return { rows: await this.withEnvelopeState(actor, list), hasMore: rows.length === limit };
  }

  /** Type-3 messages carry the reader's envelope state; filled by the envelope module. */
  envelopeState?: (actor: Actor, messages: ChatMessage[]) => Promise<ChatMessage[]>;
  withEnvelopeState(actor: Actor, list: ChatMessage[]) {
    return this.envelopeState && list.some((m) => m.messageTypeId === MessageType.redEnvelope)
      ? this.envelopeState(actor, list)
      : Promise.resolve(list);
  }

  /** Why this member may not post this type here, or null. Managers always may. */
  async speakProblem(actor: Actor, room: RoomRow, messageTypeId: number): Promise<string | null> {
    if (actor.kind === 'guest') {
      if (messageTypeId !== MessageType.text) return ChatMessages.guestNotAllowed;
      if (room.is_message_banned) return ChatMessages.roomMuted;
      return room.banned_grades.includes(GUEST_GRADE) ? ChatMessages.gradeMuted : null;
    }
    if (await this.isManager(actor, room.id)) return null;
    const media = isMediaType(messageTypeId);
    if (room.is_message_banned) return media ? ChatMessages.mutedNoMedia : ChatMessages.roomMuted;
    const ban = await repo.activeBan(this.db, room.id, actor.userId, this.now());
    if (ban) return media ? ChatMessages.mutedNoMedia : banMessage(ban.duration_type_id);
    if (room.banned_grades.includes(actor.user.grade))
      return media ? ChatMessages.mutedNoMedia : ChatMessages.gradeMuted;
    return null;
  }

  /** The send limit; guests by address, since guest codes cost nothing. */
  async takeRate(actor: Actor, ip: string): Promise<void> {
    const key = actor.kind === 'user' ? `u:${actor.userId}` : `g:${ip}`;
    if (!(await this.sendLimiter.take(key))) throw DomainError.of(Codes.TOO_FREQUENT, ChatMessages.tooFast);
  }

  /** Normalise the body of a postable message type; images must be our own uploads. */
  async normaliseBody(messageTypeId: number, message: string, maxLength: number): Promise<string> {
    if (messageTypeId === MessageType.text) {
      const text = message.replace(/^\s+/, '').replace(/\s+$/, '');
      if (text.length === 0) throw fail(ChatMessages.empty);
      if ([...text].length > maxLength) throw fail(ChatMessages.tooLong(maxLength));
      return text;
    }
    if (messageTypeId === MessageType.image) {
      let imgPath = message.trim();
      if (imgPath.startsWith('{'))
        imgPath = String((safeJson(imgPath) as { imgPath?: unknown })?.imgPath ?? '');
      const file = await repo.chatFileByPath(this.db, imgPath);
      if (!file) throw fail(ChatMessages.imageUnknown);
      return JSON.stringify({ imgPath: file.img_path, thumbPath: file.thumb_path });
    }
    // 7 shared bet, 9 shared result: stored as the contract's card, never as sent (issue 9 item 8)
    const card = normaliseShareCard(messageTypeId as 7 | 9, message);
    if (card === null) throw fail(ChatMessages.shareInvalid);
    return card;
  }

  private async mentions(actor: Actor, roomId: number, status: number, userIds: string): Promise<string> {
    if (status !== 1) return '';
    const ids = userIds
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.includes('all')) {
      if (!(await this.isManager(actor, roomId)))
        throw DomainError.of(Codes.INVALID_PARAM, ChatMessages.managerOnly);
      return 'all';
    }
    if (ids.length === 0 || ids.length > 50 || ids.some((s) => !/^\d{1,15}$/.test(s)))
      throw fail('userIds 格式不正确');
    return [...new Set(ids)].join(',');
  }

  async addRoomMessage(
    actor: Actor,
    input: { roomCode: string; messageTypeId: number; message: string; status: number; userIds: string },
    ip: string,
  ): Promise<ChatMessage> {
    const room = await this.room(actor.tenantId, input.roomCode);
    await this.assertEnter(actor, room);
    const problem = await this.speakProblem(actor, room, input.messageTypeId);
    if (problem) throw fail(problem);
    if (actor.kind === 'guest' && input.status === 1) throw fail(ChatMessages.guestNotAllowed);
    await this.takeRate(actor, ip);
    const message = await this.normaliseBody(input.messageTypeId, input.message, room.message_length);
    const userIds = await this.mentions(actor, room.id, input.status, input.userIds);
    return this.post(actor, room, input.messageTypeId, message, userIds ? 1 : 0, userIds);
  }

  /** Insert and fan out a room message (also used for push plans). */
  async post(
    actor: Actor | null,
    room: RoomRow,
    messageTypeId: number,
    message: string,
    status = 0,
    userIds = '',
  ) {
    const row = await repo.insertMessage(
      this.db,
      {
        tenantId: room.tenant_id,
        roomId: room.id,
        directRoomId: null,
        userId: actor?.kind === 'user' ? actor.userId : null,
        guestCode: actor === null ? 'system' : actor.kind === 'guest' ? actor.guestCode : null,
        messageTypeId,
        message,
        status,
        userIds,
      },
      this.now(),
    );
    const manager = actor?.kind === 'user' && (await this.isManager(actor, room.id));
    return this.publish(room, row, manager);
  }

  /** Fan out a stored room message: masked names for members, real names for managers. */
  async publish(room: RoomRow, row: repo.MessageRow, realNamesForCaller: boolean): Promise<ChatMessage> {
    const ref: RoomRef = { roomId: room.id, roomCode: room.room_code, type: 'room' };
    const masked = toChatMessage(row, ref, false);
    const real = toChatMessage(row, ref, true);
    await this.hub.toRoom(room.id, { code: 1, data: masked }, { code: 1, data: real });
    if (row.status === 1 && row.user_ids !== 'all') {
      for (const id of row.user_ids.split(',')) {
        await this.hub.toUser(Number(id), {
          code: 3,
          type: 7,
          data: { roomId: room.id, id: row.id, type: 'room', fromUserId: masked.userId },
        });
      }
    }
    return realNamesForCaller ? real : masked;
  }

  /** Members withdraw their own messages; managers any but grade 100's (spec §4, §6). */
  async withdraw(actor: Actor & { kind: 'user' }, roomCode: string, id: number): Promise<void> {
    const room = await this.room(actor.tenantId, roomCode);
    const row = await repo.messageById(this.db, id);
    if (!row || row.room_id !== room.id || row.withdrawn_at !== null)
      throw fail(ChatMessages.messageNotFound);
    // The money is in escrow and people may be grabbing it: the card stays for everyone.
    if (row.message_type_id === MessageType.redEnvelope) throw fail(ChatMessages.envelopeNoWithdraw);
    if (row.user_id !== actor.userId) {
      if (!(await this.isManager(actor, room.id))) throw fail(ChatMessages.notYourMessage);
      if (row.grade === 100) throw fail(ChatMessages.cannotWithdrawGrade100);
    }
    if (!(await repo.withdrawMessage(this.db, id, actor.userId, this.now())))
      throw fail(ChatMessages.messageNotFound);
    await this.hub.toRoom(room.id, { code: 3, type: 5, data: { roomId: room.id, id, type: 'room' } });
  }

  // ---- moderation -------------------------------------------------------------------------

  async managedRoom(actor: Actor & { kind: 'user' }, roomCode: string): Promise<RoomRow> {
    const room = await this.room(actor.tenantId, roomCode);
    if (!(await this.isManager(actor, room.id))) throw fail(ChatMessages.managerOnly);
    return room;
  }

  async addBan(actor: Actor & { kind: 'user' }, roomCode: string, target: string, durationTypeId: number) {
    const room = await this.managedRoom(actor, roomCode);
    const user = /^\d+$/.test(target)
      ? ((await repo.userByName(this.db, actor.tenantId, target)) ??
        (await repo.userById(this.db, actor.tenantId, Number(target))))
      : await repo.userByName(this.db, actor.tenantId, target);
    if (!user) throw fail(ChatMessages.userNotFound);
    return this.applyBan(actor.userId, room, user, durationTypeId);
  }

  /** Ban (1-5) or lift (6); `by` is the manager, null for the operator. Sends 3/3 or 3/4. */
  async applyBan(by: number | null, room: RoomRow, user: repo.ChatUser, durationTypeId: number) {
    if (user.grade === 100) throw fail(ChatMessages.cannotBanGrade100);
    if (durationTypeId === BAN_LIFT) {
      const ban = await repo.activeBan(this.db, room.id, user.id, this.now());
      if (ban) await this.liftBans(room, [ban.id]);
      return null;
    }
    const duration = BAN_DURATIONS[durationTypeId as 1];
    if (!duration) throw fail('durationTypeId 不正确');
    const now = this.now();
    const id = await repo.upsertBan(
      this.db,
      {
        roomId: room.id,
        userId: user.id,
        durationTypeId,
        untilAt: duration.ms === null ? null : now + duration.ms,
        by,
      },
      now,
    );
    await this.hub.toRoom(room.id, {
      code: 3,
      type: 3,
      msg: duration.msg,
      data: { roomId: room.id, userId: String(user.id), durationTypeId },
    });
    return id;
  }

  async getBan(actor: Actor & { kind: 'user' }, roomCode: string, target: string) {
    const room = await this.managedRoom(actor, roomCode);
    const user = await repo.userByName(this.db, actor.tenantId, target);
    if (!user) throw fail(ChatMessages.userNotFound);
    const ban = await repo.activeBan(this.db, room.id, user.id, this.now());
    return ban ? this.banView(ban) : null;
  }

  async updateBan(actor: Actor & { kind: 'user' }, roomCode: string, id: number, durationTypeId: number) {
    const room = await this.managedRoom(actor, roomCode);
    const ban = await repo.banById(this.db, room.id, id);
    if (!ban) throw fail('禁言记录不存在');
    const user = (await repo.userById(this.db, actor.tenantId, ban.user_id))!;
    return this.applyBan(actor.userId, room, user, durationTypeId);
  }

  async deleteBans(actor: Actor & { kind: 'user' }, roomCode: string, ids: number[]) {
    const room = await this.managedRoom(actor, roomCode);
    await this.liftBans(room, ids);
  }

  private async liftBans(room: RoomRow, ids: number[]) {
    const userIds = await repo.deleteBans(this.db, room.id, ids);
    for (const userId of userIds) {
      await this.hub.toRoom(room.id, { code: 3, type: 4, data: { roomId: room.id, userId: String(userId) } });
    }
  }

  banView(ban: repo.BanRow) {
    return {
      id: ban.id,
      target: ban.user_name,
      nickname: ban.nick_name || '未设置昵称',
      durationTypeId: ban.duration_type_id,
      durationLabel: BAN_DURATIONS[ban.duration_type_id as 1]?.label ?? '',
      gmtModified: Number(ban.modified_at),
      untilAt: ban.until_at === null ? null : Number(ban.until_at),
      isBan: ban.until_at === null || Number(ban.until_at) > this.now(),
    };
  }

  async banList(
    actor: Actor & { kind: 'user' },
    q: { roomCode: string; pageNum: number; pageSize: number; target?: string },
  ) {
    const room = await this.managedRoom(actor, q.roomCode);
    const { rows, total } = await repo.banList(this.db, room.id, this.now(), q);
    return { rows: rows.map((b) => this.banView(b)), total };
  }

  async setRoomMuted(actor: Actor & { kind: 'user' }, roomCode: string, muted: boolean) {
    await this.muteRoom(await this.managedRoom(actor, roomCode), muted);
  }

  /** Operator actions (admin CLI, modules/chat/admin-commands.ts): each sends its socket event. */
  async muteRoom(room: RoomRow, muted: boolean) {
    await this.db.execute(repo.sqlSetRoomMuted(room.id, muted));
    await this.hub.toRoom(room.id, { code: 3, type: muted ? 1 : 2, data: { roomId: room.id } });
  }
  /**
   * Set (4 digits) or clear (null) a room's password. Members who unlocked the old one must enter
   * the new one: their access is dropped and their sockets told to re-enter (15).
   */
  async setPassword(room: RoomRow, digits: string | null) {
    const salt = digits === null ? null : randomBytes(16).toString('hex');
    const hash = digits === null || salt === null ? null : roomPasswordHash(salt, sha256hex(digits));
    await this.db.execute(repo.sqlSetPassword(room.id, salt, hash));
    if (digits !== null) {
      await this.hub.closeRoom(room.id, {
        code: 15,
        msg: ChatMessages.permissionChanged,
        data: { roomId: room.id },
      });
    }
  }
  async setShowList(room: RoomRow, show: boolean) {
    await this.db.execute(repo.sqlSetShowList(room.id, show));
    await this.hub.toRoom(room.id, { code: 3, type: 6, data: { roomId: room.id, isShowList: show } });
  }
  async setGradeBans(room: RoomRow, grades: number[]) {
    await this.db.execute(repo.sqlSetGradeBans(room.id, grades));
    await this.hub.toRoom(room.id, {
      code: 16,
      msg: ChatMessages.gradeMuted,
      data: { roomId: room.id, grades },
    });
  }
  async deleteRoom(room: RoomRow) {
    await this.db.execute(repo.sqlDeleteRoom(room.id, this.now()));
    await this.hub.closeRoom(room.id, { code: 13, msg: ChatMessages.roomDeleted, data: { roomId: room.id } });
  }
  async setManager(room: RoomRow, userId: number, manager: boolean) {
    await this.db.execute(repo.sqlSetManager(room.id, userId, manager, this.now()));
    await this.hub.refreshManager(room.id, userId, manager);
    await this.hub.closeRoom(
      room.id,
      { code: 15, msg: ChatMessages.permissionChanged, data: { roomId: room.id } },
      userId,
    );
  }

  async role(actor: Actor & { kind: 'user' }, roomCode: string, userName?: string) {
    const room = await this.room(actor.tenantId, roomCode);
    const user = userName ? await repo.userByName(this.db, actor.tenantId, userName) : actor.user;
    if (!user) throw fail(ChatMessages.userNotFound);
    const ban = await repo.activeBan(this.db, room.id, user.id, this.now());
    return {
      userId: user.id,
      userName: user.user_name,
      isManager: await repo.isManager(this.db, room.id, user.id),
      isBanned: Boolean(ban),
      durationTypeId: ban?.duration_type_id ?? null,
      grade: user.grade,
    };
  }

  async online(actor: Actor, roomCode: string, search?: string) {
    const room = await this.room(actor.tenantId, roomCode);
    await this.assertEnter(actor, room);
    const manager = await this.isManager(actor, room.id);
    const managers = await repo.managerIds(this.db, room.id);
    const all = await this.hub.presence.list(room.id);
    const view = (m: OnlineMember): OnlineMember => ({
      ...m,
      isManager: /^\d+$/.test(m.userId) && managers.has(Number(m.userId)),
      roleUserName: manager ? m.userName : maskName(m.userName),
      userName: manager ? m.userName : maskName(m.userName),
    });
    let rows = all.map(view);
    if (search) {
      // Match only what the searcher is shown: a player searching the hidden middle of a name
      // must not learn who is online.
      const q = search.toLowerCase();
      rows = rows.filter((m) => m.userName.toLowerCase().includes(q));
    }
    const managerRows = rows.filter((m) => m.isManager);
    const others = room.is_show_list || manager ? rows.filter((m) => !m.isManager) : [];
    return { managers: managerRows, others, total: all.length };
  }

  async onlineCount(tenantId: number, roomCode: string): Promise<number> {
    const room = await this.room(tenantId, roomCode);
    return (await this.hub.presence.list(room.id)).length;
  }

  // ---- one-time socket keys ------------------------------------------------------------------

  async generateKey(actor: Actor & { kind: 'user' }): Promise<string> {
    const key = randomBytes(24).toString('base64url');
    await this.db.execute(
      repo.sqlInsertKey(sha256hex(key), actor.userId, actor.sessionId!, this.now() + KEY_TTL_MS),
    );
    return key;
  }

  /** Consume a key once: the conditional update is the claim. */
  async consumeKey(key: string): Promise<{ userId: number; sessionId: number } | null> {
    return (await repo.consumeKey(this.db, sha256hex(key), this.now())) ?? null;
  }
}

/** First load 5, older pages 20, catch-up pages 20, unless the caller asks for a size. */
export function pageLimit(cursorId?: number, pageSize?: number, afterId?: number): number {
  if (pageSize !== undefined) return pageSize;
  return cursorId === undefined && afterId === undefined ? CHAT_FIRST_PAGE_SIZE : CHAT_PAGE_SIZE;
}

export const KEY_TTL_MS = 60_000;
/** Room-password guesses: 5 per member and 20 per address per room in 10 minutes. */
export const PASSWORD_GUESSES = { perMember: 5, perAddress: 20, windowMs: 10 * 60_000 } as const;
/** The grade a guest has (spec §3 grade labels: -2 guest), so operators can grade-ban guests. */
export const GUEST_GRADE = -2;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
