import { Codes } from '@lottery/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { type LedgerFixture, ledgerFixture } from '../wallet/testing';
import { CODE_MAX_ATTEMPTS, consumeCode, sendCode } from './verification-codes';

// Simultaneous guesses really overlap only on PostgreSQL (PGlite is one connection).
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const NOW = Date.UTC(2026, 2, 1, 4, 0);

describe.runIf(onPostgres)('verification codes under concurrency (PostgreSQL)', () => {
  let fx: LedgerFixture;
  let db: Db;

  beforeAll(async () => {
    fx = await ledgerFixture({ poolSize: 24 });
    db = fx.database.db;
  });
  afterAll(async () => {
    await fx?.close();
  });

  it('40 simultaneous wrong codes: only 5 are checked, then even the right one is refused', async () => {
    const [userId] = await fx.addUsers(1);
    const target = `1380000${String(userId).padStart(4, '0')}`;
    let body = '';
    const gateway = {
      deliver: async (m: { body: string }) => {
        body = m.body;
        return true;
      },
    };
    await sendCode(db, gateway, {
      userId: userId!,
      purpose: 'bindPhone',
      channel: 'sms',
      target,
      nowMs: NOW,
    });
    const code = /(\d{6})/.exec(body)![1]!;
    const wrong = Array.from({ length: 40 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );

    const results = await Promise.allSettled(
      wrong.map((c) =>
        consumeCode(db, { userId: userId!, purpose: 'bindPhone', target, code: c, nowMs: NOW }),
      ),
    );
    for (const r of results) expect(r.status).toBe('rejected');
    const [row] = await fx.database.query<{ attempts: number }>(
      'SELECT attempts FROM verification_code WHERE target = $1',
      [target],
    );
    expect(row!.attempts).toBe(CODE_MAX_ATTEMPTS);
    await expect(
      consumeCode(db, { userId: userId!, purpose: 'bindPhone', target, code, nowMs: NOW }),
    ).rejects.toThrow(Codes.VERIFY_CODE_WRONG.msg);
  });

  it('20 simultaneous sends to one target: one code goes out, the rest are refused as too frequent', async () => {
    const [userId] = await fx.addUsers(1);
    const target = `1390000${String(userId).padStart(4, '0')}`;
    let delivered = 0;
    const gateway = {
      deliver: async () => {
        delivered += 1;
        return true;
      },
    };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        sendCode(db, gateway, { userId: userId!, purpose: 'bindPhone', channel: 'sms', target, nowMs: NOW }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(String(r.reason)).toContain('验证码发送过于频繁');
    }
    const [row] = await fx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM verification_code WHERE target = $1',
      [target],
    );
    expect(row!.n).toBe(1);
    expect(delivered).toBe(1);
  });
});
