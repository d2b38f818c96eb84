import { ChatMessages } from '@lottery/contract/chat';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  type ChatFixture,
  call,
  chatApp,
  chatFixture,
  type TestUser,
  userNamed,
} from './chat-fixture';

/**
 * Issue 11, share to chat (spec/betting.md §5, §6, §7): what the share picker reads (room list flags)
 * and what the server accepts as a type-7 card, in a room and in a private chat.
 */
let f: ChatFixture;
let app: FastifyInstance;
let manager: TestUser;
let player: TestUser;

beforeAll(async () => {
  f = await chatFixture();
  app = await chatApp(f);
  manager = await userNamed(f, 'manager01');
  player = await addUser(f, { prefix: 'sh' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

/** A fresh send window: the send limit is 5 messages per 3 s. */
const tick = () => f.clock.advance(10_000);

/** A slip as the web's share flow builds it (share-bet shareCard over lottery shareLinesOf). */
const slip = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 1,
    username: '小王',
    data: [
      {
        lotteryCode: '1501',
        lotteryName: '福彩3D',
        lotteryType: 4,
        bettingIssue: '2026330',
        bettingAmount: 4,
        betDetail: '1|2,5|3',
        betDetailTitle: '三星-直选复式',
        betDetailContent: '1|2,5|3',
        playDetailCode: '1501D11',
        bettingNumber: '1|2,5|3',
        bettingCount: 2,
        bettingUnit: 1,
        graduationCount: 1,
        ...over,
      },
    ],
  });

const share = (u: TestUser, roomCode: string, message: string) =>
  call<{ id: number; message: string; messageTypeId: number }>(
    app,
    'POST',
    'chat/addMessage',
    { roomCode, messageTypeId: 7, message, status: 0, userIds: '' },
    u.cookie,
  );

type RoomRows = { rows: { roomCode: string; banned: boolean; isMessageBanned: boolean }[]; total: number };

describe('share to chat', () => {
  it('stores a slip as the card the web builds, with every field a follower needs', async () => {
    tick();
    const sent = await share(player, 'lobby', slip());
    expect(sent.code, sent.msg).toBe(1);
    expect(sent.data.messageTypeId).toBe(7);
    expect(JSON.parse(sent.data.message)).toEqual(JSON.parse(slip()));
    // and it is in the room's history as stored
    const list = await call<{ rows: { id: number; message: string }[] }>(
      app,
      'GET',
      'chat/getMessageListWeb',
      { roomCode: 'lobby' },
      player.cookie,
    );
    expect(list.data.rows.find((m) => m.id === sent.data.id)?.message).toBe(sent.data.message);
  });

  it('refuses a slip with a bad amount, a bad unit or no lines', async () => {
    tick();
    expect((await share(player, 'lobby', slip({ bettingAmount: 'abc' }))).msg).toBe(
      ChatMessages.shareInvalid,
    );
    expect((await share(player, 'lobby', slip({ bettingUnit: 0.5 }))).msg).toBe(ChatMessages.shareInvalid);
    expect((await share(player, 'lobby', JSON.stringify({ type: 1, data: [] }))).msg).toBe(
      ChatMessages.shareInvalid,
    );
  });

  it('gives the picker the flags it labels: 全体禁言 for a muted room, 已禁言 where the caller is banned', async () => {
    const banned = await addUser(f, { prefix: 'bn' });
    const ban = await call(
      app,
      'POST',
      'chat/addBanFront',
      { roomCode: 'lobby', target: banned.userName, durationTypeId: 2 },
      manager.cookie,
    );
    expect(ban.code, ban.msg).toBe(1);
    const rooms = await call<RoomRows>(
      app,
      'GET',
      'chat/getRoomListWeb',
      { pageNum: 1, pageSize: 11 },
      banned.cookie,
    );
    const byCode = Object.fromEntries(rooms.data.rows.map((r) => [r.roomCode, r]));
    expect(byCode.lobby).toMatchObject({ banned: true });
    expect(byCode.notice).toMatchObject({ isMessageBanned: true });

    // the server refuses what the picker does not offer, with the spec's banned text
    tick();
    expect((await share(banned, 'lobby', slip())).msg).toBe(ChatMessages.mutedNoMedia);
    tick();
    expect((await share(player, 'notice', slip())).msg).toBe(ChatMessages.mutedNoMedia);
    // a manager still speaks in a muted room
    tick();
    expect((await share(manager, 'notice', slip())).code).toBe(1);
  });

  it('shares into a private chat through addDirectMessage, validated the same way', async () => {
    tick();
    const open = await call<{ roomId: number }>(
      app,
      'GET',
      'chat/getDirectRoomWeb',
      { targetUserId: player.userId },
      manager.cookie,
    );
    expect(open.code, open.msg).toBe(1);
    const direct = (message: string) =>
      call<{ message: string }>(
        app,
        'POST',
        'chat/addDirectMessage',
        { roomId: open.data.roomId, messageTypeId: 7, message },
        player.cookie,
      );
    const ok = await direct(slip({ onclick: 'x' }));
    expect(ok.code, ok.msg).toBe(1);
    expect(JSON.parse(ok.data.message).data[0]).not.toHaveProperty('onclick');
    tick();
    expect((await direct(slip({ lotteryName: '<b>x</b>' }))).msg).toBe(ChatMessages.shareInvalid);
  });
});
