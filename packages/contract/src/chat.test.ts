import { describe, expect, it } from 'vitest';
import { type ChatMessage, parseServerFrame, ServerFrame } from './chat';

const message: ChatMessage = {
  id: 9,
  userId: '7',
  userName: 'al***',
  nickname: 'al***',
  avatar: '',
  grade: 1,
  gradeName: 'VIP1',
  gradeShow: 'VIP1',
  gradeShowColorId: 1,
  nicknameColorId: 1,
  messageColorId: 1,
  roomCode: 'r1',
  roomId: 3,
  messageTypeId: 1,
  message: 'hi',
  status: 0,
  userIds: 'all',
  type: 'room',
  guestCode: '',
  gmtCreated: 1_700_000_000_000,
  withdraw: false,
};
const member = { userId: '7', userName: 'al***', roleUserName: '', avatar: '', isManager: false };

/** One valid sample of every event the server sends (apps/server/src/realtime, modules/chat) and frames that break it. */
const cases: { name: string; valid: unknown; malformed: unknown[] }[] = [
  {
    name: '1 message',
    valid: { code: 1, data: message },
    malformed: [
      { code: 1 },
      { code: 1, data: { ...message, id: '9' } },
      { code: 1, data: { ...message, type: 'x' } },
    ],
  },
  {
    name: '2 connected',
    valid: { code: 2, success: true, msg: '连接成功', data: { roomId: 3, roomCode: 'r1', onlineCount: 2 } },
    malformed: [
      { code: 2, msg: 'x' },
      { code: 2, success: 'yes', msg: 'x' },
      { code: 2, success: true, msg: 'x', data: {} },
    ],
  },
  {
    name: '2 refused',
    valid: { code: 2, success: false, msg: '密码错误' },
    malformed: [{ code: 2, success: false }],
  },
  { name: '3/1 muted', valid: { code: 3, type: 1, data: { roomId: 3 } }, malformed: [{ code: 3, type: 1 }] },
  {
    name: '3/2 unmuted',
    valid: { code: 3, type: 2, data: { roomId: 3 } },
    malformed: [{ code: 3, type: 2, data: { roomId: -1 } }],
  },
  {
    name: '3/3 banned',
    valid: { code: 3, type: 3, msg: '禁言1小时', data: { roomId: 3, userId: '7', durationTypeId: 1 } },
    malformed: [
      { code: 3, type: 3, data: { roomId: 3, userId: '7', durationTypeId: 1 } },
      { code: 3, type: 3, msg: 'x', data: { roomId: 3, userId: 7, durationTypeId: 1 } },
    ],
  },
  {
    name: '3/4 unbanned',
    valid: { code: 3, type: 4, data: { roomId: 3, userId: '7' } },
    malformed: [{ code: 3, type: 4, data: { roomId: 3 } }],
  },
  {
    name: '3/5 withdrawn',
    valid: { code: 3, type: 5, data: { roomId: 3, id: 9, type: 'direct' } },
    malformed: [{ code: 3, type: 5, data: { roomId: 3, id: 9, type: 'group' } }],
  },
  {
    name: '3/6 list shown',
    valid: { code: 3, type: 6, data: { roomId: 3, isShowList: true } },
    malformed: [{ code: 3, type: 6, data: { roomId: 3, isShowList: 1 } }],
  },
  {
    name: '3/7 mentioned',
    valid: { code: 3, type: 7, data: { roomId: 3, id: 9, type: 'room', fromUserId: '7' } },
    malformed: [
      { code: 3, type: 7, data: { roomId: 3, id: 9, type: 'room' } },
      { code: 3, type: 8, data: { roomId: 3 } },
    ],
  },
  { name: '6 ping', valid: { code: 6, data: 'ping' }, malformed: [{ code: 6, data: 'hello' }, { code: 6 }] },
  { name: '6 pong', valid: { code: 6, data: 'pong' }, malformed: [{ code: 6, data: null }] },
  {
    name: '11 member joined',
    valid: { code: 11, data: { ...member, roomId: 3 } },
    malformed: [
      { code: 11, data: member },
      { code: 11, data: { ...member, roomId: 3, isManager: 'no' } },
    ],
  },
  {
    name: '12 member left',
    valid: { code: 12, data: { userId: '7', roomId: 3 } },
    malformed: [{ code: 12, data: { userId: 7, roomId: 3 } }],
  },
  {
    name: '13 room deleted',
    valid: { code: 13, msg: '房间已删除', data: { roomId: 3 } },
    malformed: [
      { code: 13, data: { roomId: 3 } },
      { code: 13, msg: 'x' },
    ],
  },
  {
    name: '14 forced logout',
    valid: { code: 14, msg: '帐号已在别处登录' },
    malformed: [{ code: 14 }, { code: 14, msg: 5 }],
  },
  {
    name: '15 permission changed',
    valid: { code: 15, msg: '权限已变更', data: { roomId: 3 } },
    malformed: [{ code: 15, msg: 'x', data: { roomId: '3' } }],
  },
  {
    name: '16 grades changed',
    valid: { code: 16, msg: '发言等级已变更', data: { roomId: 3, grades: [1, 2] } },
    malformed: [
      { code: 16, msg: 'x', data: { roomId: 3, grades: ['1'] } },
      { code: 16, msg: 'x', data: { roomId: 3 } },
    ],
  },
  {
    name: '17 resync',
    valid: { code: 17, data: { roomId: 0 } },
    malformed: [{ code: 17, data: { roomId: 1.5 } }, { code: 17 }],
  },
];

describe('server frames', () => {
  it('has a sample of every event code the schema knows', () => {
    const codes = new Set(cases.map((c) => (c.valid as { code: number }).code));
    expect([...codes].sort((a, b) => a - b)).toEqual([1, 2, 3, 6, 11, 12, 13, 14, 15, 16, 17]);
  });

  it.each(cases)('$name: the valid sample parses', ({ valid }) => {
    const result = parseServerFrame(JSON.stringify(valid));
    expect(result).toEqual({ ok: true, frame: valid });
  });

  it.each(cases)('$name: malformed variants are refused', ({ malformed }) => {
    for (const frame of malformed) {
      expect(ServerFrame.safeParse(frame).success, JSON.stringify(frame)).toBe(false);
      expect(parseServerFrame(JSON.stringify(frame))).toMatchObject({ ok: false, reason: 'schema' });
    }
  });

  it.each(['', 'not json', '{"code":1', '42', 'null', '[]', '{"code":99}', '{"code":"1"}', '{}'])(
    'refuses %j',
    (text) => {
      expect(parseServerFrame(text).ok).toBe(false);
    },
  );
});
