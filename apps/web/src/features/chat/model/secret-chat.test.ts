import type { ChatMessage, SocketEvent } from '@lottery/contract/chat-frames';
import { describe, expect, it } from 'vitest';
import {
  directChatPath,
  FRAME_MESSAGES_KEPT,
  frameAllowedOn,
  frameEdge,
  openDirectRoomId,
  type SecretChatAction,
  type SecretChatState,
  secretChatReducer,
} from './secret-chat';

const SELF = '5';
const PEER = '9';

const msg = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  userId: PEER,
  userName: 'manager01',
  nickname: '客服小美',
  avatar: '/static/avatars/avatar-03.svg',
  grade: 100,
  gradeName: '管理',
  gradeShow: '',
  gradeShowColorId: 0,
  nicknameColorId: 0,
  messageColorId: 0,
  roomCode: '',
  roomId: 12,
  messageTypeId: 1,
  message: `第${id}条`,
  status: 0,
  userIds: '',
  type: 'direct',
  guestCode: '',
  gmtCreated: 1_700_000_000_000 + id,
  withdraw: false,
  ...over,
});

const event = (event: SocketEvent): SecretChatAction => ({ type: 'event', event, selfId: SELF });
const incoming = (m: ChatMessage) => event({ code: 1, data: m });
const run = (actions: SecretChatAction[], from: SecretChatState | null = null) =>
  actions.reduce(secretChatReducer, from);

describe('the floating private-chat frame', () => {
  it("opens on a peer's private message with the sender and the message", () => {
    const state = run([incoming(msg(1))]);
    expect(state).toMatchObject({
      roomId: 12,
      peer: { userId: PEER, userName: 'manager01', name: '客服小美' },
      minimised: false,
      unread: 0,
    });
    expect(state!.messages.map((m) => m.message)).toEqual(['第1条']);
  });

  it('names the sender by account when they have no nickname', () => {
    expect(run([incoming(msg(1, { nickname: '' }))])!.peer.name).toBe('manager01');
  });

  it("is not opened by room messages, the player's own messages or other frames", () => {
    expect(run([incoming(msg(1, { type: 'room', roomCode: 'lobby' }))])).toBeNull();
    expect(run([incoming(msg(1, { userId: SELF }))])).toBeNull();
    expect(run([event({ code: 18, data: { messageCount: 2 } })])).toBeNull();
    expect(
      run([event({ code: 3, type: 7, data: { roomId: 12, id: 1, type: 'direct', fromUserId: PEER } })]),
    ).toBeNull();
  });

  it('merges the latest page, the socket echo of a reply and its send answer once each, in order', () => {
    const state = run([
      incoming(msg(7)),
      { type: 'loaded', roomId: 12, rows: [msg(3), msg(5, { userId: SELF }), msg(7)] },
      { type: 'sent', message: msg(8, { userId: SELF, message: '收到' }) },
      incoming(msg(8, { userId: SELF, message: '收到' })),
      // a page of another chat is not this one's
      { type: 'loaded', roomId: 99, rows: [msg(4, { roomId: 99 })] },
    ]);
    expect(state!.messages.map((m) => m.id)).toEqual([3, 5, 7, 8]);
  });

  it(`keeps the newest ${FRAME_MESSAGES_KEPT} messages`, () => {
    const rows = Array.from({ length: 30 }, (_, i) => msg(i + 1));
    const state = run([incoming(msg(30)), { type: 'loaded', roomId: 12, rows }]);
    expect(state!.messages).toHaveLength(FRAME_MESSAGES_KEPT);
    expect(state!.messages[0]!.id).toBe(30 - FRAME_MESSAGES_KEPT + 1);
  });

  it('counts what comes while minimised, once per message, and clears the count when opened again', () => {
    let state = run([incoming(msg(1)), { type: 'minimise' }, incoming(msg(2)), incoming(msg(3))]);
    expect(state).toMatchObject({ minimised: true, unread: 2 });
    // the same message again (a resync) and the player's own message do not count
    state = run([incoming(msg(3)), incoming(msg(4, { userId: SELF }))], state);
    expect(state!.unread).toBe(2);
    state = run([{ type: 'expand' }], state);
    expect(state).toMatchObject({ minimised: false, unread: 0 });
  });

  it('turns to the newest sender, staying minimised and counting on', () => {
    const other = msg(20, { roomId: 13, userId: '11', userName: 'agent01', nickname: '' });
    let state = run([incoming(msg(1)), incoming(other)]);
    expect(state).toMatchObject({ roomId: 13, peer: { name: 'agent01' }, unread: 0 });
    expect(state!.messages.map((m) => m.id)).toEqual([20]);
    state = run([{ type: 'minimise' }, incoming(msg(21))], state);
    expect(state).toMatchObject({ roomId: 12, minimised: true, unread: 1 });
  });

  it('drops a withdrawn message of its chat', () => {
    const withdrawn = event({ code: 3, type: 5, data: { roomId: 12, id: 1, type: 'direct' } });
    const state = run([incoming(msg(1)), incoming(msg(2)), withdrawn]);
    expect(state!.messages.map((m) => m.id)).toEqual([2]);
  });

  it('closes', () => {
    expect(run([incoming(msg(1)), { type: 'close' }])).toBeNull();
  });
});

describe('where the frame goes', () => {
  it('knows the private chat page that is open', () => {
    expect(openDirectRoomId('/chat/12', '?account=manager01&userId=9')).toBe(12);
    expect(openDirectRoomId('/chat/lobby', '')).toBeUndefined();
    // a room whose code is digits is not a private chat
    expect(openDirectRoomId('/chat/12', '')).toBeUndefined();
  });

  it("stays off that chat's page and the chat apps, and shows everywhere else", () => {
    expect(frameAllowedOn('/chat/12', '?account=manager01&userId=9', 12)).toBe(false);
    expect(frameAllowedOn('/chat/13', '?account=agent01&userId=11', 12)).toBe(true);
    expect(frameAllowedOn('/chat/lobby', '', 12)).toBe(true);
    expect(frameAllowedOn('/home', '', 12)).toBe(true);
    expect(frameAllowedOn('/lottery/K3/1401', '', 12)).toBe(true);
    expect(frameAllowedOn('/embedChat', '', 12)).toBe(false);
    expect(frameAllowedOn('/embedChatApp', '?roomId=1', 12)).toBe(false);
  });

  it('opens the full chat at the route 私聊 uses', () => {
    const peer = { userId: '9', userName: 'manager01', name: '客服小美', avatar: '' };
    expect(directChatPath(12, peer)).toBe('/chat/12?account=manager01&userId=9');
  });

  it('keeps to the top unless the 聊天室 button was dragged into the top half', () => {
    expect(frameEdge(undefined, 844)).toBe('top');
    // docked in the tab bar
    expect(frameEdge({ top: 787, bottom: 835 }, 844)).toBe('top');
    expect(frameEdge({ top: 60, bottom: 116 }, 844)).toBe('bottom');
    expect(frameEdge({ top: 500, bottom: 556 }, 844)).toBe('top');
  });
});
