import type { ChatMessage } from '@lottery/contract/chat';
import { describe, expect, it } from 'vitest';
import { messageText } from '../../../shared/lib/message-text';
import { allPages } from '../api/conversations';
import { belongsTo, type Conversation, MESSAGES_KEPT, mergeMessages, withdrawn } from './conversations';

const msg = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  userId: '7',
  userName: 'player01',
  nickname: '',
  avatar: '',
  grade: 1,
  gradeName: '',
  gradeShow: '',
  gradeShowColorId: 0,
  nicknameColorId: 0,
  messageColorId: 0,
  roomCode: 'lobby',
  roomId: 1,
  messageTypeId: 1,
  message: `m${id}`,
  status: 0,
  userIds: '',
  type: 'room',
  guestCode: '',
  gmtCreated: 0,
  withdraw: false,
  ...over,
});

describe('frame conversations', () => {
  it('merges pages, socket echoes and sends by id, in id order, capped', () => {
    const shown = mergeMessages([], [msg(3), msg(1)]);
    expect(shown.map((m) => m.id)).toEqual([1, 3]);
    const echoed = mergeMessages(shown, [msg(3, { message: 'again' }), msg(2)]);
    expect(echoed.map((m) => [m.id, m.message])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'again'],
    ]);
    const many = mergeMessages(
      [],
      Array.from({ length: MESSAGES_KEPT + 5 }, (_, i) => msg(i + 1)),
    );
    expect(many).toHaveLength(MESSAGES_KEPT);
    expect(many[0]?.id).toBe(6);
  });

  it('shows text as text and other kinds by name; withdrawn ones as such', () => {
    expect(messageText(msg(1, { message: '<b>hi</b>' }))).toBe('<b>hi</b>');
    expect(messageText(msg(1, { messageTypeId: 3 }))).toBe('[红包]');
    expect(messageText(msg(1, { messageTypeId: 7 }))).toBe('[注单]');
    expect(messageText(withdrawn([msg(1)], 1)[0]!)).toBe('消息已撤回');
  });

  it('keeps a socket message only in its own conversation', () => {
    expect(belongsTo(msg(1), { kind: 'room', roomCode: 'lobby' })).toBe(true);
    expect(belongsTo(msg(1), { kind: 'room', roomCode: 'vip' })).toBe(false);
    expect(belongsTo(msg(1, { type: 'direct', roomId: 9 }), { kind: 'direct', roomId: 9 })).toBe(true);
    expect(belongsTo(msg(1, { type: 'room', roomId: 9 }), { kind: 'direct', roomId: 9 })).toBe(false);
  });

  it('reads every page of a list (11 a page), waiting 300 then 600 ms, and stops at the total', async () => {
    const row = (n: number): Conversation => ({
      key: `room:r${n}`,
      target: { kind: 'room', roomCode: `r${n}` },
      title: `r${n}`,
      line: '',
      avatar: '',
      unread: false,
      locked: false,
      flag: '',
    });
    const total = 25;
    const asked: number[] = [];
    const waits: number[] = [];
    const rows = await allPages(
      async (pageNum) => {
        asked.push(pageNum);
        const from = (pageNum - 1) * 11;
        return { total, rows: Array.from({ length: Math.min(11, total - from) }, (_, i) => row(from + i)) };
      },
      10,
      async (ms) => void waits.push(ms),
    );
    expect(rows).toHaveLength(25);
    expect(asked).toEqual([1, 2, 3]);
    expect(waits).toEqual([300, 600]);
  });
});
