import { formatMoney } from '@lottery/contract/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryOne } from '../../db/sql';
import { form, json, passwordDigest, sessionCookie, testApp, uniqueName } from '../../test/app';
import { houseAccount, playerAccount } from './accounts';
import { postTransfer } from './ledger';

/**
 * Issue 9 item 10: transaction records are listed in the ledger's own order, so the first row's
 * balance-after is the balance, even when bets that started later committed earlier. On
 * PostgreSQL (server-pg) the debits really run at once.
 */
describe('transaction records order', async () => {
  const { app, clock, database } = await testApp();

  async function newPlayer() {
    const userName = uniqueName('ro');
    const res = await app.inject({
      method: 'POST',
      url: '/v1/users/register',
      ...form({ userName, password: passwordDigest(userName, 'Abc12345') }),
    });
    const userId = json<{ userId: number }>(res).data!.userId;
    const tenant = await queryOne<{ tenant_id: number }>(
      database.db,
      sql`SELECT tenant_id FROM users WHERE id = ${userId}`,
    );
    const tenantId = tenant!.tenant_id;
    return {
      cookie: sessionCookie(res),
      player: await playerAccount(database.db, tenantId, userId),
      house: await houseAccount(database.db, tenantId, userId),
    };
  }
  type Player = Awaited<ReturnType<typeof newPlayer>>;

  /** A bet's debit (302) stamped with the time its request arrived, as betting does. */
  const bet = (p: Player, key: string, amountMinor: bigint, requestedAtMs: number) =>
    postTransfer(
      database.db,
      {
        idempotencyKey: key,
        typeCode: 302,
        lines: [
          { accountId: p.player, amountMinor: -amountMinor },
          { accountId: p.house, amountMinor },
        ],
      },
      requestedAtMs,
    );

  const deposit = (p: Player, key: string, amountMinor: bigint) =>
    postTransfer(
      database.db,
      {
        idempotencyKey: key,
        typeCode: 401,
        lines: [
          { accountId: p.house, amountMinor: -amountMinor },
          { accountId: p.player, amountMinor },
        ],
      },
      clock.now() - 60_000,
    );

  async function screen(p: Player) {
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: p.cookie } });
    const balance = json<{ balance: string }>(await get('/v1/balance/queryBalanceFront')).data!.balance;
    const records = json<{ rows: { amount: string; balanceAfter: string }[] }>(
      await get('/v1/balance/getTransactionRecordsFront?period=today&type=0&pageNum=1&pageSize=100'),
    ).data!.rows;
    return { balance, records };
  }

  /** Each row's balance-after minus its amount is the next (older) row's balance-after. */
  function expectChain(rows: { amount: string; balanceAfter: string }[]) {
    const minor = (s: string) => BigInt(s.replace('.', '')) * 100n;
    for (let i = 0; i + 1 < rows.length; i++) {
      expect(formatMoney(minor(rows[i]!.balanceAfter) - minor(rows[i]!.amount))).toBe(
        formatMoney(minor(rows[i + 1]!.balanceAfter)),
      );
    }
  }

  it('a bet that arrived earlier but committed later is listed first, with the balance', async () => {
    const p = await newPlayer();
    await deposit(p, `ro:dep:${p.player}`, 1_000_000n);
    await bet(p, `ro:a:${p.player}`, 20_000n, clock.now()); // arrived second, committed first
    await bet(p, `ro:b:${p.player}`, 30_000n, clock.now() - 1_000); // arrived first, committed second
    const { balance, records } = await screen(p);
    expect(balance).toBe('95.00');
    expect(records[0]).toMatchObject({ amount: '-3.00', balanceAfter: balance });
    expectChain(records);
  });

  it('after 24 concurrent bets stamped in shuffled order the first row is the balance', async () => {
    const p = await newPlayer();
    await deposit(p, `ro:dep:${p.player}`, 10_000_000n);
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        bet(p, `ro:c:${p.player}:${i}`, BigInt(1 + i) * 10_000n, clock.now() - ((i * 7) % 24) * 1_000),
      ),
    );
    const { balance, records } = await screen(p);
    expect(records).toHaveLength(25);
    expect(records[0]!.balanceAfter).toBe(balance);
    expectChain(records);
  });
});
