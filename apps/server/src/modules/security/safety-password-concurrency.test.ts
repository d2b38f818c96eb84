import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { type LedgerFixture, ledgerFixture } from '../wallet/testing';
import { SAFETY_MAX_ATTEMPTS, setSafetyPassword, verifySafetyPassword } from './safety-password';
import { encryptSafetyPassword } from './safety-password-cipher-client';

// Simultaneous guesses really overlap only on PostgreSQL (PGlite is one connection).
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const NOW = Date.UTC(2026, 2, 1, 4, 0);

describe.runIf(onPostgres)('safety password under concurrency (PostgreSQL)', () => {
  let fx: LedgerFixture;
  let db: Db;

  beforeAll(async () => {
    fx = await ledgerFixture({ poolSize: 24 });
    db = fx.database.db;
  });
  afterAll(async () => {
    await fx?.close();
  });

  it('20 simultaneous wrong guesses: exactly 5 are counted, the rest are refused as locked', async () => {
    const [userId] = await fx.addUsers(1);
    const [row] = await fx.database.query<{ user_name: string }>(
      'SELECT user_name FROM users WHERE id = $1',
      [userId],
    );
    const user = { userId: userId!, userName: row!.user_name };
    const wire = (p: string) => encryptSafetyPassword(p, user.userName, NOW);
    await setSafetyPassword(db, user, { safetyPassword: wire('135790') }, NOW);

    const guesses = Array.from({ length: 20 }, (_, i) => String(200000 + i * 7));
    const results = await Promise.allSettled(
      guesses.map((g) => verifySafetyPassword(db, user, wire(g), NOW)),
    );
    const refused = results.map((r) => (r.status === 'rejected' ? String(r.reason.message) : 'ok'));
    // every guess beyond the fifth counted failure is refused as locked, and not counted
    expect(refused.filter((m) => m.includes('已被锁定')).length).toBeGreaterThanOrEqual(
      20 - SAFETY_MAX_ATTEMPTS,
    );
    expect(refused.filter((m) => m.includes('次机会')).length).toBeLessThanOrEqual(SAFETY_MAX_ATTEMPTS - 1);
    // and the right password stays locked out afterwards
    await expect(verifySafetyPassword(db, user, wire('135790'), NOW)).rejects.toThrow('已被锁定');
  });
});
