/**
 * Chase bench (issue 11): what happens to 10,000 pending chase orders when their issue is drawn.
 * Chase orders are bets from the moment the chase is placed (docs/chase.md), so an issue opening
 * for sale turns nothing into anything: the work left is the issue's settlement, which here pays
 * every order (each chase bets all sixteen K3 sums, so it wins whatever is drawn) and, because
 * every chase is 中奖即停, stops all of them in the same transaction: their 4 later orders each are
 * cancelled and refunded (203). PostgreSQL only. Writes docs/bench.md, section "betting", block
 * "chase".
 *
 *   npx tsx bench/betting/chase.ts     # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench
 *   BENCH_CHASES=2000 npx tsx bench/betting/chase.ts
 */
import { cpus, loadavg } from 'node:os';
import { lineAmountMinor } from '@lottery/rules/amount';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, type IssueTimes, issueAfter } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { pgArray, pgTextArray, queryOne, queryRows } from '../../apps/server/src/db/sql';
import { ensureAccounts, settleIssue } from '../../apps/server/src/modules/betting/index';
import {
  auditLedger,
  postTransferBatchIn,
  type TransferInput,
} from '../../apps/server/src/modules/wallet/index';
import { BENCH_URL, benchSchema, writeBettingBlock } from './report';

const CHASES = Number(process.env.BENCH_CHASES ?? 10_000);
const ISSUES = 5;
const PLAYERS = 1000;
const LOTTERY = '1401';
const lottery = lotteryByCode(LOTTERY)!;
const now = Date.now();
const ALL_SUMS = Array.from({ length: 16 }, (_, i) => String(i + 3)).join(',');

const { database, drop } = await benchSchema(4);
const db = database.db;

/** A tenant, PLAYERS funded players, and CHASES chases of ISSUES orders each, debited (307). */
async function setup(issues: IssueTimes[]): Promise<void> {
  const [tenant] = await database.query<{ id: number }>(
    `INSERT INTO tenants (code, name, config, config_updated_at, page_updated_at, lottery_order_updated_at, created_at)
     VALUES ('bench', 'bench', '{}', $1, $1, $1, $1) RETURNING id`,
    [now],
  );
  const tenantId = Number(tenant!.id);
  const rows = await database.query<{ id: string }>(
    `INSERT INTO users (tenant_id, user_name, password_hash, rebate, rebate_updated_at, password_changed_at, created_at)
     SELECT $1, 'p' || g, 'x', 0, $2, $2, $2 FROM generate_series(1, ${PLAYERS}) g RETURNING id::text`,
    [tenantId, now],
  );
  const players = rows.map((r) => Number(r.id));
  const accounts = await ensureAccounts(db, [tenantId], players, now);
  const stake = lineAmountMinor({
    lotteryCode: LOTTERY,
    playDetailCode: `${LOTTERY}A10`,
    count: 16,
    multiplier: 1,
    unit: '1',
    baseMinor: 20_000n,
  });
  const funding: TransferInput[] = players.map((p) => ({
    idempotencyKey: `bench-fund:${p}`,
    typeCode: 401,
    lines: [
      { accountId: accounts.houseFor(tenantId, p)!, amountMinor: -stake * BigInt(ISSUES) * 20n },
      { accountId: accounts.player.get(p)!, amountMinor: stake * BigInt(ISSUES) * 20n },
    ],
  }));
  await db.transaction((tx) => postTransferBatchIn(tx, funding, now));

  const owners = Array.from({ length: CHASES }, (_, c) => players[c % PLAYERS]!);
  const chaseIds = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO chase (tenant_id, user_id, record_code, idempotency_key, request_digest, lottery_code, start_issue,
                           chase_count, amount_minor, stop_after_win, auto_buy, created_at)
        SELECT ${tenantId}, u, 'C' || ord, 'k' || ord, 'd', ${LOTTERY}, ${issues[0]!.issue}, ${ISSUES},
               ${stake * BigInt(ISSUES)}, true, false, ${now}
        FROM unnest(${pgArray(owners)}::bigint[]) WITH ORDINALITY AS x(u, ord) ORDER BY ord RETURNING id::text`,
  );
  const issueList = pgTextArray(issues.map((t) => t.issue));
  const opens = pgArray(issues.map((t, i) => (i === 0 ? now : Math.max(now, t.startMs))));
  const bets = await queryRows<{ id: string; user_id: string; issue: string }>(
    db,
    sql`INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code, issue, amount_minor,
                         user_rebate_tenths, point_tenths, created_at, chase_id)
        SELECT ${tenantId}, c.user_id, c.record_code || '-' || i.n, 'chase:' || c.id || ':' || i.n, ${LOTTERY},
               i.issue, ${stake}, 0, 0, i.opens, c.id
        FROM chase c CROSS JOIN unnest(${issueList}::text[], ${opens}::bigint[]) WITH ORDINALITY AS i(issue, opens, n)
        WHERE c.id = ANY(${pgArray(chaseIds.map((r) => BigInt(r.id)))}::bigint[])
        RETURNING id::text, user_id::text, issue`,
  );
  await db.execute(
    sql`INSERT INTO bet_line (bet_id, line_no, play_detail_code, betting_number, betting_count, betting_unit,
                              multiplier, amount_minor, prize_group)
        SELECT b.id, 1, ${`${LOTTERY}A10`}, ${ALL_SUMS}, 16, '1', 1, ${stake}, 1700
        FROM bet b WHERE b.chase_id IS NOT NULL`,
  );
  const debits: TransferInput[] = bets.map((b) => ({
    idempotencyKey: `bet:${b.id}`,
    typeCode: 307,
    lines: [
      { accountId: accounts.player.get(Number(b.user_id))!, amountMinor: -stake },
      { accountId: accounts.houseFor(tenantId, Number(b.user_id))!, amountMinor: stake },
    ],
    related: { kind: 'bet', id: b.id },
  }));
  await db.transaction((tx) => postTransferBatchIn(tx, debits, now));
  await db.execute(
    sql`INSERT INTO draw_issue (lottery_code, issue, business_date, seq, draw_ms, numbers, source, drawn_at)
        VALUES (${LOTTERY}, ${issues[0]!.issue}, ${issues[0]!.businessDate}, ${issues[0]!.seq}, ${issues[0]!.drawMs},
                '2,3,5', 'official', ${now})`,
  );
  await db.execute(sql`ANALYZE`);
}

try {
  const issues: IssueTimes[] = [currentIssue(lottery, now)];
  while (issues.length < ISSUES) issues.push(issueAfter(lottery, issues[issues.length - 1]!));
  console.log(`placing ${CHASES} chases of ${ISSUES} issues ...`);
  await setup(issues);

  const t0 = performance.now();
  const report = await settleIssue(db, LOTTERY, issues[0]!.issue, now);
  const settleMs = performance.now() - t0;
  const refunds = await queryOne<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM bet WHERE state = 3 AND chase_id IS NOT NULL`,
  );
  const refundTxns = await queryOne<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM ledger_txn WHERE type_code = 203`,
  );
  const stopped = await queryOne<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM chase WHERE stop_reason = 'win'`,
  );
  console.log(
    `settled ${report.bets} orders (${report.winningBets} won), stopped ${stopped!.n} chases, ${refunds!.n} orders refunded in ${refundTxns!.n} transfers: ${settleMs.toFixed(0)} ms`,
  );
  if (
    report.winningBets !== CHASES ||
    Number(stopped!.n) !== CHASES ||
    Number(refunds!.n) !== CHASES * (ISSUES - 1)
  ) {
    throw new Error('not every chase won, stopped and refunded its later orders');
  }
  const audit = await auditLedger(db);
  if (!audit.ok) throw new Error('ledger audit failed after the chase settlement');

  writeBettingBlock(
    'chase',
    `
\`npx tsx bench/betting/chase.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}) shared (1-minute load average ${loadavg()[0]!.toFixed(1)} at the start),
PostgreSQL at \`${new URL(BENCH_URL).host}\`. ${CHASES.toLocaleString('en')} chases (中奖即停) of ${ISSUES} K3 issues each by ${PLAYERS} players,
every order debited (307). Chase orders are bets from the moment the chase is placed (docs/chase.md), so
**turning the ${CHASES.toLocaleString('en')} orders of an issue into bets when it opens costs nothing: there is no such step**.
The work that remains is the issue's settlement, measured here at its heaviest: every order wins
(each bets all sixteen sums), so the same transaction also stops every chase and cancels its
${ISSUES - 1} later orders, refunded (203) in one transfer per player. Ledger audit checked after the run.

| issue settlement | orders settled | chases stopped | orders refunded | refund transfers (203) | time |
|---|---:|---:|---:|---:|---:|
| one transaction (issueSettler + stopChasesAfterWin) | ${report.bets.toLocaleString('en')} | ${Number(stopped!.n).toLocaleString('en')} | ${Number(refunds!.n).toLocaleString('en')} | ${Number(refundTxns!.n).toLocaleString('en')} | **${(settleMs / 1000).toFixed(2)} s** |

Aim: under 1 s for 10,000 pending orders (issue 11).
`,
  );
  console.log('docs/bench.md: betting/chase written');
} finally {
  await drop();
}
