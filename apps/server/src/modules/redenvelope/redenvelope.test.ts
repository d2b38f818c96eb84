import { ChatMessages } from '@lottery/contract/chat';
import { EnvelopeMessages } from '@lottery/contract/redenvelope';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../db/sql';
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
} from '../chat/testing';
import { auditLedger } from '../wallet/index';

let f: ChatFixture;
let app: FastifyInstance;
let base: string;
let sender: TestUser;
let manager: TestUser;

const balance = async (u: TestUser) =>
  (await call<{ balance: string }>(app, 'GET', 'balance/queryBalanceFront', {}, u.cookie)).data.balance;

beforeAll(async () => {
  f = await chatFixture();
  app = await chatApp(f, { pingIntervalMs: 1000 });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  sender = await addUser(f, { prefix: 'rs' });
  manager = await userNamed(f, 'manager01');
  await giveSafetyPassword(f, sender);
  await fund(f, sender, 1_000_000n); // 100 yuan
}, 60_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

const send = (u: TestUser, params: Record<string, string | number>) =>
  call<{ recordId: number }>(
    app,
    'POST',
    'chat/sendRedEnvelope',
    { roomCode: 'lobby', safetyPassword: safetyWire(f, u), ...params },
    u.cookie,
  );

describe('sending', () => {
  it('shows the configuration and today’s quota', async () => {
    const cfg = await call<{
      maxAmount: string;
      amount: string;
      dayLimitCount: number;
      dayLimitSendCount: number;
    }>(app, 'GET', 'transfer/queryConfigurationInformation', { type: 2 }, sender.cookie);
    expect(cfg.data).toMatchObject({
      maxAmount: '10000.00',
      amount: '50000.00',
      dayLimitCount: 50,
      dayLimitSendCount: 0,
    });
  });

  it('validates with the spec’s texts before touching money', async () => {
    f.clock.advance(10_000);
    expect((await send(sender, { num: '1001', type: 2, amount: '2000' })).msg).toBe(
      EnvelopeMessages.countMax,
    );
    expect((await send(sender, { num: '1.5', type: 2, amount: '20' })).msg).toBe(
      EnvelopeMessages.countInteger,
    );
    expect((await send(sender, { num: '0', type: 2, amount: '20' })).msg).toBe(
      EnvelopeMessages.countPositive,
    );
    expect((await send(sender, { num: '5', type: 2, amount: '4.99' })).msg).toBe(EnvelopeMessages.averageMin);
    expect((await send(sender, { num: '1', type: 1, amount: '0.5' })).msg).toBe(EnvelopeMessages.singleMin);
    expect((await send(sender, { num: '1', type: 2, amount: '10000.01' })).msg).toBe(
      EnvelopeMessages.averageMax('10000'),
    );
    expect((await send(sender, { num: '1', type: 2, amount: '1.234' })).msg).toBe(EnvelopeMessages.format);
    expect((await send(sender, { num: '1', type: 2, amount: '5', wishingRemark: '祝'.repeat(21) })).msg).toBe(
      EnvelopeMessages.remarkMax,
    );
    const wrong = await call(
      app,
      'POST',
      'chat/sendRedEnvelope',
      { roomCode: 'lobby', num: '1', type: 2, amount: '5', safetyPassword: safetyWire(f, sender, '246802') },
      sender.cookie,
    );
    expect(wrong.code).toBe(-1);
    const noSafety = await addUser(f);
    await fund(f, noSafety, 100_000n);
    expect((await send(noSafety, { num: '1', type: 2, amount: '5' })).msg).toBe(
      EnvelopeMessages.noSafetyPassword,
    );
    const poor = await addUser(f);
    await giveSafetyPassword(f, poor);
    expect((await send(poor, { num: '1', type: 2, amount: '5' })).msg).toBe('余额不足');
    expect(await balance(sender)).toBe('100.00');
  });

  it('refuses envelopes from banned members (禁言状态不允许发送…)', async () => {
    const banned = await addUser(f);
    await giveSafetyPassword(f, banned);
    await fund(f, banned, 100_000n);
    await call(
      app,
      'POST',
      'chat/addBanFront',
      { roomCode: 'lobby', target: banned.userName, durationTypeId: 4 },
      manager.cookie,
    );
    expect((await send(banned, { num: '1', type: 2, amount: '5' })).msg).toBe(ChatMessages.mutedNoMedia);
    expect(await balance(banned)).toBe('10.00');
  });
});

describe('a lucky envelope of 5 shares grabbed by three players, then refunded', () => {
  let recordId: number;
  const grabbers: TestUser[] = [];

  it('moves the money to escrow and posts a type-3 message', async () => {
    const watcher = connect(base, { type: '1', roomId: 'lobby' }, { cookie: manager.cookie });
    await watcher.next((e) => e.code === 2);
    const sent = await send(sender, { num: '5', type: 2, amount: '10', wishingRemark: '大吉大利' });
    expect(sent.code).toBe(1);
    recordId = sent.data.recordId;
    expect(await balance(sender)).toBe('90.00');
    const msg = (
      await watcher.next((e) => e.code === 1 && (e.data as { messageTypeId: number }).messageTypeId === 3)
    ).data as { message: string };
    expect(JSON.parse(msg.message)).toMatchObject({ recordId, wishingRemark: '大吉大利', type: 2 });
    const escrow = await queryOne<{ b: string }>(
      f.database.db,
      sql`SELECT a.balance_minor::text AS b FROM wallet_account a JOIN red_envelope e ON e.escrow_account_id = a.id WHERE e.id = ${recordId}`,
    );
    expect(escrow?.b).toBe('100000');
    watcher.ws.close();
  });

  it('credits each grab once; a second grab by the same player gets state 0', async () => {
    for (let i = 0; i < 3; i++) grabbers.push(await addUser(f, { prefix: 'gr' }));
    let got = 0n;
    for (const g of grabbers) {
      const before = await call<{ showContent: number }>(
        app,
        'POST',
        'chat/snatchRedEnvelope',
        { recordId },
        g.cookie,
      );
      expect(before.data.showContent).toBe(1);
      const r = await call<{ state: number; amount: string }>(
        app,
        'POST',
        'chat/openRedEnvelope',
        { recordId, roomCode: 'lobby' },
        g.cookie,
      );
      expect(r.data.state).toBe(1);
      expect(await balance(g)).toBe(r.data.amount);
      got += BigInt(r.data.amount.replace('.', '')) * 100n;
      const again = await call<{ state: number }>(
        app,
        'POST',
        'chat/openRedEnvelope',
        { recordId },
        g.cookie,
      );
      expect(again.data.state).toBe(0);
      const after = await call<{ showContent: number; amount: string }>(
        app,
        'POST',
        'chat/snatchRedEnvelope',
        { recordId },
        g.cookie,
      );
      expect(after.data).toMatchObject({ showContent: 2, amount: r.data.amount });
    }
    const status = await call<{
      receivedCount: number;
      count: number;
      receivedAmount: string;
      list: unknown[];
    }>(app, 'POST', 'chat/snatchRedEnvelope', { recordId }, sender.cookie);
    expect(status.data).toMatchObject({ receivedCount: 3, count: 5 });
    expect(status.data.list).toHaveLength(3);
    expect(BigInt(status.data.receivedAmount.replace('.', '')) * 100n).toBe(got);
    const rec = await call<{ rows: { recordId: number; dispatchType: number }[]; total: number }>(
      app,
      'GET',
      'transfer/queryReceiveRedEnvelope',
      { pageNum: 1 },
      grabbers[0]!.cookie,
    );
    expect(rec.data.total).toBe(1);
    expect(rec.data.rows[0]).toMatchObject({ recordId, dispatchType: 2 });
  });

  it('refuses guests with the spec’s text', async () => {
    const r = await call(app, 'POST', 'chat/openRedEnvelope', { recordId });
    expect(r.msg).toBe('访客不能抢红包，请先注册登录');
  });

  it('after 12 hours refuses grabs and refunds the remainder exactly once (code 212)', async () => {
    f.clock.advance(12 * 3600_000);
    // sessions idle out after 2 hours: log the sender and the manager in again
    sender = await userNamed(f, sender.userName);
    manager = await userNamed(f, 'manager01');
    const late = await addUser(f);
    expect(
      (await call<{ state: number }>(app, 'POST', 'chat/openRedEnvelope', { recordId }, late.cookie)).data
        .state,
    ).toBe(-1);
    expect(
      (await call<{ showContent: number }>(app, 'POST', 'chat/snatchRedEnvelope', { recordId }, late.cookie))
        .data.showContent,
    ).toBe(3);
    const [a, b] = await Promise.all([
      app.chatModule.envelopes.refund(recordId),
      app.chatModule.envelopes.refund(recordId),
    ]);
    expect([a, b].filter((x) => x !== null)).toHaveLength(1);
    expect(await app.chatModule.envelopes.refundExpired()).toBe(0);
    const refund = (a ?? b)!;
    const grabbed = await queryOne<{ s: string }>(
      f.database.db,
      sql`SELECT sum(amount_minor)::text AS s FROM red_envelope_share WHERE envelope_id = ${recordId} AND user_id IS NOT NULL`,
    );
    expect(BigInt(grabbed!.s) + refund).toBe(100_000n);
    const senderMinor = 900_000n + refund;
    expect(await balance(sender)).toBe(
      `${senderMinor / 10_000n}.${String(senderMinor % 10_000n)
        .padStart(4, '0')
        .slice(0, 2)}`,
    );
    const types = await queryRows<{ type_code: number }>(
      f.database.db,
      sql`SELECT DISTINCT t.type_code FROM ledger_txn t WHERE t.related_kind = 'red_envelope' AND t.related_id = ${String(recordId)} ORDER BY 1`,
    );
    expect(types.map((t) => t.type_code)).toEqual([211, 212, 304]);
    const sent = await call<{ rows: { recordId: number; receiveNum: number; refundAmount: string }[] }>(
      app,
      'GET',
      'transfer/querySendRedEnvelope',
      {},
      sender.cookie,
    );
    expect(sent.data.rows.find((r) => r.recordId === recordId)).toMatchObject({ receiveNum: 3 });
    expect((await auditLedger(f.database.db)).ok).toBe(true);
  });
});

describe('limits and private envelopes', () => {
  it('enforces the daily count', async () => {
    const u = await addUser(f);
    await giveSafetyPassword(f, u);
    await fund(f, u, 500_000n);
    await f.database.db.execute(
      sql`UPDATE red_envelope_config SET day_limit_count = 2 WHERE tenant_id = ${f.tenantId}`,
    );
    f.clock.advance(10_000);
    expect((await send(u, { num: '1', type: 1, amount: '1' })).code).toBe(1);
    expect((await send(u, { num: '2', type: 1, amount: '1' })).code).toBe(1);
    expect((await send(u, { num: '1', type: 1, amount: '1' })).msg).toBe('您每日可发红包次数为2次，已超限制');
    await f.database.db.execute(
      sql`UPDATE red_envelope_config SET day_limit_count = 50 WHERE tenant_id = ${f.tenantId}`,
    );
    expect(await balance(u)).toBe('47.00');
  });

  it('sends a single envelope in a private room that only the other member can open', async () => {
    const room = await call<{ roomId: number }>(
      app,
      'GET',
      'chat/getDirectRoomWeb',
      { targetUserId: manager.userId },
      sender.cookie,
    );
    const sent = await call<{ recordId: number }>(
      app,
      'POST',
      'chat/sendRedEnvelope',
      {
        directRoomId: room.data.roomId,
        num: '9',
        type: 1,
        amount: '2',
        safetyPassword: safetyWire(f, sender),
      },
      sender.cookie,
    );
    expect(sent.code).toBe(1);
    const outsider = await addUser(f);
    expect(
      (await call(app, 'POST', 'chat/openRedEnvelope', { recordId: sent.data.recordId }, outsider.cookie))
        .msg,
    ).toBe(ChatMessages.roomNotFound);
    expect(
      (
        await call<{ state: number }>(
          app,
          'POST',
          'chat/openRedEnvelope',
          { recordId: sent.data.recordId },
          sender.cookie,
        )
      ).data.state,
    ).toBe(0);
    const opened = await call<{ state: number; amount: string }>(
      app,
      'POST',
      'chat/openRedEnvelope',
      { recordId: sent.data.recordId },
      manager.cookie,
    );
    expect(opened.data).toEqual({ state: 1, amount: '2.00' });
    expect(
      (
        await call(
          app,
          'POST',
          'chat/updateReadedRedEnvelop',
          { recordCode: sent.data.recordId, state: 2 },
          manager.cookie,
        )
      ).code,
    ).toBe(1);
    const list = await call<{
      rows: { messageTypeId: number; redEnvelope?: { isRead: boolean; state: number } }[];
    }>(app, 'GET', 'chat/getDirectMessageListWeb', { roomId: room.data.roomId }, manager.cookie);
    expect(list.data.rows.find((m) => m.messageTypeId === 3)?.redEnvelope).toMatchObject({
      isRead: true,
      state: 2,
    });
  });
});
