import type { ChatMessage } from '@lottery/contract/chat';
import { describe, expect, it } from 'vitest';
import {
  canSend,
  emptyMessages,
  isUnread,
  MESSAGE_CAP,
  type MessageListState,
  messageActions,
  messageReducer,
} from './messages';

const msg = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  userId: '4',
  userName: 'pl***1',
  nickname: '',
  avatar: '',
  grade: 1,
  gradeName: '青铜',
  gradeShow: '青铜',
  gradeShowColorId: 1,
  nicknameColorId: 1,
  messageColorId: 0,
  roomCode: 'lobby',
  roomId: 1,
  messageTypeId: 1,
  message: `m${id}`,
  status: 0,
  userIds: '',
  type: 'room',
  guestCode: '',
  gmtCreated: id * 1000,
  withdraw: false,
  ...extra,
});
const ids = (s: MessageListState) => s.messages.map((m) => m.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));

describe('message reducer', () => {
  it('keeps id order and drops the socket echo of our own send', () => {
    let s = messageReducer(emptyMessages, { type: 'reset', rows: [msg(3), msg(5)], hasMore: true });
    s = messageReducer(s, { type: 'received', message: msg(7) });
    s = messageReducer(s, { type: 'received', message: msg(7) });
    s = messageReducer(s, { type: 'received', message: msg(6) });
    expect(ids(s)).toEqual([3, 5, 6, 7]);
  });

  it('older pages go on top', () => {
    let s = messageReducer(emptyMessages, { type: 'reset', rows: [msg(30), msg(31)], hasMore: true });
    s = messageReducer(s, { type: 'older', rows: range(10, 29), hasMore: false });
    expect(ids(s)[0]).toBe(10);
    expect(s.messages).toHaveLength(22);
    expect(s.hasMore).toBe(false);
  });

  it('never holds more than 200: new messages push out the oldest, which can be paged in again', () => {
    let s = messageReducer(emptyMessages, { type: 'reset', rows: range(1, MESSAGE_CAP), hasMore: false });
    s = messageReducer(s, { type: 'received', message: msg(MESSAGE_CAP + 1) });
    expect(s.messages).toHaveLength(MESSAGE_CAP);
    expect(ids(s)[0]).toBe(2);
    expect(ids(s).at(-1)).toBe(MESSAGE_CAP + 1);
    expect(s.hasMore).toBe(true);
  });

  it('paging back keeps the oldest 200', () => {
    let s = messageReducer(emptyMessages, { type: 'reset', rows: range(301, 310), hasMore: true });
    s = messageReducer(s, { type: 'older', rows: range(111, 300), hasMore: true });
    s = messageReducer(s, { type: 'older', rows: range(101, 110), hasMore: true });
    expect(s.messages).toHaveLength(MESSAGE_CAP);
    expect(ids(s)[0]).toBe(101);
    expect(ids(s).at(-1)).toBe(300);
  });

  it('withdrawn messages disappear; withdrawn rows are never added', () => {
    let s = messageReducer(emptyMessages, { type: 'reset', rows: [msg(1), msg(2)], hasMore: false });
    s = messageReducer(s, { type: 'withdrawn', id: 1 });
    s = messageReducer(s, { type: 'received', message: msg(3, { withdraw: true }) });
    expect(ids(s)).toEqual([2]);
  });

  it('marks an envelope message read with its state', () => {
    const env = msg(9, {
      messageTypeId: 3,
      redEnvelope: { recordId: 55, isRead: false, state: 0, wishingRemark: '大吉' },
    });
    let s = messageReducer(emptyMessages, { type: 'reset', rows: [env, msg(10)], hasMore: false });
    s = messageReducer(s, { type: 'envelopeRead', recordId: 55, state: 2 });
    expect(s.messages[0]!.redEnvelope).toEqual({
      recordId: 55,
      isRead: true,
      state: 2,
      wishingRemark: '大吉',
    });
    expect(s.messages[1]!.redEnvelope).toBeUndefined();
  });

  it('marks an envelope read that arrived on the socket, without the reader state (issue 37)', () => {
    // the room's fan-out carries the message body only: recordId and remark are in `message`
    const live = msg(12, {
      messageTypeId: 3,
      message: JSON.stringify({ recordId: 77, wishingRemark: '恭喜发财' }),
    });
    let s = messageReducer(emptyMessages, { type: 'reset', rows: [msg(10)], hasMore: false });
    s = messageReducer(s, { type: 'received', message: live });
    s = messageReducer(s, { type: 'envelopeRead', recordId: 77, state: 2 });
    expect(s.messages[1]!.redEnvelope).toEqual({
      recordId: 77,
      isRead: true,
      state: 2,
      wishingRemark: '恭喜发财',
    });
    expect(s.messages[0]!.redEnvelope).toBeUndefined();
    // a later copy from the socket (an echo, a resync) keeps what the reader did
    s = messageReducer(s, { type: 'newer', rows: [live] });
    expect(s.messages[1]!.redEnvelope?.state).toBe(2);
  });
});

describe('message selection and sending rules', () => {
  const viewer = { userId: '4', isManager: false, guest: false };
  it('members copy text and images and withdraw their own', () => {
    expect(messageActions(msg(1), viewer)).toEqual({ copy: true, ban: false, withdraw: true });
    expect(messageActions(msg(1, { userId: '5' }), viewer)).toEqual({
      copy: true,
      ban: false,
      withdraw: false,
    });
    expect(messageActions(msg(1, { messageTypeId: 3 }), viewer).copy).toBe(false);
  });
  it('managers ban and withdraw others except grade 100', () => {
    const manager = { userId: '9', isManager: true, guest: false };
    expect(messageActions(msg(1), manager)).toEqual({ copy: true, ban: true, withdraw: true });
    expect(messageActions(msg(1, { grade: 100 }), manager)).toEqual({
      copy: true,
      ban: false,
      withdraw: false,
    });
  });
  it('guests neither ban nor withdraw', () => {
    const guest = { userId: 'guestabcd', isManager: false, guest: true };
    expect(messageActions(msg(1, { userId: 'guestabcd' }), guest)).toEqual({
      copy: true,
      ban: false,
      withdraw: false,
    });
  });
  it('banned or muted members cannot send; managers always can', () => {
    expect(canSend({ isBanned: false, isMessageBanned: false, isManager: false })).toBe(true);
    expect(canSend({ isBanned: true, isMessageBanned: false, isManager: false })).toBe(false);
    expect(canSend({ isBanned: false, isMessageBanned: true, isManager: false })).toBe(false);
    expect(canSend({ isBanned: true, isMessageBanned: true, isManager: true })).toBe(true);
  });
  it('unread when the latest id passes the read id or no read id', () => {
    expect(isUnread(10, 9)).toBe(true);
    expect(isUnread(10, null)).toBe(true);
    expect(isUnread(10, 10)).toBe(false);
    expect(isUnread(null, null)).toBe(false);
  });
});
