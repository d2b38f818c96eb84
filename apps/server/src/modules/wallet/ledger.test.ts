import { Codes } from '@lottery/contract/codes';
import { yuan } from '@lottery/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import { houseAccount, playerAccount, withdrawEscrowAccount } from './accounts';
import { auditLedger } from './audit';
import { LedgerInvariantError, postTransfer } from './ledger';
import { type LedgerFixture, ledgerFixture } from './ledger-fixture';

const NOW = Date.UTC(2026, 2, 1, 4, 0);
let fx: LedgerFixture;
let db: Db;

beforeAll(async () => {
  fx = await ledgerFixture();
  db = fx.database.db;
});
afterAll(async () => {
  await fx?.close();
});

async function newPlayer(): Promise<{ player: number; house: number; escrow: number }> {
  const [userId] = await fx.addUsers(1);
  return {
    player: await playerAccount(db, fx.tenantId, userId!),
    house: await houseAccount(db, fx.tenantId, userId!),
    escrow: await withdrawEscrowAccount(db, fx.tenantId, userId!),
  };
}

const credit = (key: string, player: number, house: number, amountMinor: bigint) =>
  postTransfer(
    db,
    {
      idempotencyKey: key,
      typeCode: 401,
      lines: [
        { accountId: house, amountMinor: -amountMinor },
        { accountId: player, amountMinor },
      ],
    },
    NOW,
  );

const debit = (key: string, player: number, house: number, amountMinor: bigint) =>
  postTransfer(
    db,
    {
      idempotencyKey: key,
      typeCode: 302,
      lines: [
        { accountId: player, amountMinor: -amountMinor },
        { accountId: house, amountMinor },
      ],
      related: { kind: 'bet', id: key },
    },
    NOW,
  );

async function balance(accountId: number): Promise<bigint> {
  const [row] = await fx.database.query<{ b: string }>(
    'SELECT balance_minor::text AS b FROM wallet_account WHERE id = $1',
    [accountId],
  );
  return BigInt(row!.b);
}

describe('postTransfer', () => {
  it('moves money and records balance-after on every entry', async () => {
    const { player, house } = await newPlayer();
    const first = await credit('c1', player, house, yuan(100));
    expect(first.replayed).toBe(false);
    expect(first.entries.find((e) => e.accountId === player)?.balanceAfterMinor).toBe(yuan(100));
    const second = await debit('d1', player, house, 25_000n);
    expect(second.entries.find((e) => e.accountId === player)).toEqual({
      accountId: player,
      amountMinor: -25_000n,
      balanceAfterMinor: yuan(100) - 25_000n,
    });
    expect(await balance(player)).toBe(yuan(100) - 25_000n);
  });

  it('refuses to take a player below zero with 余额不足 and writes nothing', async () => {
    const { player, house } = await newPlayer();
    await credit('c2', player, house, yuan(5));
    const error = await debit('d2', player, house, yuan(5) + 1n).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(Codes.INSUFFICIENT_BALANCE.code);
    expect((error as DomainError).message).toBe('余额不足');
    expect(await balance(player)).toBe(yuan(5));
    const txns = await fx.database.query("SELECT 1 FROM ledger_txn WHERE idempotency_key = 'd2'");
    expect(txns).toHaveLength(0);
    // the key was not consumed by the failed attempt
    await credit('c2b', player, house, 1n);
    expect((await debit('d2', player, house, yuan(5) + 1n)).replayed).toBe(false);
    expect(await balance(player)).toBe(0n);
  });

  it('applies an idempotency key once and returns the original result on replay', async () => {
    const { player, house } = await newPlayer();
    const first = await credit('c3', player, house, yuan(7));
    const again = await credit('c3', player, house, yuan(7));
    expect(again.replayed).toBe(true);
    expect(again.txnId).toBe(first.txnId);
    expect(again.entries).toEqual(first.entries);
    expect(await balance(player)).toBe(yuan(7));
  });

  it('refuses a replayed key carrying a different transfer', async () => {
    const { player, house } = await newPlayer();
    await credit('c4', player, house, yuan(7));
    await expect(credit('c4', player, house, yuan(8))).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await balance(player)).toBe(yuan(7));
  });

  it('refuses unbalanced, duplicate-account and unknown-code transfers before touching the database', async () => {
    const { player, house } = await newPlayer();
    const bad = [
      {
        typeCode: 401,
        lines: [
          { accountId: player, amountMinor: 5n },
          { accountId: house, amountMinor: -4n },
        ],
      },
      {
        typeCode: 401,
        lines: [
          { accountId: player, amountMinor: 5n },
          { accountId: player, amountMinor: -5n },
        ],
      },
      {
        typeCode: 999,
        lines: [
          { accountId: player, amountMinor: 5n },
          { accountId: house, amountMinor: -5n },
        ],
      },
      {
        typeCode: 401,
        lines: [
          { accountId: player, amountMinor: 0n },
          { accountId: house, amountMinor: 0n },
        ],
      },
    ];
    for (const [i, b] of bad.entries()) {
      await expect(postTransfer(db, { idempotencyKey: `bad${i}`, ...b }, NOW)).rejects.toBeInstanceOf(
        LedgerInvariantError,
      );
    }
    expect(
      await fx.database.query("SELECT 1 FROM ledger_txn WHERE idempotency_key LIKE 'bad%'"),
    ).toHaveLength(0);
  });

  it('keeps entries append-only', async () => {
    const { player, house } = await newPlayer();
    await credit('c5', player, house, yuan(1));
    await expect(
      fx.database.query('UPDATE ledger_entry SET amount_minor = 1 WHERE account_id = $1', [player]),
    ).rejects.toThrow(/append-only/);
    await expect(fx.database.query("DELETE FROM ledger_txn WHERE idempotency_key = 'c5'")).rejects.toThrow(
      /append-only/,
    );
  });

  it('holds money in escrow without it being spendable', async () => {
    const { player, house, escrow } = await newPlayer();
    await credit('c6', player, house, yuan(10));
    await postTransfer(
      db,
      {
        idempotencyKey: 'w6',
        typeCode: 301,
        lines: [
          { accountId: player, amountMinor: -yuan(10) },
          { accountId: escrow, amountMinor: yuan(10) },
        ],
      },
      NOW,
    );
    await expect(debit('d6', player, house, 1n)).rejects.toThrow('余额不足');
    expect(await balance(escrow)).toBe(yuan(10));
  });

  it('leaves a ledger whose accounts and entries sum to zero', async () => {
    const audit = await auditLedger(db, fx.tenantId);
    expect(audit.transactions).toBeGreaterThan(5);
    expect(audit).toMatchObject({
      ok: true,
      balanceSumMinor: 0n,
      entrySumMinor: 0n,
      unbalancedTxnIds: [],
      driftedAccounts: [],
      negativeAccounts: [],
    });
  });

  it('audit notices an account whose balance no longer matches its entries', async () => {
    const { player, house } = await newPlayer();
    await credit('c7', player, house, yuan(3));
    await fx.database.query('UPDATE wallet_account SET balance_minor = balance_minor + 1 WHERE id = $1', [
      player,
    ]);
    const audit = await auditLedger(db, fx.tenantId);
    expect(audit.ok).toBe(false);
    expect(audit.balanceSumMinor).toBe(1n);
    expect(audit.driftedAccounts.map((a) => a.accountId)).toEqual([player]);
    await fx.database.query('UPDATE wallet_account SET balance_minor = balance_minor - 1 WHERE id = $1', [
      player,
    ]);
  });
});
