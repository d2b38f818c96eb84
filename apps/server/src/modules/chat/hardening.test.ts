import { ChatMessages } from '@lottery/contract/chat';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_COMMANDS } from './admin-commands';
import {
  addUser,
  type ChatFixture,
  call,
  chatApp,
  chatFixture,
  connect,
  fund,
  giveSafetyPassword,
  safetyWire,
  type TestUser,
  userNamed,
} from './chat-fixture';
import { DEMO_ROOM_PASSWORD } from './seed';
import { sha256hex } from './service';

/** Issue 9: shared cards (item 8) and the chat rules restored from the first session. */
let f: ChatFixture;
let app: FastifyInstance;
let base: string;
let manager: TestUser;
let player: TestUser;

beforeAll(async () => {
  f = await chatFixture();
  app = await chatApp(f, { pingIntervalMs: 1000, authTimeoutMs: 300 });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  manager = await userNamed(f, 'manager01');
  player = await addUser(f, { prefix: 'pl' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

/** A fresh send window: the send limit is 5 messages per 3 s. */
const tick = () => f.clock.advance(10_000);

const post = (u: TestUser, messageTypeId: number, message: string) =>
  call<{ id: number; message: string }>(
    app,
    'POST',
    'chat/addMessage',
    { roomCode: 'lobby', messageTypeId, message },
    u.cookie,
  );

const betLine = {
  lotteryCode: '1401',
  lotteryName: '极速快三',
  lotteryType: '1',
  bettingIssue: '20260115-0721',
  bettingAmount: '10.50',
  betDetailTitle: '和值',
  betDetailContent: '大',
  playDetailCode: '1401001',
  bettingNumber: '大',
  bettingCount: '1',
  bettingUnit: '1',
  graduationCount: 5,
};

describe('shared cards (types 7 and 9)', () => {
  it('refuses markup, script links and foreign URLs in any text field', async () => {
    const bad = [
      { ...betLine, lotteryName: '<img src=x onerror=alert(1)>' },
      { ...betLine, betDetailContent: 'javascript:alert(1)' },
      { ...betLine, betDetail: 'JaVaScRiPt :alert(1)' },
      { ...betLine, betDetailTitle: '去 https://evil.example/x 看看' },
      { ...betLine, bettingNumber: '<svg onload=alert(1)>' },
      { ...betLine, lotteryCode: '"><script>' },
      { ...betLine, bettingAmount: '1e9' },
    ];
    for (const line of bad) {
      tick();
      const r = await post(player, 7, JSON.stringify({ type: 1, username: 'pl', data: [line] }));
      expect(r.msg, JSON.stringify(line)).toBe(ChatMessages.shareInvalid);
    }
    tick();
    expect((await post(player, 7, '{"bet":1}')).msg).toBe(ChatMessages.shareInvalid);
    expect((await post(player, 9, '[1,2]')).msg).toBe(ChatMessages.shareInvalid);
    expect((await post(player, 9, 'not json')).msg).toBe(ChatMessages.shareInvalid);
  });

  it('stores only the known fields, numbers as numbers and text as text', async () => {
    tick();
    const p = connect(base, { type: '1', roomId: 'lobby' }, { cookie: player.cookie });
    await p.next((e) => e.code === 2);
    const sent = await post(
      player,
      7,
      JSON.stringify({
        type: '1',
        username: 'pl***1',
        onclick: 'alert(1)',
        data: [{ ...betLine, href: 'javascript:alert(1)', icon: 'https://evil.example/a.png' }],
      }),
    );
    expect(sent.code).toBe(1);
    const card = JSON.parse(sent.data.message);
    expect(card).toEqual({
      type: 1,
      username: 'pl***1',
      data: [
        {
          lotteryCode: '1401',
          lotteryName: '极速快三',
          lotteryType: 1,
          bettingIssue: '20260115-0721',
          bettingAmount: 10.5,
          betDetailTitle: '和值',
          betDetailContent: '大',
          playDetailCode: '1401001',
          bettingNumber: '大',
          bettingCount: 1,
          bettingUnit: 1,
          graduationCount: 5,
        },
      ],
    });
    // what the room receives is the stored card, not what was sent
    const seen = (await p.next((e) => e.code === 1 && (e.data as { id: number }).id === sent.data.id))
      .data as { message: string };
    expect(JSON.parse(seen.message)).toEqual(card);

    const result = await post(
      player,
      9,
      JSON.stringify({
        data: [{ betAmount: '100', returnAmount: 195.5, profit: '-4.50', dateName: '今天', x: '<b>' }],
      }),
    );
    expect(result.code).toBe(1);
    expect(JSON.parse(result.data.message)).toEqual({
      type: 2,
      data: [{ betAmount: 100, returnAmount: 195.5, profit: -4.5, dateName: '今天' }],
    });
    p.ws.close();
  });
});

describe('restored chat rules', () => {
  it('matches the online-member search against the names the searcher sees', async () => {
    const hidden = await addUser(f, { prefix: 'zq' });
    const s = connect(base, { type: '1', roomId: 'lobby' }, { cookie: hidden.cookie });
    await s.next((e) => e.code === 2);
    const search = (u: TestUser, userName: string) =>
      call<{ others: { userId: string }[]; managers: unknown[] }>(
        app,
        'GET',
        'chat/getOnlineMemberListFront',
        { roomCode: 'lobby', userName },
        u.cookie,
      );
    // the middle of the real name is masked for players: searching it must not reveal who is online
    const middle = hidden.userName.slice(2, -1);
    expect((await search(player, middle)).data.others).toEqual([]);
    expect((await search(player, 'zq***')).data.others.map((m) => m.userId)).toContain(String(hidden.userId));
    // managers see real names, so they search real names
    expect((await search(manager, middle)).data.others.map((m) => m.userId)).toContain(String(hidden.userId));
    s.ws.close();
  });

  it('applies grade bans to guests (grade -2)', async () => {
    tick();
    const room = await app.chatModule.chat.room(f.tenantId, 'lobby');
    const guestCode = 'guestGradeBan01';
    const guestPost = () =>
      call(app, 'POST', 'chat/addMessageGuest', {
        roomCode: 'lobby',
        messageTypeId: 1,
        message: '你好',
        guestCode,
      });
    await app.chatModule.chat.setGradeBans(room, [-2]);
    try {
      expect((await guestPost()).msg).toBe(ChatMessages.gradeMuted);
      const settings = await call<{ isBanned: boolean }>(app, 'GET', 'chat/getRoomWeb', {
        roomCode: 'lobby',
        guestCode,
      });
      expect(settings.data.isBanned).toBe(true);
    } finally {
      await app.chatModule.chat.setGradeBans(room, []);
    }
    expect((await guestPost()).code).toBe(1);
  });

  it('never withdraws a room envelope, not even for a manager', async () => {
    tick();
    const sender = await addUser(f, { prefix: 'rs' });
    await giveSafetyPassword(f, sender);
    await fund(f, sender, 100_000n);
    const sent = await call<{ recordId: number; message: { id: number } }>(
      app,
      'POST',
      'chat/sendRedEnvelope',
      { roomCode: 'lobby', num: 2, type: 2, amount: '2', safetyPassword: safetyWire(f, sender) },
      sender.cookie,
    );
    expect(sent.code).toBe(1);
    for (const u of [sender, manager]) {
      const r = await call(
        app,
        'POST',
        'chat/updateMessageStateFront',
        { roomCode: 'lobby', id: sent.data.message.id },
        u.cookie,
      );
      expect(r.msg).toBe(ChatMessages.envelopeNoWithdraw);
    }
  });

  it('answers received envelopes on queryFrontReceiveRedEnvelopeByUserid, sent ones on querySendRedEnvelope', async () => {
    tick();
    const sender = await addUser(f, { prefix: 'rs' });
    const grabber = await addUser(f, { prefix: 'gr' });
    await giveSafetyPassword(f, sender);
    await fund(f, sender, 100_000n);
    const sent = await call<{ recordId: number }>(
      app,
      'POST',
      'chat/sendRedEnvelope',
      { roomCode: 'lobby', num: 1, type: 1, amount: '1', safetyPassword: safetyWire(f, sender) },
      sender.cookie,
    );
    const recordId = sent.data.recordId;
    const opened = await call<{ state: number; amount: string }>(
      app,
      'POST',
      'chat/openRedEnvelope',
      { recordId, roomCode: 'lobby' },
      grabber.cookie,
    );
    expect(opened.data.state).toBe(1);
    type Page = { rows: { recordId: number; amount: string; num?: number }[]; total: number };
    const received = await call<Page>(
      app,
      'GET',
      'transfer/queryFrontReceiveRedEnvelopeByUserid',
      {},
      grabber.cookie,
    );
    expect(received.data.total).toBe(1);
    expect(received.data.rows[0]).toMatchObject({ recordId, amount: '1.00' });
    expect(
      (await call<Page>(app, 'GET', 'transfer/queryFrontReceiveRedEnvelopeByUserid', {}, sender.cookie)).data
        .total,
    ).toBe(0);
    const mine = await call<Page>(app, 'GET', 'transfer/querySendRedEnvelope', {}, sender.cookie);
    expect(mine.data.rows[0]).toMatchObject({ recordId, num: 1 });
  });

  it('re-checks the private-chat rule on every send', async () => {
    tick();
    const host = await addUser(f, { prefix: 'mg' });
    const guestRoom = await app.chatModule.chat.room(f.tenantId, 'lobby');
    await app.chatModule.chat.setManager(guestRoom, host.userId, true);
    const open = await call<{ roomId: number }>(
      app,
      'GET',
      'chat/getDirectRoomWeb',
      { targetUserId: player.userId },
      host.cookie,
    );
    expect(open.code).toBe(1);
    const say = (u: TestUser, message: string) =>
      call(
        app,
        'POST',
        'chat/addDirectMessage',
        { roomId: open.data.roomId, messageTypeId: 1, message },
        u.cookie,
      );
    expect((await say(host, '你好')).code).toBe(1);
    expect((await say(player, '你好')).code).toBe(1);
    // the host no longer manages any room: neither side may go on
    await app.chatModule.chat.setManager(guestRoom, host.userId, false);
    tick();
    expect((await say(player, '还在吗')).msg).toBe(ChatMessages.directNotAllowed);
    expect((await say(host, '还在吗')).msg).toBe(ChatMessages.directNotAllowed);
  });

  it('limits room-password guesses per member and per address, over HTTP and the socket', async () => {
    const guesser = await addUser(f, { prefix: 'gs' });
    const check = (password: string, u = guesser) =>
      call(app, 'POST', 'chat/checkPassword', { roomCode: 'vip', password }, u.cookie);
    for (let i = 0; i < 5; i++) expect((await check('0000')).msg).toBe(ChatMessages.roomPasswordWrong);
    // the sixth guess is refused before the password is compared, even the right one
    const blocked = await check(DEMO_ROOM_PASSWORD);
    expect(blocked).toMatchObject({ code: -98, msg: ChatMessages.passwordGuesses });
    // the socket counts against the same budget
    const s = connect(
      base,
      { type: '1', roomId: 'vip', password: sha256hex(DEMO_ROOM_PASSWORD) },
      { cookie: guesser.cookie },
    );
    expect((await s.next((e) => e.code === 2)).msg).toBe(ChatMessages.passwordGuesses);
    await s.closed;
    // others are not locked out by one guesser
    expect((await check(DEMO_ROOM_PASSWORD, player)).code).toBe(1);
    // guest codes are free to make, so one address gets 20 guesses per window whatever the codes
    const guestSocket = async (i: number, password: string) => {
      const g = connect(base, {
        type: '1',
        roomId: 'vip',
        guestCode: `guestPw${i}x`,
        password: sha256hex(password),
      });
      const first = await g.next((e) => e.code === 2);
      g.ws.close();
      return first.msg;
    };
    const answers: unknown[] = [];
    for (let i = 0; i < 16; i++) answers.push(await guestSocket(i, '1111'));
    expect(answers.filter((m) => m === ChatMessages.roomPasswordWrong).length).toBeLessThanOrEqual(14);
    expect(await guestSocket(99, DEMO_ROOM_PASSWORD)).toBe(ChatMessages.passwordGuesses);
    // the window passes
    f.clock.advance(11 * 60_000);
    expect((await check(DEMO_ROOM_PASSWORD)).code).toBe(1);
  });
});

describe('operator commands', () => {
  const run = (name: string, ...args: string[]) =>
    CHAT_COMMANDS[name]!.run(args, { config: f.config, database: f.database, clock: f.clock });

  it('lists rooms and changes them, with the rules applying at once', async () => {
    expect(await run('chat-rooms')).toMatch(/lobby/);
    await run('chat-room-mute', 'lobby', 'on');
    tick();
    expect((await post(player, 1, 'x')).msg).toBe(ChatMessages.roomMuted);
    await run('chat-room-mute', 'lobby', 'off');
    expect((await post(player, 1, 'x')).code).toBe(1);

    await run('chat-ban', 'lobby', player.userName, '4');
    tick();
    expect((await post(player, 1, 'x')).msg).toBe('您已被禁言1小時');
    await run('chat-ban', 'lobby', player.userName, '6');
    expect((await post(player, 1, 'x')).code).toBe(1);

    await run('chat-room-grade-bans', 'lobby', '1,2');
    tick();
    expect((await post(player, 1, 'x')).msg).toBe(ChatMessages.gradeMuted);
    await run('chat-room-grade-bans', 'lobby', 'none');
    expect((await post(player, 1, 'x')).code).toBe(1);

    const mod = await addUser(f, { prefix: 'md' });
    await run('chat-manager', 'lobby', mod.userName, 'on');
    expect(
      (await call<{ isManager: boolean }>(app, 'GET', 'chat/getRoomWeb', { roomCode: 'lobby' }, mod.cookie))
        .data.isManager,
    ).toBe(true);
    await run('chat-manager', 'lobby', mod.userName, 'off');

    await run('chat-room-password', 'lobby', '4321');
    const locked = await call<{ isPassword: boolean }>(
      app,
      'GET',
      'chat/getRoomWeb',
      { roomCode: 'lobby' },
      mod.cookie,
    );
    expect(locked.data.isPassword).toBe(true);
    await run('chat-room-password', 'lobby', 'none');

    await expect(run('chat-room-mute', 'nosuchroom', 'on')).rejects.toThrow(/nosuchroom/);
    await expect(run('chat-ban', 'lobby', player.userName, '9')).rejects.toThrow(/1-6/);
  });

  it('creates a room and deletes it', async () => {
    expect(await run('chat-room-create', 'night', '夜场')).toMatch(/night/);
    expect((await call(app, 'GET', 'chat/getRoomWeb', { roomCode: 'night' }, player.cookie)).code).toBe(1);
    await run('chat-room-delete', 'night');
    expect((await call(app, 'GET', 'chat/getRoomWeb', { roomCode: 'night' }, player.cookie)).msg).toBe(
      ChatMessages.roomDeleted,
    );
  });
});
