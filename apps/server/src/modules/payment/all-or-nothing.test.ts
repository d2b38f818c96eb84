import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryOne } from '../../db/sql';
import { form, json, passwordDigest, testApp, uniqueName } from '../../test/app';
import { whileFailing } from '../../test/refuse-writes';
import { addBankCard, boundRealName } from '../security/index';
import { balanceOf, houseAccount, playerAccount, postTransfer } from '../wallet/index';
import {
  completeDeposit,
  createDeposit,
  ensureWalletDefaults,
  findDeposit,
  rejectWithdraw,
  requestWithdraw,
} from './index';

/**
 * Deposits, withdrawals and payout accounts write several rows (order, ledger, turnover, real
 * name): a write that fails part-way leaves none of them, and the money where it was.
 */
describe('payment writes are all or nothing', async () => {
  const { app, clock, database } = await testApp();
  const db = database.db;
  const refused = async (work: () => Promise<unknown>) => expect(work()).rejects.toThrow();

  async function player() {
    const userName = uniqueName('p');
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/register',
      ...form({ userName, password: passwordDigest(userName, 'Abc12345') }),
    });
    const userId = json<{ userId: number }>(res).data!.userId;
    const row = await queryOne<{ tenant_id: number }>(
      db,
      sql`SELECT tenant_id FROM users WHERE id = ${userId}`,
    );
    const tenantId = row!.tenant_id;
    await ensureWalletDefaults(db, tenantId, false);
    const account = await playerAccount(db, tenantId, userId);
    return { userId, tenantId, account, balance: () => balanceOf(db, tenantId, `player:${userId}`) };
  }
  /** A card number no other test has bound (numbers are unique across players). */
  const cardNo = () => `622202${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;
  const count = async (query: ReturnType<typeof sql>) => (await queryOne<{ n: number }>(db, query))!.n;

  it('binding the first card: the real name and the card together', async () => {
    const p = await player();
    const card = { cardNo: cardNo(), realName: '张三' };
    await refused(() =>
      whileFailing(db, 'payout_account', 'INSERT', () => addBankCard(db, p, card, 5, clock.now())),
    );
    expect(await boundRealName(db, p.userId)).toBeNull();
    await addBankCard(db, p, card, 5, clock.now());
    expect(await boundRealName(db, p.userId)).toBe('张三');
  });

  it('a deposit paid: the order, the credit, the bonus and the turnover rule together', async () => {
    const p = await player();
    const order = await createDeposit(db, {
      ...p,
      channel: 'alipay',
      amountMinor: 1_000_000n,
      nowMs: clock.now(),
    });
    const paid = { providerRef: 'ref-1', nowMs: clock.now() };
    await refused(() =>
      whileFailing(db, 'withdraw_flow_requirement', 'INSERT', () => completeDeposit(db, order.orderNo, paid)),
    );
    expect((await findDeposit(db, order.orderNo))!.status).toBe('pending');
    expect(
      await count(sql`SELECT count(*)::int AS n FROM ledger_entry WHERE account_id = ${p.account}`),
    ).toBe(0);
    await completeDeposit(db, order.orderNo, paid);
    expect((await findDeposit(db, order.orderNo))!.status).toBe('paid');
    expect(
      await count(sql`SELECT count(*)::int AS n FROM ledger_entry WHERE account_id = ${p.account}`),
    ).toBeGreaterThan(0);
  });

  it('a withdrawal asked, then refused: each with its ledger lines or not at all', async () => {
    const p = await player();
    const card = await addBankCard(db, p, { cardNo: cardNo(), realName: '李四' }, 5, clock.now());
    const house = await houseAccount(db, p.tenantId, p.userId);
    await postTransfer(
      db,
      {
        idempotencyKey: `fund:${p.userId}`,
        typeCode: 222,
        lines: [
          { accountId: house, amountMinor: -5_000_000n },
          { accountId: p.account, amountMinor: 5_000_000n },
        ],
      },
      clock.now(),
    );
    const ask = { ...p, payoutAccountId: card.id, amountMinor: 1_000_000n, nowMs: clock.now() };
    const before = await count(
      sql`SELECT count(*)::int AS n FROM ledger_entry WHERE account_id = ${p.account}`,
    );
    await refused(() => whileFailing(db, 'withdraw_order', 'INSERT', () => requestWithdraw(db, ask)));
    expect(
      await count(sql`SELECT count(*)::int AS n FROM ledger_entry WHERE account_id = ${p.account}`),
    ).toBe(before);
    expect(await count(sql`SELECT count(*)::int AS n FROM withdraw_order WHERE user_id = ${p.userId}`)).toBe(
      0,
    );

    const order = await requestWithdraw(db, ask);
    const held = await count(
      sql`SELECT count(*)::int AS n FROM ledger_entry WHERE account_id = ${p.account}`,
    );
    await refused(() =>
      whileFailing(db, 'ledger_entry', 'INSERT', () =>
        rejectWithdraw(db, order.orderNo, '资料不符', clock.now()),
      ),
    );
    const status = await queryOne<{ status: string }>(
      db,
      sql`SELECT status FROM withdraw_order WHERE order_no = ${order.orderNo}`,
    );
    expect(status!.status).toBe('pending');
    expect(
      await count(sql`SELECT count(*)::int AS n FROM ledger_entry WHERE account_id = ${p.account}`),
    ).toBe(held);
    await rejectWithdraw(db, order.orderNo, '资料不符', clock.now());
    expect(
      await count(sql`SELECT count(*)::int AS n FROM ledger_entry WHERE account_id = ${p.account}`),
    ).toBe(held + 1);
  });
});
