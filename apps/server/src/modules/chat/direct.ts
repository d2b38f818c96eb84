import { type ChatMessage, ChatMessages, MessageType } from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import { DomainError } from '../../errors';
import type { Actor } from './actor';
import * as repo from './repo';
import { type ChatService, pageLimit } from './service';
import { type RoomRef, toChatMessage } from './views';

type Member = Actor & { kind: 'user' };
const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);
/** Direct messages share the room length limit of the default room. */
const DIRECT_MESSAGE_LENGTH = 500;

/** Private chat (spec §5): only with grade 100 on either side, or when the viewer manages a room. */
export class DirectChat {
  constructor(private readonly chat: ChatService) {}

  private get db() {
    return this.chat.ctx.db;
  }
  private now() {
    return this.chat.ctx.clock.now();
  }

  async mayOpen(viewer: Member, target: repo.ChatUser): Promise<boolean> {
    if (target.id === viewer.userId) return false;
    if (viewer.user.grade === 100 || target.grade === 100) return true;
    return repo.managesAnyRoom(this.db, viewer.userId);
  }

  /**
   * Checked on every send, not only when the room was opened: a pair stays allowed while one of
   * them has grade 100 or manages a room. A demoted manager's private rooms fall silent at once.
   */
  private async assertPairAllowed(viewer: Member, room: repo.DirectRoomRow): Promise<void> {
    const otherId = room.user_low === viewer.userId ? room.user_high : room.user_low;
    const other = await repo.userById(this.db, viewer.tenantId, otherId);
    const allowed =
      other?.status === 'active' &&
      (viewer.user.grade === 100 ||
        other.grade === 100 ||
        (await repo.managesAnyRoom(this.db, viewer.userId)) ||
        (await repo.managesAnyRoom(this.db, other.id)));
    if (!allowed) throw fail(ChatMessages.directNotAllowed);
  }

  /** A member's room, or "not found" (never someone else's). */
  async room(viewer: Member, roomId: number): Promise<repo.DirectRoomRow> {
    const room = await repo.directRoomById(this.db, roomId);
    if (
      !room ||
      room.tenant_id !== viewer.tenantId ||
      (room.user_low !== viewer.userId && room.user_high !== viewer.userId)
    ) {
      throw fail(ChatMessages.roomNotFound);
    }
    return room;
  }

  private async view(viewer: Member, room: repo.DirectRoomRow) {
    const otherId = room.user_low === viewer.userId ? room.user_high : room.user_low;
    const other = (await repo.userById(this.db, viewer.tenantId, otherId))!;
    const read = await repo.readMark(this.db, viewer.userId, `d:${room.id}`);
    const person = (u: repo.ChatUser) => ({
      userId: u.id,
      userName: u.user_name,
      nickName: u.nick_name,
      grade: u.grade,
      avatar: u.avatar,
    });
    return {
      roomId: room.id,
      user: person(viewer.user),
      targetUser: person(other),
      latestMessageId: room.latest_message_id,
      messageReadId: read,
      unread: room.latest_message_id !== null && (read === null || room.latest_message_id > read),
    };
  }

  async open(viewer: Member, q: { roomId?: number; targetUserId?: number }) {
    if (q.roomId !== undefined) return this.view(viewer, await this.room(viewer, q.roomId));
    if (q.targetUserId === undefined) throw fail('请指定私聊对象');
    const target = await repo.userById(this.db, viewer.tenantId, q.targetUserId);
    if (target?.status !== 'active') throw fail(ChatMessages.userNotFound);
    if (!(await this.mayOpen(viewer, target))) throw fail(ChatMessages.directNotAllowed);
    const room = await repo.directRoomFor(this.db, viewer.tenantId, viewer.userId, target.id, this.now());
    return this.view(viewer, room);
  }

  async lite(viewer: Member, id: number) {
    const v = await this.view(viewer, await this.room(viewer, id));
    return { roomId: v.roomId, targetUser: v.targetUser };
  }

  async list(viewer: Member, page: { pageNum: number; pageSize: number }) {
    const { rows, total } = await repo.directRoomList(this.db, viewer.userId, page);
    return {
      total,
      rows: rows.map((r) => ({
        roomId: r.id,
        userName: r.other_name,
        targetUser: {
          userId: r.other_id,
          userName: r.other_name,
          nickName: r.other_nick,
          grade: r.other_grade,
          avatar: r.other_avatar,
        },
        latestMessageId: r.latest_message_id,
        messageReadId: r.read_id,
        unread: r.latest_message_id !== null && (r.read_id === null || r.latest_message_id > r.read_id),
      })),
    };
  }

  async messages(viewer: Member, roomId: number, cursorId?: number, pageSize?: number, afterId?: number) {
    const room = await this.room(viewer, roomId);
    const limit = pageLimit(cursorId, pageSize, afterId);
    const rows = await repo.messagePage(this.db, { directRoomId: room.id }, cursorId, limit, afterId);
    const ref: RoomRef = { roomId: room.id, roomCode: '', type: 'direct' };
    const list = rows.map((r) => toChatMessage(r, ref, true));
    if (cursorId === undefined && afterId === undefined && rows.length > 0) {
      await repo.markRead(this.db, viewer.userId, `d:${room.id}`, rows[rows.length - 1]!.id);
    }
    return { rows: await this.chat.withEnvelopeState(viewer, list), hasMore: rows.length === limit };
  }

  async add(
    viewer: Member,
    input: { roomId: number; messageTypeId: number; message: string },
    ip: string,
  ): Promise<ChatMessage> {
    const room = await this.room(viewer, input.roomId);
    await this.assertPairAllowed(viewer, room);
    await this.chat.takeRate(viewer, ip);
    const message = await this.chat.normaliseBody(input.messageTypeId, input.message, DIRECT_MESSAGE_LENGTH);
    return this.post(viewer, room, input.messageTypeId, message);
  }

  /** Insert and deliver to both members' sockets (code 1) plus a notice (3.7) to the other. */
  async post(
    viewer: Member,
    room: repo.DirectRoomRow,
    messageTypeId: number,
    message: string,
  ): Promise<ChatMessage> {
    // the message and the room's latest id together: an unread mark never points past a message
    const row = await this.db.transaction((tx) =>
      repo.insertMessage(
        tx,
        {
          tenantId: viewer.tenantId,
          roomId: null,
          directRoomId: room.id,
          userId: viewer.userId,
          guestCode: null,
          messageTypeId,
          message,
          status: 0,
          userIds: '',
        },
        this.now(),
      ),
    );
    return this.publish(viewer.userId, room, row);
  }

  async publish(senderId: number, room: repo.DirectRoomRow, row: repo.MessageRow): Promise<ChatMessage> {
    const view = toChatMessage(row, { roomId: room.id, roomCode: '', type: 'direct' }, true);
    const viewer = { userId: senderId };
    const otherId = room.user_low === viewer.userId ? room.user_high : room.user_low;
    await this.chat.hub.toUser(viewer.userId, { code: 1, data: view });
    await this.chat.hub.toUser(otherId, { code: 1, data: view });
    await this.chat.hub.toUser(otherId, {
      code: 3,
      type: 7,
      data: { roomId: room.id, id: row.id, type: 'direct', fromUserId: String(viewer.userId) },
    });
    return view;
  }

  async recall(viewer: Member, id: number) {
    const row = await repo.messageById(this.db, id);
    if (!row || row.direct_room_id === null || row.user_id !== viewer.userId || row.withdrawn_at !== null) {
      throw fail(ChatMessages.messageNotFound);
    }
    if (row.message_type_id === MessageType.redEnvelope) throw fail(ChatMessages.envelopeNoWithdraw);
    const room = await this.room(viewer, row.direct_room_id);
    if (!(await repo.withdrawMessage(this.db, id, viewer.userId, this.now())))
      throw fail(ChatMessages.messageNotFound);
    const event = { code: 3, type: 5, data: { roomId: room.id, id, type: 'direct' } } as const;
    await this.chat.hub.toUser(room.user_low, event);
    await this.chat.hub.toUser(room.user_high, event);
  }

  async markRead(viewer: Member, roomId: number, id: number) {
    const room = await this.room(viewer, roomId);
    const latest = room.latest_message_id ?? 0;
    await repo.markRead(this.db, viewer.userId, `d:${room.id}`, Math.min(id, latest));
  }
}
