import { randomBytes } from 'node:crypto';
import { type ChatMessage, MessageType } from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import { formatMoney, MINOR_PER_YUAN, parseMoney } from '@lottery/contract/money';
import {
  DispatchType,
  ENVELOPE_DEFAULT_REMARK,
  ENVELOPE_EXPIRY_MS,
  ENVELOPE_RECORD_DAYS,
  type EnvelopeConfig,
  EnvelopeMessages,
  type OpenResult,
  ReadState,
  type SendEnvelopeReq,
  ShowContent,
} from '@lottery/contract/redenvelope';
import { beijingDayStartMs, DAY_MS } from '@lottery/rules/beijing';
import { DomainError } from '../../errors';
import type { Actor, ChatService, DirectChat } from '../chat/index';
import { chatRepo, maskName } from '../chat/index';
import { hasSafetyPassword, verifySafetyPassword } from '../security/index';
import { accountId, playerAccount, postTransferIn } from '../wallet/index';
import * as repo from './repo';
import { equalSplit, luckySplit, type RandomInt } from './split';

type Member = Actor & { kind: 'user' };
const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);
export const TYPE_SEND = 304;
export const TYPE_GRAB = 211;
export const TYPE_REFUND = 212;

function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Red envelopes: send into escrow, grab (envelopeGrabber), refund after expiry, records. */
export class Envelopes {
  random?: RandomInt;
  constructor(
    private readonly chat: ChatService,
    private readonly direct: DirectChat,
  ) {}
  private get db() {
    return this.chat.ctx.db;
  }
  private now() {
    return this.chat.ctx.clock.now();
  }

  async config(user: Member): Promise<EnvelopeConfig> {
    const cfg = await repo.configOf(this.db, user.tenantId);
    const today = await repo.sentSince(this.db, user.userId, beijingDayStartMs(this.now()));
    const left = BigInt(cfg.day_limit_amount_minor) - today.totalMinor;
    return {
      amount: formatMoney(left > 0n ? left : 0n),
      maxAmount: formatMoney(BigInt(cfg.max_amount_minor)),
      dayLimitAmount: formatMoney(BigInt(cfg.day_limit_amount_minor)),
      dayLimitCount: cfg.day_limit_count,
      dayLimitSendCount: today.count,
    };
  }

  /** envelopeSender: validate, verify the safety password, then one transaction for row, shares, escrow debit and message. */
  async send(user: Member, input: SendEnvelopeReq) {
    if (!input.roomCode && input.directRoomId === undefined) throw fail('请选择房间');
    let room: chatRepo.RoomRow | null = null;
    let directRoom: chatRepo.DirectRoomRow | null = null;
    if (input.roomCode) {
      room = await this.chat.room(user.tenantId, input.roomCode);
      await this.chat.assertEnter(user, room);
      const problem = await this.chat.speakProblem(user, room, MessageType.redEnvelope);
      if (problem) throw fail(problem);
    } else {
      directRoom = await this.direct.room(user, input.directRoomId!);
    }
    const count = directRoom ? 1 : input.num;
    const dispatchType = directRoom
      ? DispatchType.individual
      : input.type === 2
        ? DispatchType.lucky
        : DispatchType.normal;
    const amountMinor = parseMoney(input.amount, 2);
    const cfg = await repo.configOf(this.db, user.tenantId);
    const maxMinor = BigInt(cfg.max_amount_minor);
    // type 1 (and private): amount is each share; type 2: amount is the total.
    const perShare = dispatchType === DispatchType.lucky ? null : amountMinor;
    const totalMinor = perShare === null ? amountMinor : perShare * BigInt(count);
    if (perShare !== null && perShare < MINOR_PER_YUAN) throw fail(EnvelopeMessages.singleMin);
    if (totalMinor < BigInt(count) * MINOR_PER_YUAN) throw fail(EnvelopeMessages.averageMin);
    if (totalMinor > BigInt(count) * maxMinor)
      throw fail(EnvelopeMessages.averageMax(formatMoney(maxMinor).replace(/\.00$/, '')));
    const remark = (input.wishingRemark || ENVELOPE_DEFAULT_REMARK).slice(0, 20);

    if (!(await hasSafetyPassword(this.db, user.userId))) {
      throw DomainError.of(Codes.SAFETY_PASSWORD_NOT_SET, EnvelopeMessages.noSafetyPassword);
    }
    await verifySafetyPassword(
      this.db,
      { userId: user.userId, userName: user.user.user_name },
      input.safetyPassword,
      this.now(),
    );

    const shares =
      perShare === null ? luckySplit(totalMinor, count, this.random) : equalSplit(perShare, count);
    const token = randomBytes(9).toString('base64url');
    const escrowId = await accountId(this.db, {
      tenantId: user.tenantId,
      userId: user.userId,
      code: `escrow:redenvelope:${token}`,
      kind: 'escrow',
    });
    const playerId = await playerAccount(this.db, user.tenantId, user.userId);
    const now = this.now();

    const { envelopeId, row } = await this.db.transaction(async (tx) => {
      // One sender's sends are serialised so the daily limits cannot be raced past.
      await tx.execute(chatRepo.sqlLockUser(user.userId));
      const today = await repo.sentSince(tx, user.userId, beijingDayStartMs(now));
      if (today.count >= cfg.day_limit_count) throw fail(EnvelopeMessages.dayCount(cfg.day_limit_count));
      if (today.totalMinor + totalMinor > BigInt(cfg.day_limit_amount_minor))
        throw fail(EnvelopeMessages.quota);
      const envelopeId = await repo.insertEnvelope(
        tx,
        {
          tenantId: user.tenantId,
          senderId: user.userId,
          roomId: room?.id ?? null,
          directRoomId: directRoom?.id ?? null,
          dispatchType,
          totalMinor,
          count,
          remark,
          escrowAccountId: escrowId,
          expiresAt: now + ENVELOPE_EXPIRY_MS,
        },
        shares,
        now,
      );
      await postTransferIn(
        tx,
        {
          idempotencyKey: `redenvelope:send:${envelopeId}`,
          typeCode: TYPE_SEND,
          lines: [
            { accountId: playerId, amountMinor: -totalMinor },
            { accountId: escrowId, amountMinor: totalMinor },
          ],
          related: { kind: 'red_envelope', id: String(envelopeId) },
        },
        now,
      );
      const body = JSON.stringify({ recordId: envelopeId, wishingRemark: remark, type: dispatchType });
      const row = await chatRepo.insertMessage(
        tx,
        {
          tenantId: user.tenantId,
          roomId: room?.id ?? null,
          directRoomId: directRoom?.id ?? null,
          userId: user.userId,
          guestCode: null,
          messageTypeId: MessageType.redEnvelope,
          message: body,
          status: 0,
          userIds: '',
        },
        now,
      );
      await tx.execute(chatRepo.sqlSetEnvelopeMessage(envelopeId, row.id));
      return { envelopeId, row };
    });
    const message = room
      ? await this.chat.publish(room, row, await this.chat.isManager(user, room.id))
      : await this.direct.publish(user.userId, directRoom!, row);
    return { recordId: envelopeId, message };
  }

  private async envelopeFor(actor: Actor, recordId: number): Promise<repo.EnvelopeRow> {
    const env = await repo.envelopeById(this.db, recordId);
    if (!env || env.tenant_id !== actor.tenantId) throw fail(EnvelopeMessages.notFound);
    if (env.room_id !== null) {
      const room = await chatRepo.roomById(this.db, actor.tenantId, env.room_id);
      if (!room || !(await this.chat.mayEnter(actor, room))) throw fail(EnvelopeMessages.notMember);
    } else if (actor.kind === 'user') {
      await this.direct.room(actor, env.direct_room_id!);
    } else {
      throw fail(EnvelopeMessages.notMember);
    }
    return env;
  }

  /** The grab popup: what to show (spec §4 showContent) and the envelope's details. */
  async status(user: Member, recordId: number) {
    const env = await this.envelopeFor(user, recordId);
    const mine = await repo.myShare(this.db, env.id, user.userId);
    const p = await repo.progress(this.db, env.id);
    const expired = this.now() >= Number(env.expires_at) || env.refunded_at !== null;
    const showContent = mine
      ? ShowContent.amount
      : expired
        ? ShowContent.expired
        : p.open === 0
          ? ShowContent.allGrabbed
          : env.dispatch_type === DispatchType.individual && env.sender_id === user.userId
            ? ShowContent.custom
            : ShowContent.ready;
    const sender = (await chatRepo.userById(this.db, env.tenant_id, env.sender_id))!;
    const list = env.direct_room_id === null ? await repo.grabbers(this.db, env.id) : [];
    return {
      recordId: env.id,
      showContent,
      msg:
        showContent === ShowContent.expired
          ? EnvelopeMessages.expired
          : showContent === ShowContent.allGrabbed
            ? EnvelopeMessages.allGrabbed
            : '',
      dispatchType: env.dispatch_type,
      wishingRemark: env.remark,
      sender: {
        userId: sender.id,
        userName: maskName(sender.user_name),
        nickName: sender.nick_name,
        avatar: sender.avatar,
      },
      amount: mine ? formatMoney(BigInt(mine.amount_minor)) : null,
      receivedCount: p.claimed,
      count: env.share_count,
      receivedAmount: formatMoney(p.claimedMinor),
      totalAmount: formatMoney(BigInt(env.total_minor)),
      refundAmount: env.refund_minor === null ? null : formatMoney(BigInt(env.refund_minor)),
      expiresAt: Number(env.expires_at),
      list: list.map((g) => ({
        userId: g.user_id,
        userName: maskName(g.user_name),
        nickName: g.nick_name,
        avatar: g.avatar,
        amount: formatMoney(BigInt(g.amount_minor)),
        receiveTime: Number(g.claimed_at),
      })),
    };
  }

  /** envelopeGrabber: claim one share and credit it, in one transaction. */
  async open(actor: Actor, recordId: number): Promise<OpenResult> {
    if (actor.kind !== 'user') throw DomainError.of(Codes.LOGIN_REQUIRED, EnvelopeMessages.guest);
    const env = await this.envelopeFor(actor, recordId);
    if (env.direct_room_id !== null && env.sender_id === actor.userId) {
      return { state: 0, msg: '等待对方领取' };
    }
    const already = await repo.myShare(this.db, env.id, actor.userId);
    if (already)
      return { state: 0, amount: formatMoney(BigInt(already.amount_minor)), msg: '您已领取过该红包' };
    const now = this.now();
    if (now >= Number(env.expires_at) || env.refunded_at !== null)
      return { state: -1, msg: EnvelopeMessages.expired };
    const playerId = await playerAccount(this.db, actor.tenantId, actor.userId);
    let got: bigint | null;
    try {
      got = await this.db.transaction(async (tx) => {
        const share = await repo.claimShare(tx, env.id, actor.userId, now);
        if (!share) return null;
        const amountMinor = BigInt(share.amount_minor);
        await postTransferIn(
          tx,
          {
            idempotencyKey: `redenvelope:grab:${env.id}:${share.seq}`,
            typeCode: TYPE_GRAB,
            lines: [
              { accountId: env.escrow_account_id, amountMinor: -amountMinor },
              { accountId: playerId, amountMinor },
            ],
            related: { kind: 'red_envelope', id: String(env.id) },
          },
          now,
        );
        await repo.setRead(tx, env.id, actor.userId, ReadState.received);
        return amountMinor;
      });
    } catch (error) {
      // A concurrent grab by the same user won the unique (envelope, user) index.
      if (isUniqueViolation(error)) return { state: 0, msg: '您已领取过该红包' };
      throw error;
    }
    if (got === null) {
      const fresh = await repo.envelopeById(this.db, env.id);
      if (now >= Number(env.expires_at) || fresh?.refunded_at)
        return { state: -1, msg: EnvelopeMessages.expired };
      return { state: 0, msg: EnvelopeMessages.allGrabbed };
    }
    return { state: 1, amount: formatMoney(got) };
  }

  async markRead(user: Member, recordId: number, state: number) {
    const env = await this.envelopeFor(user, recordId);
    await repo.setRead(this.db, env.id, user.userId, state);
  }

  /**
   * Refund an expired envelope's unclaimed shares to the sender, at most once: the conditional
   * claim on the envelope row is the guard. Returns the refunded amount, or null when not due.
   */
  async refund(envelopeId: number): Promise<bigint | null> {
    const env = await repo.envelopeById(this.db, envelopeId);
    if (!env || env.refunded_at !== null) return null;
    const now = this.now();
    if (now < Number(env.expires_at)) return null;
    const playerId = await playerAccount(this.db, env.tenant_id, env.sender_id);
    return this.db.transaction(async (tx) => {
      if (!(await repo.claimRefund(tx, env.id, now))) return null;
      const remainder = await repo.refundOpenShares(tx, env.id);
      if (remainder > 0n) {
        await postTransferIn(
          tx,
          {
            idempotencyKey: `redenvelope:refund:${env.id}`,
            typeCode: TYPE_REFUND,
            lines: [
              { accountId: env.escrow_account_id, amountMinor: -remainder },
              { accountId: playerId, amountMinor: remainder },
            ],
            related: { kind: 'red_envelope', id: String(env.id) },
          },
          now,
        );
      }
      return remainder;
    });
  }

  /** The refund job: every expired, unrefunded envelope (bounded batch). */
  async refundExpired(limit = 200): Promise<number> {
    const due = await repo.expiredUnrefunded(this.db, this.now(), limit);
    let done = 0;
    for (const e of due) if ((await this.refund(e.id)) !== null) done += 1;
    return done;
  }

  private window(q: { startTime?: number; endTime?: number }) {
    const now = this.now();
    const earliest = now - ENVELOPE_RECORD_DAYS * DAY_MS;
    return { from: Math.max(q.startTime ?? earliest, earliest), to: Math.min(q.endTime ?? now, now) };
  }

  private async roomFilter(user: Member, roomCode?: string) {
    if (!roomCode) return undefined;
    return (await this.chat.room(user.tenantId, roomCode)).id;
  }

  async received(
    user: Member,
    q: { pageNum: number; pageSize: number; roomCode?: string; startTime?: number; endTime?: number },
  ) {
    const range = { ...this.window(q), roomId: await this.roomFilter(user, q.roomCode) };
    const page = await repo.receivedPage(this.db, user.userId, range, q);
    return {
      rows: page.rows.map((r) => ({
        recordId: r.id,
        userName: r.nick_name || maskName(r.user_name),
        dispatchType: r.dispatch_type,
        receiveTime: Math.floor(Number(r.claimed_at) / 1000),
        amount: formatMoney(BigInt(r.amount_minor)),
      })),
      total: page.total,
      totalAmount: formatMoney(page.amountMinor),
      numTotal: page.total,
      amountTotal: formatMoney(page.amountMinor),
      receiveAmount: formatMoney(page.amountMinor),
    };
  }

  async sent(
    user: Member,
    q: { pageNum: number; pageSize: number; roomCode?: string; startTime?: number; endTime?: number },
  ) {
    const range = { ...this.window(q), roomId: await this.roomFilter(user, q.roomCode) };
    const page = await repo.sentPage(this.db, user.userId, range, q);
    return {
      rows: page.rows.map((r) => ({
        recordId: r.id,
        userName: user.user.nick_name || user.user.user_name,
        dispatchType: r.dispatch_type,
        sendTime: Math.floor(Number(r.created_at) / 1000),
        amount: formatMoney(BigInt(r.total_minor)),
        num: r.share_count,
        receiveNum: r.claimed,
        receiveAmount: formatMoney(BigInt(r.claimed_minor)),
        refundAmount: r.refund_minor === null ? null : formatMoney(BigInt(r.refund_minor)),
      })),
      total: page.total,
      totalAmount: formatMoney(page.amountMinor),
      numTotal: page.shares,
      amountTotal: formatMoney(page.amountMinor),
      receiveAmount: formatMoney(page.claimedMinor),
    };
  }

  /** Fill each type-3 message with the reader's view: isRead and read state (spec §4). */
  async decorate(actor: Actor, messages: ChatMessage[]): Promise<ChatMessage[]> {
    const refs = messages
      .filter((m) => m.messageTypeId === MessageType.redEnvelope)
      .map((m) => ({ m, body: safeEnvelopeBody(m.message) }))
      .filter(
        (x): x is { m: ChatMessage; body: { recordId: number; wishingRemark: string } } => x.body !== null,
      );
    if (refs.length === 0) return messages;
    const reads =
      actor.kind === 'user'
        ? new Map(
            (
              await repo.readStates(
                this.db,
                refs.map((r) => r.body.recordId),
                actor.userId,
              )
            ).map((r) => [r.envelope_id, r.state]),
          )
        : new Map<number, number>();
    for (const { m, body } of refs) {
      const state = reads.get(body.recordId);
      m.redEnvelope = {
        recordId: body.recordId,
        isRead: state !== undefined,
        state: state ?? 0,
        wishingRemark: body.wishingRemark,
      };
    }
    return messages;
  }
}

function safeEnvelopeBody(text: string): { recordId: number; wishingRemark: string } | null {
  try {
    const v = JSON.parse(text) as { recordId?: unknown; wishingRemark?: unknown };
    return typeof v.recordId === 'number'
      ? { recordId: v.recordId, wishingRemark: String(v.wishingRemark ?? '') }
      : null;
  } catch {
    return null;
  }
}
