import { yuan } from '@lottery/contract/money';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { completeDeposit, createDeposit, ensureWalletDefaults, requestWithdraw } from '../payment/index';
import { addBankCard } from '../security/index';
import { houseAccount, playerAccount, withdrawEscrowAccount } from './accounts';
import { auditLedger } from './audit';
import { postTransfer, postTransferIn } from './ledger';
import { type LedgerFixture, ledgerFixture } from './ledger-fixture';

// Races and locking are proved on PostgreSQL, where connections really run in parallel
// (DESIGN.md §8); PGlite is a single connection, so these run in the server-pg project only.
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

const NOW = Date.UTC(2026, 2, 1, 4, 0);

describe.runIf(onPostgres)('ledger under concurrency (PostgreSQL)', () => {
  let fx: LedgerFixture;
  let db: Db;

  beforeAll(async () => {
    fx = await ledgerFixture({ poolSize: 24 });
    db = fx.database.db;
  });
  afterAll(async () => {
    await fx?.close();
  });

  async function fundedPlayer(amountMinor: bigint) {
    const [userId] = await fx.addUsers(1);
    const player = await playerAccount(db, fx.tenantId, userId!);
    const house = await houseAccount(db, fx.tenantId, userId!);
    const escrow = await withdrawEscrowAccount(db, fx.tenantId, userId!);
    await postTransfer(
      db,
      {
        idempotencyKey: `fund:${userId}`,
        typeCode: 401,
        lines: [
          { accountId: house, amountMinor: -amountMinor },
          { accountId: player, amountMinor },
        ],
      },
      NOW,
    );
    return { userId: userId!, player, house, escrow };
  }

  const balance = async (accountId: number) =>
    BigInt(
      (
        await fx.database.query<{ b: string }>(
          'SELECT balance_minor::text AS b FROM wallet_account WHERE id = $1',
          [accountId],
        )
      )[0]!.b,
    );

  it('200 concurrent 1-yuan debits on a 50-yuan balance: exactly 50 succeed, never negative', async () => {
    const { player, house } = await fundedPlayer(yuan(50));
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        postTransfer(
          db,
          {
            idempotencyKey: `race-debit:${player}:${i}`,
            typeCode: 302,
            lines: [
              { accountId: player, amountMinor: -yuan(1) },
              { accountId: house, amountMinor: yuan(1) },
            ],
          },
          NOW,
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(50);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason.message === '余额不足')).toBe(true);
    expect(await balance(player)).toBe(0n);
    const afters = ok
      .map((r) => r.value.entries.find((e) => e.accountId === player)!.balanceAfterMinor)
      .sort((a, b) => (a < b ? -1 : 1));
    // every successful debit saw a distinct balance: 49, 48, …, 0 yuan
    expect(afters).toEqual(Array.from({ length: 50 }, (_, i) => yuan(i)));
  });

  it('credits racing debits on one account: the floor holds and nothing is lost', async () => {
    const { player, house } = await fundedPlayer(1000n);
    const results = await Promise.allSettled(
      Array.from({ length: 240 }, (_, i) =>
        postTransfer(
          db,
          {
            idempotencyKey: `credit-race:${player}:${i}`,
            typeCode: i % 3 === 0 ? 205 : 302,
            lines:
              i % 3 === 0
                ? [
                    { accountId: house, amountMinor: -20n },
                    { accountId: player, amountMinor: 20n },
                  ]
                : [
                    { accountId: player, amountMinor: -30n },
                    { accountId: house, amountMinor: 30n },
                  ],
          },
          NOW,
        ),
      ),
    );
    const applied = results.filter((r) => r.status === 'fulfilled').length;
    for (const r of results) if (r.status === 'rejected') expect(r.reason.message).toBe('余额不足');
    const [sum] = await fx.database.query<{ s: string }>(
      'SELECT coalesce(sum(amount_minor), 0)::text AS s FROM ledger_entry WHERE account_id = $1',
      [player],
    );
    expect(await balance(player)).toBe(BigInt(sum!.s));
    expect(await balance(player)).toBeGreaterThanOrEqual(0n);
    expect(applied).toBeGreaterThan(80);
    expect((await auditLedger(db, fx.tenantId)).ok).toBe(true);
  });

  it('the same idempotency key fired 40 times at once applies once', async () => {
    const { player, house } = await fundedPlayer(yuan(10));
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        postTransfer(
          db,
          {
            idempotencyKey: `same-key:${player}`,
            typeCode: 205,
            lines: [
              { accountId: house, amountMinor: -yuan(3) },
              { accountId: player, amountMinor: yuan(3) },
            ],
          },
          NOW,
        ),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.txnId)).size).toBe(1);
    expect(await balance(player)).toBe(yuan(13));
    const [count] = await fx.database.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM ledger_txn WHERE idempotency_key = 'same-key:' || $1",
      [String(player)],
    );
    expect(count!.n).toBe('1');
  });

  it('mixed credits, debits and withdrawals across accounts keep every invariant', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => fundedPlayer(yuan(20))));
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const ops = Array.from({ length: 300 }, (_, i) => {
      const p = players[Math.floor(random() * players.length)]!;
      const amountMinor = BigInt(1 + Math.floor(random() * 80_000));
      const kind = random();
      const lines =
        kind < 0.4
          ? [
              { accountId: p.player, amountMinor: -amountMinor },
              { accountId: p.house, amountMinor },
            ]
          : kind < 0.7
            ? [
                { accountId: p.house, amountMinor: -amountMinor },
                { accountId: p.player, amountMinor },
              ]
            : [
                { accountId: p.player, amountMinor: -amountMinor },
                { accountId: p.escrow, amountMinor },
              ];
      const typeCode = kind < 0.4 ? 302 : kind < 0.7 ? 205 : 301;
      // a third of the operations are sent twice: the duplicate must change nothing
      const key = `mixed:${i}`;
      const send = () => postTransfer(db, { idempotencyKey: key, typeCode, lines }, NOW);
      return i % 3 === 0 ? [send(), send()] : [send()];
    }).flat();
    const results = await Promise.allSettled(ops);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason.message).toBe('余额不足');
    }
    const audit = await auditLedger(db, fx.tenantId);
    expect(audit).toMatchObject({ ok: true, balanceSumMinor: 0n, entrySumMinor: 0n, negativeAccounts: [] });
    const [dupes] = await fx.database.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM (SELECT idempotency_key FROM ledger_txn WHERE idempotency_key LIKE 'mixed:%' GROUP BY 1 HAVING count(*) > 1) d",
    );
    expect(dupes!.n).toBe('0');
  });

  it('20 simultaneous completions of one deposit credit it once (amount + bonus)', async () => {
    await ensureWalletDefaults(db, fx.tenantId, false);
    const [userId] = await fx.addUsers(1);
    const order = await createDeposit(db, {
      tenantId: fx.tenantId,
      userId: userId!,
      channel: 'alipay',
      amountMinor: yuan(500),
      nowMs: NOW,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        completeDeposit(db, order.orderNo, { providerRef: `r${i}`, nowMs: NOW }),
      ),
    );
    expect(results.filter((r) => !r.alreadyDone)).toHaveLength(1);
    const player = await playerAccount(db, fx.tenantId, userId!);
    expect(await balance(player)).toBe(yuan(505));
  });

  it('30 simultaneous withdrawals of 100 on a 500 balance: 5 go to escrow, the rest are refused', async () => {
    await ensureWalletDefaults(db, fx.tenantId, false);
    await fx.database.query('UPDATE wallet_setting SET withdraw_daily_count = 100 WHERE tenant_id = $1', [
      fx.tenantId,
    ]);
    const { userId, player, escrow } = await fundedPlayer(yuan(500));
    const card = await addBankCard(
      db,
      { userId, tenantId: fx.tenantId },
      { cardNo: `62220212345${String(userId).padStart(8, '0')}`, realName: '张三' },
      5,
      NOW,
    );
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        requestWithdraw(db, {
          tenantId: fx.tenantId,
          userId,
          payoutAccountId: card.id,
          amountMinor: yuan(100),
          nowMs: NOW,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect(r.reason.message).toBe('余额不足');
    expect(await balance(player)).toBe(0n);
    expect(await balance(escrow)).toBe(yuan(500));
    const [orders] = await fx.database.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM withdraw_order WHERE user_id = $1',
      [userId],
    );
    // refused requests left no order behind
    expect(orders!.n).toBe('5');
    expect((await auditLedger(db, fx.tenantId)).ok).toBe(true);
  });

  it('20 simultaneous withdrawals with 3 allowed a day: exactly 3 are taken', async () => {
    await ensureWalletDefaults(db, fx.tenantId, false);
    await fx.database.query('UPDATE wallet_setting SET withdraw_daily_count = 3 WHERE tenant_id = $1', [
      fx.tenantId,
    ]);
    const { userId, player, escrow } = await fundedPlayer(yuan(5000));
    const card = await addBankCard(
      db,
      { userId, tenantId: fx.tenantId },
      { cardNo: `62220212345${String(userId).padStart(8, '0')}`, realName: '张三' },
      5,
      NOW,
    );
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        requestWithdraw(db, {
          tenantId: fx.tenantId,
          userId,
          payoutAccountId: card.id,
          amountMinor: yuan(100),
          nowMs: NOW,
        }),
      ),
    );
    await fx.database.query('UPDATE wallet_setting SET withdraw_daily_count = 100 WHERE tenant_id = $1', [
      fx.tenantId,
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect(r.reason.message).toBe('每日最多可提现3次');
    expect(await balance(player)).toBe(yuan(4700));
    expect(await balance(escrow)).toBe(yuan(300));
    expect((await auditLedger(db, fx.tenantId)).ok).toBe(true);
  });

  it('10 simultaneous bank cards under different names: one real name, at most the card limit', async () => {
    const [userId] = await fx.addUsers(1);
    const names = ['张三', '李四', '王五', '赵六', '钱七', '孙八', '周九', '吴十', '郑一', '冯二'];
    const results = await Promise.allSettled(
      names.map((realName, i) =>
        addBankCard(
          db,
          { userId: userId!, tenantId: fx.tenantId },
          { cardNo: `6222021${String(userId).padStart(8, '0')}${String(i).padStart(4, '0')}`, realName },
          3,
          NOW,
        ),
      ),
    );
    const cards = await fx.database.query<{ real_name: string }>(
      "SELECT real_name FROM payout_account WHERE user_id = $1 AND kind = 'bank'",
      [userId],
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(cards.length);
    expect(cards).toHaveLength(1);
    const [bound] = await fx.database.query<{ real_name: string }>(
      'SELECT real_name FROM user_security WHERE user_id = $1',
      [userId],
    );
    expect(cards[0]!.real_name).toBe(bound!.real_name);
  });

  it('a transaction killed in the middle leaves nothing half-written', async () => {
    const { player, house } = await fundedPlayer(yuan(9));
    const url = process.env.TEST_DATABASE_URL!;
    const searchPath = (await fx.database.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;
    const victim = new pg.Client({ connectionString: url, options: `-c search_path=${searchPath}` });
    victim.on('error', () => {});
    await victim.connect();
    const victimPid = (await victim.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
    const victimDb = drizzle({ client: victim }) as unknown as Db;
    await victim.query('BEGIN');
    // the debit is applied inside the open transaction: rows locked, txn and entries written
    await postTransferIn(
      victimDb,
      {
        idempotencyKey: `killed:${player}`,
        typeCode: 302,
        lines: [
          { accountId: player, amountMinor: -yuan(4) },
          { accountId: house, amountMinor: yuan(4) },
        ],
      },
      NOW,
    );
    // another debit queues behind the victim's row lock
    const waiting = postTransfer(
      db,
      {
        idempotencyKey: `after-kill:${player}`,
        typeCode: 302,
        lines: [
          { accountId: player, amountMinor: -yuan(9) },
          { accountId: house, amountMinor: yuan(9) },
        ],
      },
      NOW,
    );
    // the process dies before COMMIT
    await fx.database.query('SELECT pg_terminate_backend($1)', [victimPid]);
    await victim.end().catch(() => {});
    // the waiting debit sees the whole balance: the victim's half-done work vanished
    const after = await waiting;
    expect(after.entries.find((e) => e.accountId === player)!.balanceAfterMinor).toBe(0n);
    const rows = await fx.database.query("SELECT 1 FROM ledger_txn WHERE idempotency_key = 'killed:' || $1", [
      String(player),
    ]);
    expect(rows).toHaveLength(0);
    expect((await auditLedger(db, fx.tenantId)).ok).toBe(true);
  });
});
