import { ChatMessages } from '@lottery/contract/chat';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  type ChatFixture,
  call,
  chatApp,
  chatFixture,
  connect,
  type TestUser,
  userNamed,
} from './chat-fixture';
import { DEMO_ROOM_PASSWORD } from './seed';
import { sha256hex } from './service';

let f: ChatFixture;
let app: FastifyInstance;
let base: string;
let manager: TestUser;
let player: TestUser;
let other: TestUser;

beforeAll(async () => {
  f = await chatFixture();
  app = await chatApp(f, { pingIntervalMs: 1000, authTimeoutMs: 300 });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  manager = await userNamed(f, 'manager01');
  player = await addUser(f, { prefix: 'pl' });
  other = await addUser(f, { prefix: 'ot' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

/** Each test gets a fresh send window: the rate limit is 5 messages per 3 s. */
const tick = () => f.clock.advance(10_000);

describe('rooms', () => {
  it('lists the seeded rooms with their flags, pages of 11', async () => {
    const r = await call<{
      rows: { roomCode: string; isPassword: boolean; isMessageBanned: boolean }[];
      total: number;
    }>(app, 'GET', 'chat/getRoomListWeb', { pageNum: 1 }, player.cookie);
    expect(r.code).toBe(1);
    expect(r.data.total).toBe(3);
    const byCode = Object.fromEntries(r.data.rows.map((x) => [x.roomCode, x]));
    expect(byCode.vip?.isPassword).toBe(true);
    expect(byCode.notice?.isMessageBanned).toBe(true);
    expect(byCode.lobby?.isPassword).toBe(false);
    expect((await call(app, 'GET', 'chat/getRoomListWeb', {})).code).toBe(0);
  });

  it('keeps a password room closed until the 4-digit password is checked', async () => {
    const before = await call(app, 'GET', 'chat/getMessageListWeb', { roomCode: 'vip' }, player.cookie);
    expect(before.code).toBe(-2);
    expect(before.msg).toBe(ChatMessages.roomPasswordRequired);
    const settings = await call<{ isPassword: boolean; isUnlocked: boolean; content: string }>(
      app,
      'GET',
      'chat/getRoomWeb',
      { roomCode: 'vip' },
      player.cookie,
    );
    expect(settings.data).toMatchObject({ isPassword: true, isUnlocked: false, content: '' });
    expect(
      (await call(app, 'POST', 'chat/checkPassword', { roomCode: 'vip', password: '12a4' }, player.cookie))
        .msg,
    ).toBe('密码为 4 位数字');
    expect(
      (await call(app, 'POST', 'chat/checkPassword', { roomCode: 'vip', password: '0000' }, player.cookie))
        .msg,
    ).toBe(ChatMessages.roomPasswordWrong);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/checkPassword',
          { roomCode: 'vip', password: DEMO_ROOM_PASSWORD },
          player.cookie,
        )
      ).code,
    ).toBe(1);
    expect((await call(app, 'GET', 'chat/getMessageListWeb', { roomCode: 'vip' }, player.cookie)).code).toBe(
      1,
    );
  });

  it('serves a sanitised introduction', async () => {
    const r = await call<{ content: string; isManager: boolean }>(
      app,
      'GET',
      'chat/getRoomWeb',
      { roomCode: 'lobby' },
      manager.cookie,
    );
    expect(r.data.content).toContain('<b>彩友大厅</b>');
    expect(r.data.isManager).toBe(true);
  });
});

describe('messages and sockets', () => {
  it('delivers a message to every socket in the room, masked for members and real for managers', async () => {
    tick();
    const p = connect(base, { type: '1', roomId: 'lobby' }, { cookie: player.cookie });
    const m = connect(base, { type: '1', roomId: 'lobby' }, { cookie: manager.cookie });
    await p.next((e) => e.code === 2 && e.success === true);
    await m.next((e) => e.code === 2 && e.success === true);
    // the connect result comes first, then the member's own online announcement
    expect(p.events.slice(0, 2).map((e) => e.code)).toEqual([2, 11]);
    const text = '<script>alert(1)</script> 你好';
    const sent = await call<{ id: number; message: string }>(
      app,
      'POST',
      'chat/addMessage',
      { roomCode: 'lobby', messageTypeId: 1, message: text },
      player.cookie,
    );
    expect(sent.code).toBe(1);
    expect(sent.data.message).toBe(text);
    const atPlayer = {
      data: (await p.next((e) => e.code === 1)).data as { userName: string; message: string },
    };
    const atManager = { data: (await m.next((e) => e.code === 1)).data as { userName: string } };
    expect(atPlayer.data.message).toBe(text);
    expect(atPlayer.data.userName).not.toBe(player.userName);
    expect(atPlayer.data.userName).toMatch(/^pl\*\*\*.$/);
    expect(atManager.data.userName).toBe(player.userName);
    // the manager joined after the player: the player saw the manager come online (event 11)
    await p.next((e) => e.code === 11 && (e.data as { userId: string }).userId === String(manager.userId));
    const online = await call<{ managers: { userId: string }[]; others: { userId: string }[] }>(
      app,
      'GET',
      'chat/getOnlineMemberListFront',
      { roomCode: 'lobby' },
      player.cookie,
    );
    expect(online.data.managers.map((x) => x.userId)).toEqual([String(manager.userId)]);
    expect(online.data.others.map((x) => x.userId)).toContain(String(player.userId));
    expect((await call<number>(app, 'GET', 'broadCast/getOnlineCount', { roomCode: 'lobby' })).data).toBe(2);
    m.ws.close();
    await p.next((e) => e.code === 12 && (e.data as { userId: string }).userId === String(manager.userId));
    p.ws.close();
  });

  it('pages by id cursor: first load 5, then 20', async () => {
    const u = await addUser(f);
    for (let i = 0; i < 30; i++) {
      if (i % 5 === 0) tick();
      expect(
        (
          await call(
            app,
            'POST',
            'chat/addMessage',
            { roomCode: 'lobby', messageTypeId: 1, message: `m${i}` },
            u.cookie,
          )
        ).code,
      ).toBe(1);
    }
    const first = await call<{ rows: { id: number; message: string }[] }>(
      app,
      'GET',
      'chat/getMessageListWeb',
      { roomCode: 'lobby' },
      u.cookie,
    );
    expect(first.data.rows.map((r) => r.message)).toEqual(['m25', 'm26', 'm27', 'm28', 'm29']);
    const older = await call<{ rows: { id: number; message: string }[] }>(
      app,
      'GET',
      'chat/getMessageListWeb',
      { roomCode: 'lobby', id: first.data.rows[0]!.id },
      u.cookie,
    );
    expect(older.data.rows).toHaveLength(20);
    expect(older.data.rows.at(-1)?.message).toBe('m24');
    expect(older.data.rows[0]?.message).toBe('m5');
    const settings = await call<{ unread: boolean }>(
      app,
      'GET',
      'chat/getRoomWeb',
      { roomCode: 'lobby' },
      u.cookie,
    );
    expect(settings.data.unread).toBe(false);
  });

  it('enforces the length limit, empty text and the send rate', async () => {
    tick();
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: '   ' },
          other.cookie,
        )
      ).msg,
    ).toBe('内容不能为空');
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: '字'.repeat(201) },
          other.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.tooLong(200));
    tick();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await call(
            app,
            'POST',
            'chat/addMessage',
            { roomCode: 'lobby', messageTypeId: 1, message: `r${i}` },
            other.cookie,
          )
        ).code,
      );
    expect(codes).toEqual([1, 1, 1, 1, 1, -98]);
  });

  it('lets members withdraw their own messages and managers others, except grade 100', async () => {
    tick();
    const p = connect(base, { type: '1', roomId: 'lobby' }, { cookie: player.cookie });
    await p.next((e) => e.code === 2);
    const mine = await call<{ id: number }>(
      app,
      'POST',
      'chat/addMessage',
      { roomCode: 'lobby', messageTypeId: 1, message: 'oops' },
      player.cookie,
    );
    const theirs = await call<{ id: number }>(
      app,
      'POST',
      'chat/addMessage',
      { roomCode: 'lobby', messageTypeId: 1, message: 'hi' },
      other.cookie,
    );
    const boss = await call<{ id: number }>(
      app,
      'POST',
      'chat/addMessage',
      { roomCode: 'lobby', messageTypeId: 1, message: 'rules' },
      manager.cookie,
    );
    expect(
      (
        await call(
          app,
          'POST',
          'chat/updateMessageStateFront',
          { roomCode: 'lobby', id: theirs.data.id },
          player.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.notYourMessage);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/updateMessageStateFront',
          { roomCode: 'lobby', id: mine.data.id },
          player.cookie,
        )
      ).code,
    ).toBe(1);
    await p.next((e) => e.code === 3 && e.type === 5 && (e.data as { id: number }).id === mine.data.id);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/updateMessageStateFront',
          { roomCode: 'lobby', id: theirs.data.id },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    const grade100 = await addUser(f, { grade: 100 });
    tick();
    const vipMsg = await call<{ id: number }>(
      app,
      'POST',
      'chat/addMessage',
      { roomCode: 'lobby', messageTypeId: 1, message: 'admin' },
      grade100.cookie,
    );
    expect(
      (
        await call(
          app,
          'POST',
          'chat/updateMessageStateFront',
          { roomCode: 'lobby', id: vipMsg.data.id },
          manager.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.cannotWithdrawGrade100);
    const list = await call<{ rows: { id: number }[] }>(
      app,
      'GET',
      'chat/getMessageListWeb',
      { roomCode: 'lobby', pageSize: 10 },
      player.cookie,
    );
    const ids = list.data.rows.map((r) => r.id);
    expect(ids).not.toContain(mine.data.id);
    expect(ids).toContain(boss.data.id);
    p.ws.close();
  });
});

describe('moderation', () => {
  it('bans a member, who then cannot send text or media until the ban is lifted', async () => {
    tick();
    const p = connect(base, { type: '1', roomId: 'lobby' }, { cookie: other.cookie });
    await p.next((e) => e.code === 2);
    const ban = await call<{ id: number }>(
      app,
      'POST',
      'chat/addBanFront',
      { roomCode: 'lobby', target: other.userName, durationTypeId: 2 },
      manager.cookie,
    );
    expect(ban.code).toBe(1);
    const event = await p.next((e) => e.code === 3 && e.type === 3);
    expect(event.msg).toBe('您已被禁言1天');
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: 'x' },
          other.cookie,
        )
      ).msg,
    ).toBe('您已被禁言1天');
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 7, message: '{"bet":1}' },
          other.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.mutedNoMedia);
    const settings = await call<{ isBanned: boolean; bannedMessage: string }>(
      app,
      'GET',
      'chat/getRoomWeb',
      { roomCode: 'lobby' },
      other.cookie,
    );
    expect(settings.data).toMatchObject({ isBanned: true, bannedMessage: '您已被禁言1天' });
    const list = await call<{
      rows: { id: number; target: string; durationTypeId: number }[];
      total: number;
    }>(
      app,
      'GET',
      'chat/getBanListFront',
      { roomCode: 'lobby', pageNum: 1, pageSize: 10, target: other.userName.slice(0, 4) },
      manager.cookie,
    );
    expect(list.data.rows).toEqual([
      expect.objectContaining({ id: ban.data.id, target: other.userName, durationTypeId: 2 }),
    ]);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/updateBanFront',
          { roomCode: 'lobby', id: ban.data.id, durationTypeId: 1 },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: 'x' },
          other.cookie,
        )
      ).msg,
    ).toBe('您已被永久禁言');
    // members cannot moderate
    expect(
      (
        await call(
          app,
          'POST',
          'chat/deleteBanFront',
          { roomCode: 'lobby', ids: String(ban.data.id) },
          player.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.managerOnly);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/deleteBanFront',
          { roomCode: 'lobby', ids: String(ban.data.id) },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    await p.next((e) => e.code === 3 && e.type === 4);
    tick();
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: 'back' },
          other.cookie,
        )
      ).code,
    ).toBe(1);
    p.ws.close();
  });

  it('expires a timed ban with the clock', async () => {
    tick();
    const u = await addUser(f);
    await call(
      app,
      'POST',
      'chat/addBanFront',
      { roomCode: 'lobby', target: u.userName, durationTypeId: 5 },
      manager.cookie,
    );
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: 'x' },
          u.cookie,
        )
      ).msg,
    ).toBe('您已被禁言半小時');
    f.clock.advance(30 * 60_000 + 1);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: 'x' },
          u.cookie,
        )
      ).code,
    ).toBe(1);
  });

  it('never bans grade 100', async () => {
    const g = await addUser(f, { grade: 100 });
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addBanFront',
          { roomCode: 'lobby', target: g.userName, durationTypeId: 1 },
          manager.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.cannotBanGrade100);
  });

  it('mutes the whole room for members but not managers', async () => {
    tick();
    const p = connect(base, { type: '1', roomId: 'lobby' }, { cookie: player.cookie });
    await p.next((e) => e.code === 2);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/updateRoomBannedWeb',
          { roomCode: 'lobby', isMessageBanned: 'true' },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    await p.next((e) => e.code === 3 && e.type === 1);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: 'x' },
          player.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.roomMuted);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: '公告' },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/updateRoomBannedWeb',
          { roomCode: 'lobby', isMessageBanned: 'false' },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    await p.next((e) => e.code === 3 && e.type === 2);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: 'x' },
          player.cookie,
        )
      ).code,
    ).toBe(1);
    p.ws.close();
  });

  it('applies grade bans (event 16) and only managers may @全部', async () => {
    tick();
    const p = connect(base, { type: '1', roomId: 'lobby' }, { cookie: player.cookie });
    await p.next((e) => e.code === 2);
    const room = await app.chatModule.chat.room(f.tenantId, 'lobby');
    await app.chatModule.chat.setGradeBans(room, [1]);
    const e16 = await p.next((e) => e.code === 16);
    expect(e16.data).toEqual({ roomId: room.id, grades: [1] });
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: 'x' },
          player.cookie,
        )
      ).msg,
    ).toBe('您的等级已禁言');
    await app.chatModule.chat.setGradeBans(room, []);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: '@全部', status: 1, userIds: 'all' },
          player.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.managerOnly);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 1, message: '@全部 开奖了', status: 1, userIds: 'all' },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    p.ws.close();
  });

  it('closes a room on deletion (13) and a member on permission change (15)', async () => {
    const room = await app.chatModule.chat.room(f.tenantId, 'notice');
    const m = connect(base, { type: '1', roomId: 'notice' }, { cookie: manager.cookie });
    await m.next((e) => e.code === 2);
    await app.chatModule.chat.setManager(room, manager.userId, false);
    expect((await m.next((e) => e.code === 15)).msg).toBe(ChatMessages.permissionChanged);
    await m.closed;
    await app.chatModule.chat.setManager(room, manager.userId, true);
    const p = connect(base, { type: '1', roomId: 'notice' }, { cookie: player.cookie });
    await p.next((e) => e.code === 2);
    await app.chatModule.chat.deleteRoom(room);
    expect((await p.next((e) => e.code === 13)).msg).toBe(ChatMessages.roomDeleted);
    await p.closed;
    expect((await call(app, 'GET', 'chat/getRoomWeb', { roomCode: 'notice' }, player.cookie)).msg).toBe(
      ChatMessages.roomDeleted,
    );
  });
});

describe('socket auth', () => {
  it('accepts a one-time key once', async () => {
    const key = (await call<string>(app, 'GET', 'broadCast/generateKey', {}, player.cookie)).data;
    const a = connect(base, { type: '7', key });
    expect((await a.next((e) => e.code === 2)).success).toBe(true);
    const b = connect(base, { type: '7', key });
    expect((await b.next((e) => e.code === 2)).success).toBe(false);
    expect((await b.closed).code).toBe(4001);
    a.ws.close();
  });

  it('authenticates by a key sent after connecting, and closes sockets that never authenticate', async () => {
    const key = (await call<string>(app, 'GET', 'broadCast/generateKey', {}, player.cookie)).data;
    const late = connect(base, { type: '7' });
    late.ws.on('open', () => late.ws.send(JSON.stringify({ code: 0, key })));
    expect((await late.next((e) => e.code === 2)).success).toBe(true);
    late.ws.close();
    const silent = connect(base, { type: '7' });
    expect((await silent.closed).code).toBe(4001);
  });

  it('refuses a foreign Origin', async () => {
    const c = connect(base, { type: '7' }, { cookie: player.cookie, origin: 'http://evil.example' });
    const result = await Promise.race([
      c.closed.then(() => 'closed'),
      c.next(() => true).then(() => 'event'),
    ]);
    expect(result).toBe('closed');
    expect(c.events).toEqual([]);
  });

  it('refuses a password room without the hashed password, accepts it with it', async () => {
    const u = await addUser(f);
    const no = connect(base, { type: '1', roomId: 'vip' }, { cookie: u.cookie });
    expect((await no.next((e) => e.code === 2)).success).toBe(false);
    const yes = connect(
      base,
      { type: '1', roomId: 'vip', password: sha256hex(DEMO_ROOM_PASSWORD) },
      { cookie: u.cookie },
    );
    expect((await yes.next((e) => e.code === 2)).success).toBe(true);
    yes.ws.close();
  });

  it('pushes event 14 to sockets of a session that logs out', async () => {
    const u = await addUser(f);
    const c = connect(base, { type: '7' }, { cookie: u.cookie });
    await c.next((e) => e.code === 2);
    expect((await call(app, 'POST', 'users/logout', {}, u.cookie)).code).toBe(1);
    const e14 = await c.next((e) => e.code === 14);
    expect(typeof e14.msg).toBe('string');
    expect((await c.closed).code).toBe(4014);
  });

  it('is reachable through the enpath form the web uses', async () => {
    const c = connect(base, { type: '7' }, { cookie: player.cookie }, '/v1/enpath/YnJvYWRDYXN0L2NoYXQ=');
    expect((await c.next((e) => e.code === 2)).success).toBe(true);
    c.ws.close();
  });

  it('closes a socket that floods the server with events', async () => {
    const c = connect(base, { type: '7' }, { cookie: player.cookie });
    await c.next((e) => e.code === 2);
    for (let i = 0; i < 30; i++) c.ws.send(JSON.stringify({ code: 6, data: 'pong' }));
    expect((await c.closed).code).toBe(4009);
  });

  it('answers ping with pong', async () => {
    const c = connect(base, { type: '7' }, { cookie: player.cookie });
    await c.next((e) => e.code === 2);
    c.ws.send(JSON.stringify({ code: 6, data: 'ping' }));
    await c.next((e) => e.code === 6 && e.data === 'pong');
    c.ws.close();
  });
});

describe('guests', () => {
  it('read an open room, post text only, and receive messages on a socket', async () => {
    tick();
    const guestCode = 'guestAbc123';
    const g = connect(base, { type: '1', roomId: 'lobby', guestCode });
    await g.next((e) => e.code === 2 && e.success === true);
    const list = await call<{ rows: unknown[] }>(app, 'GET', 'chat/getMessageListWebGuest', {
      roomCode: 'lobby',
      guestCode,
    });
    expect(list.code).toBe(1);
    expect(list.data.rows.length).toBeGreaterThan(0);
    expect(
      (
        await call(app, 'POST', 'chat/addMessageGuest', {
          roomCode: 'lobby',
          messageTypeId: 1,
          message: '路过',
          guestCode,
        })
      ).code,
    ).toBe(1);
    expect(
      (
        await call(app, 'POST', 'chat/addMessageGuest', {
          roomCode: 'lobby',
          messageTypeId: 2,
          message: '/x.jpg',
          guestCode,
        })
      ).msg,
    ).toBe(ChatMessages.guestNotAllowed);
    expect((await call(app, 'GET', 'chat/getMessageListWeb', { roomCode: 'lobby' })).code).toBe(0);
    const seen = { data: (await g.next((e) => e.code === 1)).data as { grade: number; userId: string } };
    expect(seen.data).toMatchObject({ grade: -2, userId: guestCode });
    // a guest's name goes out masked as everyone's (spec §5: first two, stars, last), in every
    // field a screen shows: the list, the socket, and the nickname the timeline prefers
    const masked = { userName: 'gu***3', nickname: 'gu***3' };
    expect(seen.data).toMatchObject(masked);
    const after = await call<{ rows: { message: string; userName: string; nickname: string }[] }>(
      app,
      'GET',
      'chat/getMessageListWebGuest',
      { roomCode: 'lobby', guestCode },
    );
    expect(after.data.rows.find((row) => row.message === '路过')).toMatchObject(masked);
    const asMember = await call<{ rows: { message: string; userName: string; nickname: string }[] }>(
      app,
      'GET',
      'chat/getMessageListWeb',
      { roomCode: 'lobby' },
      player.cookie,
    );
    expect(asMember.data.rows.find((row) => row.message === '路过')).toMatchObject(masked);
    g.ws.close();
  });
});

describe('private chat', () => {
  it('opens only with grade 100 or as a manager, and delivers to account-mode sockets', async () => {
    const refused = await call(
      app,
      'GET',
      'chat/getDirectRoomWeb',
      { targetUserId: other.userId },
      player.cookie,
    );
    expect(refused.msg).toBe(ChatMessages.directNotAllowed);
    const room = await call<{ roomId: number; targetUser: { userId: number } }>(
      app,
      'GET',
      'chat/getDirectRoomWeb',
      { targetUserId: manager.userId },
      player.cookie,
    );
    expect(room.code).toBe(1);
    expect(room.data.targetUser.userId).toBe(manager.userId);
    const again = await call<{ roomId: number }>(
      app,
      'GET',
      'chat/getDirectRoomWeb',
      { targetUserId: player.userId },
      manager.cookie,
    );
    expect(again.data.roomId).toBe(room.data.roomId);
    const inbox = connect(base, { type: '7' }, { cookie: manager.cookie });
    await inbox.next((e) => e.code === 2);
    tick();
    const sent = await call<{ id: number }>(
      app,
      'POST',
      'chat/addDirectMessage',
      { roomId: room.data.roomId, messageTypeId: 1, message: '你好管理员' },
      player.cookie,
    );
    expect(sent.code).toBe(1);
    await inbox.next((e) => e.code === 1 && (e.data as { message: string }).message === '你好管理员');
    await inbox.next((e) => e.code === 3 && e.type === 7);
    const list = await call<{ rows: { roomId: number; unread: boolean }[] }>(
      app,
      'GET',
      'chat/getDirectRoomListWeb',
      { pageNum: 1 },
      manager.cookie,
    );
    expect(list.data.rows.find((r) => r.roomId === room.data.roomId)?.unread).toBe(true);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/setDirectMessageReadWeb',
          { roomId: room.data.roomId, id: sent.data.id },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    const after = await call<{ rows: { roomId: number; unread: boolean }[] }>(
      app,
      'GET',
      'chat/getDirectRoomListWeb',
      { pageNum: 1 },
      manager.cookie,
    );
    expect(after.data.rows.find((r) => r.roomId === room.data.roomId)?.unread).toBe(false);
    expect(
      (await call(app, 'GET', 'chat/getDirectMessageListWeb', { roomId: room.data.roomId }, other.cookie))
        .msg,
    ).toBe(ChatMessages.roomNotFound);
    expect(
      (await call(app, 'POST', 'chat/recallDirectMessageWeb', { id: sent.data.id }, manager.cookie)).msg,
    ).toBe(ChatMessages.messageNotFound);
    expect(
      (await call(app, 'POST', 'chat/recallDirectMessageWeb', { id: sent.data.id }, player.cookie)).code,
    ).toBe(1);
    await inbox.next((e) => e.code === 3 && e.type === 5);
    inbox.ws.close();
  });
});

describe('players and images', () => {
  it('shows a card with the name masked for members and real for managers', async () => {
    const asMember = await call<{ userName: string; sex: number }>(
      app,
      'GET',
      'users/card',
      { userId: other.userId },
      player.cookie,
    );
    expect(asMember.data.userName).not.toBe(other.userName);
    const asManager = await call<{ userName: string; totalBonus: string }>(
      app,
      'GET',
      'chat/getRoleUserCardFront',
      { userId: other.userId, roomCode: 'lobby' },
      manager.cookie,
    );
    expect(asManager.data.userName).toBe(other.userName);
    expect(asManager.data.totalBonus).toBe('0.00');
  });

  it('keeps remarks for managers only, at most 200 characters', async () => {
    expect(
      (
        await call(
          app,
          'POST',
          'chat/setMemberRemark',
          { targetUserId: other.userId, remark: '老客户' },
          player.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.managerOnly);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/setMemberRemark',
          { targetUserId: other.userId, remark: 'x'.repeat(201) },
          manager.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.remarkTooLong);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/setMemberRemark',
          { targetUserId: other.userId, remark: '老客户' },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    expect(
      (
        await call<{ remark: string }>(
          app,
          'GET',
          'chat/getMemberRemark',
          { targetUserId: other.userId },
          manager.cookie,
        )
      ).data.remark,
    ).toBe('老客户');
  });

  const upload = async (cookie: string, body: Buffer, filename: string, extra = '') => {
    const boundary = '----chattest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\n${extra}Content-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/v1/files/uploadChatFile',
      payload,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return res.json() as {
      code: number;
      msg: string;
      data: { imgPath: string; thumbPath: string; width: number; height: number };
    };
  };

  it('re-encodes uploads checked by content, scales to 1000 px, serves them, and saves favourites', async () => {
    const png = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const up = await upload(player.cookie, png, 'a.png');
    expect(up.code).toBe(1);
    expect(up.data).toMatchObject({ width: 1000, height: 500 });
    const served = await app.inject({ method: 'GET', url: up.data.imgPath });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    expect((await upload(player.cookie, Buffer.from('<?php echo 1; ?>'), 'x.png')).msg).toBe(
      ChatMessages.imageType,
    );
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(player.cookie, big, 'big.png')).msg).toBe(ChatMessages.imageTooLarge);
    // BMP (24-bit) is decoded by us, then re-encoded
    const w = 3,
      h = 2,
      stride = 12;
    const bmp = Buffer.alloc(54 + stride * h);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(bmp.length, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(w, 18);
    bmp.writeInt32LE(h, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(24, 28);
    expect((await upload(player.cookie, bmp, 'b.bmp')).data).toMatchObject({ width: 3, height: 2 });

    tick();
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 2, message: up.data.imgPath },
          player.cookie,
        )
      ).code,
    ).toBe(1);
    expect(
      (
        await call(
          app,
          'POST',
          'chat/addMessage',
          { roomCode: 'lobby', messageTypeId: 2, message: '/v1/files/chat/202601/forged.jpg' },
          player.cookie,
        )
      ).msg,
    ).toBe(ChatMessages.imageUnknown);
    const saved = await call<{ id: number }>(
      app,
      'POST',
      'chat/addSavedImage2',
      { imgPath: up.data.imgPath, status: '0' },
      player.cookie,
    );
    expect(saved.msg).toBe('收藏成功');
    const list = await call<{ rows: { id: number; imgPath: string }[]; total: number }>(
      app,
      'GET',
      'chat/getSavedImageList',
      { pageNum: 1 },
      player.cookie,
    );
    expect(list.data.rows.map((r) => r.imgPath)).toEqual([up.data.imgPath]);
    expect(
      (await call(app, 'POST', 'chat/deleteSavedImage', { ids: String(saved.data.id) }, player.cookie)).msg,
    ).toBe('删除成功');
    expect(
      (await call<{ total: number }>(app, 'GET', 'chat/getSavedImageList', {}, player.cookie)).data.total,
    ).toBe(0);
  });
});

describe('push plans', () => {
  it('posts a type-10 pick per issue, settles it against the draw, and lists the history', async () => {
    const p = connect(base, { type: '1', roomId: 'lobby' }, { cookie: player.cookie });
    await p.next((e) => e.code === 2);
    const { pushPlans } = app.chatModule;
    await pushPlans.tick();
    await pushPlans.tick(); // same issue: nothing new
    const card = (
      await p.next((e) => e.code === 1 && (e.data as { messageTypeId: number }).messageTypeId === 10)
    ).data as { id: number; message: string; userName: string };
    const pick = JSON.parse(card.message) as {
      planId: number;
      issue: string;
      predictionResult: string;
      isPrize: number;
    };
    expect(pick).toMatchObject({ isPrize: 2, gameName: '极速快三计划' });
    expect(['大', '小']).toContain(pick.predictionResult);
    expect(card.userName).toBe('计划推送');
    expect(
      p.events.filter((e) => e.code === 1 && (e.data as { messageTypeId: number }).messageTypeId === 10),
    ).toHaveLength(1);
    // the draw for that issue: 6,6,6 is 大
    await f.database.db.execute(sql`INSERT INTO draw_issue (lottery_code, issue, business_date, seq, draw_ms, numbers, source, drawn_at)
      VALUES ('1401', ${pick.issue}, '2026-01-15', 1, ${f.clock.now()}, '6,6,6', 'official', ${f.clock.now()})`);
    f.clock.advance(60_000);
    await pushPlans.tick();
    const history = await call<{
      rows: { issue: string; openNumber: string; isPrize: number; predictionResult: string }[];
      total: number;
    }>(
      app,
      'GET',
      'chat/getPushPlayListFront',
      { playId: pick.planId, pageNum: 1, pageSize: 10 },
      player.cookie,
    );
    expect(history.code).toBe(1);
    expect(history.data.total).toBe(2);
    const settled = history.data.rows.find((r) => r.issue === pick.issue)!;
    expect(settled).toMatchObject({ openNumber: '6,6,6', isPrize: pick.predictionResult === '大' ? 1 : 0 });
    expect(history.data.rows.find((r) => r.issue !== pick.issue)?.isPrize).toBe(2);
    // the card in the room turns 已中 / 未中: sent again under the same id, and stored so
    const hit = pick.predictionResult === '大' ? 1 : 0;
    const update = (
      await p.next(
        (e) =>
          e.code === 1 &&
          (e.data as { id: number }).id === card.id &&
          JSON.parse((e.data as { message: string }).message).isPrize !== 2,
      )
    ).data as { message: string; userName: string };
    expect(JSON.parse(update.message)).toMatchObject({ ...pick, isPrize: hit, openNumber: '6,6,6' });
    expect(update.userName).toBe('计划推送');
    const stored = await call<{ rows: { id: number; message: string }[] }>(
      app,
      'GET',
      'chat/getMessageListWeb',
      { roomCode: 'lobby', pageSize: 20 },
      player.cookie,
    );
    const row = stored.data.rows.find((r) => r.id === card.id)!;
    expect(JSON.parse(row.message)).toMatchObject({ isPrize: hit, openNumber: '6,6,6' });
    // settling again changes nothing and sends nothing
    const frames = p.events.length;
    await pushPlans.tick();
    expect(p.events.slice(frames).filter((e) => e.code === 1)).toHaveLength(0);
    p.ws.close();
  });
});
