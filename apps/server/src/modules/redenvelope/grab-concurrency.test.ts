import { ENVELOPE_EXPIRY_MS } from '@lottery/contract/redenvelope';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../db/sql';
import type { Actor, ChatUser } from '../chat/index';
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
import { auditLedger } from '../wallet/index';

/**
 * Hundreds of concurrent grabs on PostgreSQL (TEST_DATABASE_URL; PGlite when it is not set, where
 * the same invariants hold on one connection): sum of grabs + refund = total, nobody grabs twice,
 * no share below 0.01, no grab after expiry, refund at most once, the ledger audit holds.
 */
const url = process.env.TEST_DATABASE_URL;
const PLAYERS = url ? 400 : 120;
const COUNTS = url ? [1, 37, 150, 600] : [1, 20, 60, 200];

let f: ChatFixture;
let app: FastifyInstance;
let sender: TestUser;
let actors: (Actor & { kind: 'user' })[];

beforeAll(async () => {
  // Thousands of grabs at once queue for 20 connections far longer than the 2 s a player's call
  // may wait in production (it would answer 系统繁忙); this test is about the invariants, so every
  // grab waits its turn.
  f = await chatFixture({ postgresUrl: url, poolSize: 20, connectTimeoutMs: 60_000 });
  app = await chatApp(f);
  sender = await addUser(f, { prefix: 'big' });
  await giveSafetyPassword(f, sender);
  await fund(f, sender, 100_000_000n); // 10 000 yuan
  const now = f.clock.now();
  await f.database.db.execute(sql`INSERT INTO users (tenant_id, user_name, password_hash, grade, rebate_updated_at, password_changed_at, created_at)
    SELECT ${f.tenantId}, 'grab' || g, 'x', 1, ${now}, ${now}, ${now} FROM generate_series(1, ${PLAYERS}) g`);
  const users = await queryRows<ChatUser>(
    f.database.db,
    sql`SELECT id::int, tenant_id, user_name, nick_name, avatar, grade, gender, status FROM users WHERE user_name LIKE 'grab%' ORDER BY id`,
  );
  actors = users.map((user) => ({
    kind: 'user',
    tenantId: f.tenantId,
    userId: user.id,
    sessionId: null,
    user,
  }));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

describe('concurrent grabs', () => {
  it('keep every envelope invariant', async () => {
    const { envelopes } = app.chatModule;
    const ids: number[] = [];
    for (const [i, count] of COUNTS.entries()) {
      const r = await call<{ recordId: number }>(
        app,
        'POST',
        'chat/sendRedEnvelope',
        {
          roomCode: 'lobby',
          num: String(count),
          type: 2,
          amount: String(count * 2 + i),
          safetyPassword: safetyWire(f, sender),
        },
        sender.cookie,
      );
      expect(r.code).toBe(1);
      ids.push(r.data.recordId);
    }

    // Every player grabs every envelope twice, all at once.
    const attempts = ids.flatMap((id) =>
      actors.flatMap((a) => [envelopes.open(a, id), envelopes.open(a, id)]),
    );
    const results = await Promise.all(attempts);
    expect(results.every((r) => r.state === 1 || r.state === 0)).toBe(true);
    for (const i of ids.keys()) {
      const wins = results
        .slice(i * actors.length * 2, (i + 1) * actors.length * 2)
        .filter((r) => r.state === 1);
      expect(wins).toHaveLength(Math.min(COUNTS[i]!, actors.length));
    }

    // Past expiry: more grabs race several refund claims.
    f.clock.advance(ENVELOPE_EXPIRY_MS);
    const late = ids.flatMap((id) => actors.slice(0, 50).map((a) => envelopes.open(a, id)));
    const refunds = ids.flatMap((id) => [envelopes.refund(id), envelopes.refund(id), envelopes.refund(id)]);
    const [lateResults, refundResults] = await Promise.all([Promise.all(late), Promise.all(refunds)]);
    expect(lateResults.every((r) => r.state !== 1)).toBe(true);
    for (let i = 0; i < ids.length; i++) {
      expect(refundResults.slice(i * 3, i * 3 + 3).filter((r) => r !== null)).toHaveLength(1);
    }
    expect(await envelopes.refundExpired()).toBe(0);

    for (const id of ids) {
      const row = await queryOne<{
        total: string;
        grabbed: string;
        refund: string;
        dupes: number;
        below: number;
        after: number;
      }>(
        f.database.db,
        sql`SELECT e.total_minor::text AS total,
              (SELECT coalesce(sum(amount_minor), 0) FROM red_envelope_share WHERE envelope_id = e.id AND user_id IS NOT NULL)::text AS grabbed,
              e.refund_minor::text AS refund,
              (SELECT count(*) FROM (SELECT user_id FROM red_envelope_share WHERE envelope_id = e.id AND user_id IS NOT NULL
                 GROUP BY user_id HAVING count(*) > 1) d)::int AS dupes,
              (SELECT count(*) FROM red_envelope_share WHERE envelope_id = e.id AND amount_minor < 100)::int AS below,
              (SELECT count(*) FROM red_envelope_share WHERE envelope_id = e.id AND claimed_at >= e.expires_at)::int AS after
            FROM red_envelope e WHERE e.id = ${id}`,
      );
      expect(BigInt(row!.grabbed) + BigInt(row!.refund)).toBe(BigInt(row!.total));
      expect(row).toMatchObject({ dupes: 0, below: 0, after: 0 });
      const escrow = await queryOne<{ b: string }>(
        f.database.db,
        sql`SELECT a.balance_minor::text AS b FROM wallet_account a JOIN red_envelope e ON e.escrow_account_id = a.id WHERE e.id = ${id}`,
      );
      expect(escrow?.b).toBe('0');
      const refundTxns = await queryOne<{ n: number }>(
        f.database.db,
        sql`SELECT count(*)::int AS n FROM ledger_txn WHERE type_code = 212 AND related_id = ${String(id)}`,
      );
      expect(refundTxns?.n).toBe(BigInt(row!.refund) > 0n ? 1 : 0);
    }
    const audit = await auditLedger(f.database.db);
    expect(audit.ok).toBe(true);
  }, 300_000);
});
