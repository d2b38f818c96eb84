import { formatMoney } from '@lottery/contract/money';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../db/sql';
import { whileFailing } from '../../test/refuse-writes';
import {
  addUser,
  type ChatFixture,
  call,
  chatApp,
  chatFixture,
  fund,
  giveSafetyPassword,
  safetyWire,
  type TestUser,
} from '../chat/testing';
import { AccountCodes, balanceOf } from '../wallet/index';

/**
 * Sending, grabbing and refunding an envelope each write several rows (the envelope and its
 * shares, the ledger, the chat message): a write that fails part-way leaves none of them and the
 * money where it was.
 */
let f: ChatFixture;
let app: FastifyInstance;
let sender: TestUser;
let grabber: TestUser;

beforeAll(async () => {
  f = await chatFixture();
  app = await chatApp(f);
  sender = await addUser(f, { prefix: 'ea' });
  grabber = await addUser(f, { prefix: 'eb' });
  await giveSafetyPassword(f, sender);
  await fund(f, sender, 1_000_000n); // 100 yuan
}, 60_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

const db = () => f.database.db;
/** Read from the ledger (the players' sessions lapse when the clock jumps 12 hours). */
const balance = async (u: TestUser) =>
  formatMoney(await balanceOf(db(), f.tenantId, AccountCodes.player(u.userId)));
const count = async (table: string) =>
  (await queryOne<{ n: number }>(db(), sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))!.n;
const send = () =>
  call<{ recordId: number }>(
    app,
    'POST',
    'chat/sendRedEnvelope',
    { roomCode: 'lobby', num: '2', type: 2, amount: '10', safetyPassword: safetyWire(f, sender) },
    sender.cookie,
  );
const grab = (recordId: number) =>
  call<{ state: number }>(app, 'POST', 'chat/openRedEnvelope', { recordId }, grabber.cookie);

describe('red envelopes are all or nothing', () => {
  it('sending: no envelope, share, message or debit when the message cannot be stored', async () => {
    f.clock.advance(10_000);
    const before = { envelopes: await count('red_envelope'), messages: await count('chat_message') };
    const failed = await whileFailing(db(), 'chat_message', 'INSERT', send);
    expect(failed.code).not.toBe(1);
    expect(await count('red_envelope')).toBe(before.envelopes);
    expect(await count('chat_message')).toBe(before.messages);
    expect(await balance(sender)).toBe('100.00');
    expect((await send()).code).toBe(1);
    expect(await balance(sender)).toBe('90.00');
  });

  it('grabbing: the share stays open and nothing is credited when the credit fails', async () => {
    f.clock.advance(10_000);
    const { data } = await send();
    const failed = await whileFailing(db(), 'ledger_entry', 'INSERT', () => grab(data.recordId));
    expect(failed.code === 1 && failed.data.state === 1).toBe(false);
    expect(await balance(grabber)).toBe('0.00');
    const claimed = await queryOne<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM red_envelope_share WHERE envelope_id = ${data.recordId} AND user_id IS NOT NULL`,
    );
    expect(claimed!.n).toBe(0);
    expect((await grab(data.recordId)).data.state).toBe(1);
    expect(await balance(grabber)).not.toBe('0.00');
  });

  it('refunding: the envelope stays unrefunded when the refund cannot be credited', async () => {
    f.clock.advance(10_000);
    const { data } = await send();
    f.clock.advance(12 * 3600_000 + 1);
    const balanceBefore = await balance(sender);
    await expect(
      whileFailing(db(), 'ledger_entry', 'INSERT', () => app.chatModule.envelopes.refund(data.recordId)),
    ).rejects.toThrow();
    const row = await queryOne<{ refunded_at: string | null }>(
      db(),
      sql`SELECT refunded_at FROM red_envelope WHERE id = ${data.recordId}`,
    );
    expect(row!.refunded_at).toBeNull();
    expect(await balance(sender)).toBe(balanceBefore);
    expect(await app.chatModule.envelopes.refund(data.recordId)).toBe(100_000n);
  });
});
