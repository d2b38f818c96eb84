/**
 * Betting bench: time to settle ONE issue holding 100,000 bet lines (10,000 bets of 10 lines, 1,000
 * players under 10 agents) with the set-based issueSettler, compared in the same run with a
 * one-transaction-per-bet settlement loop over an identical issue. PostgreSQL only.
 * Writes docs/bench.md, section "betting", block "settle".
 *
 *   npx tsx bench/betting/settle.ts     # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench
 *   BENCH_BETS=2000 npx tsx bench/betting/settle.ts
 */
import { cpus, loadavg } from 'node:os';
import { lineAmountMinor } from '@lottery/rules/amount';
import { drawResult } from '@lottery/rules/fair';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { immediateRebateMinor } from '@lottery/rules/odds';
import { playsOf } from '@lottery/rules/plays';
import { seededRandom } from '@lottery/rules/rtp';
import { currentIssue, issueAfter } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { pgArray, queryOne, queryRows } from '../../apps/server/src/db/sql';
import {
  ensureAccounts,
  linePayout,
  settleIssue,
  settlementDraw,
} from '../../apps/server/src/modules/betting/index';
import { auditLedger, postTransferIn } from '../../apps/server/src/modules/wallet/index';
import { BENCH_URL, benchSchema, writeBettingBlock } from './report';

const BETS = Number(process.env.BENCH_BETS ?? 10_000);
const LINES_PER_BET = 10;
const PLAYERS = 1000;
const AGENTS = 10;
const LOTTERY = '1401';
const lottery = lotteryByCode(LOTTERY)!;
const now = Date.now();

const { database, drop } = await benchSchema(4);
const db = database.db;

async function setup(): Promise<{ tenantId: number; players: number[]; rebateOf: Map<number, number> }> {
  const [tenant] = await database.query<{ id: number }>(
    `INSERT INTO tenants (code, name, config, config_updated_at, page_updated_at, lottery_order_updated_at, created_at)
     VALUES ('bench', 'bench', '{}', $1, $1, $1, $1) RETURNING id`,
    [now],
  );
  const tenantId = Number(tenant!.id);
  const agents = await database.query<{ id: string }>(
    `INSERT INTO users (tenant_id, user_name, password_hash, is_agent, rebate, rebate_updated_at, password_changed_at, created_at)
     SELECT $1, 'agent' || g, 'x', true, 8.0, $2, $2, $2 FROM generate_series(1, ${AGENTS}) g RETURNING id::text`,
    [tenantId, now],
  );
  const agentIds = agents.map((a) => Number(a.id));
  const rows = await database.query<{ id: string }>(
    `INSERT INTO users (tenant_id, user_name, password_hash, parent_id, rebate, rebate_updated_at, password_changed_at, created_at)
     SELECT $1, 'p' || g, 'x', ($3::bigint[])[1 + g % ${AGENTS}], 7.5, $2, $2, $2
     FROM generate_series(1, ${PLAYERS}) g RETURNING id::text`,
    [tenantId, now, pgArray(agentIds)],
  );
  const players = rows.map((r) => Number(r.id));
  return { tenantId, players, rebateOf: new Map(players.map((p) => [p, 75])) };
}

/** Inserts BETS bets of LINES_PER_BET quick-picked lines on `issue`, with its draw. */
async function fillIssue(tenantId: number, players: number[], issue: string, seed: number): Promise<void> {
  const random = seededRandom(seed);
  const plays = playsOf('K3');
  const betUsers: number[] = [];
  const betAmounts: bigint[] = [];
  const betPoints: number[] = [];
  const lineBet: number[] = [];
  const lineNo: number[] = [];
  const linePlay: string[] = [];
  const lineNumber: string[] = [];
  const lineCount: number[] = [];
  const lineAmount: bigint[] = [];
  const lineGroup: number[] = [];
  for (let b = 0; b < BETS; b++) {
    const point = b % 2 === 0 ? 0 : 25;
    const group = 1700 + 2 * (75 - point);
    let total = 0n;
    for (let i = 0; i < LINES_PER_BET; i++) {
      const play = plays[(b * LINES_PER_BET + i) % plays.length]!;
      const number = play.quickPick(random);
      const count = play.count(number);
      const amount = lineAmountMinor({
        lotteryCode: LOTTERY,
        playDetailCode: `${LOTTERY}${play.code}`,
        count,
        multiplier: 1,
        unit: '1',
        baseMinor: 20_000n,
      });
      total += amount;
      lineBet.push(b);
      lineNo.push(i + 1);
      linePlay.push(`${LOTTERY}${play.code}`);
      lineNumber.push(number);
      lineCount.push(count);
      lineAmount.push(amount);
      lineGroup.push(group);
    }
    betUsers.push(players[b % players.length]!);
    betAmounts.push(total);
    betPoints.push(point);
  }
  const ids = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code, issue, amount_minor,
                         user_rebate_tenths, point_tenths, created_at)
        SELECT ${tenantId}, u, ${`${issue}-`} || ord, ${`${issue}-`} || ord, ${LOTTERY}, ${issue}, a, 75, p, ${now}
        FROM unnest(${pgArray(betUsers)}::bigint[], ${pgArray(betAmounts)}::bigint[], ${pgArray(betPoints)}::int[])
          WITH ORDINALITY AS x(u, a, p, ord)
        ORDER BY ord RETURNING id::text`,
  );
  const betIds = ids.map((r) => r.id);
  const text = (values: string[]) => JSON.stringify(values).replace(/^\[/, '{').replace(/\]$/, '}');
  const CHUNK = 20_000;
  for (let start = 0; start < lineBet.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, lineBet.length);
    await db.execute(
      sql`INSERT INTO bet_line (bet_id, line_no, play_detail_code, betting_number, betting_count, betting_unit,
                                multiplier, amount_minor, prize_group)
          SELECT b, n, p, t, c, '1', 1, a, g
          FROM unnest(${`{${lineBet
            .slice(start, end)
            .map((i) => betIds[i])
            .join(',')}}`}::bigint[],
                      ${pgArray(lineNo.slice(start, end))}::int[], ${text(linePlay.slice(start, end))}::text[],
                      ${text(lineNumber.slice(start, end))}::text[], ${pgArray(lineCount.slice(start, end))}::int[],
                      ${pgArray(lineAmount.slice(start, end))}::bigint[], ${pgArray(lineGroup.slice(start, end))}::int[])
            AS x(b, n, p, t, c, a, g)`,
    );
  }
  const secret = (seed % 256).toString(16).padStart(2, '0').repeat(32);
  const numbers = drawResult(lottery, issue, secret);
  await db.execute(
    sql`INSERT INTO draw_issue (lottery_code, issue, business_date, seq, draw_ms, numbers, source, drawn_at)
        VALUES (${LOTTERY}, ${issue}, '2026-01-01', 1, ${now}, ${numbers.join(',')}, 'official', ${now})`,
  );
}

/** The loop to beat: each bet in its own transaction, its lines and transfers written one by one. */
async function settleLoop(issue: string, tenantId: number): Promise<void> {
  const draw = await queryOne<{ numbers: string; draw_ms: string }>(
    db,
    sql`SELECT numbers, draw_ms::text FROM draw_issue WHERE lottery_code = ${LOTTERY} AND issue = ${issue}`,
  );
  const numbers = settlementDraw(lottery, draw!.numbers.split(','), Number(draw!.draw_ms));
  const bets = await queryRows<{ id: string; user_id: string }>(
    db,
    sql`SELECT id::text, user_id::text FROM bet WHERE lottery_code = ${LOTTERY} AND issue = ${issue} AND state = 0 ORDER BY id`,
  );
  const parents = new Map(
    (
      await queryRows<{ id: string; parent_id: string }>(
        db,
        sql`SELECT id::text, parent_id::text FROM users WHERE tenant_id = ${tenantId} AND parent_id IS NOT NULL`,
      )
    ).map((r) => [Number(r.id), Number(r.parent_id)]),
  );
  const accounts = await ensureAccounts(
    db as Db,
    [tenantId],
    [...new Set([...parents.keys(), ...parents.values()])],
    now,
  );
  for (const b of bets) {
    await db.transaction(async (tx) => {
      const bet = await queryOne<{ amount_minor: string; point_tenths: number }>(
        tx,
        sql`SELECT amount_minor::text, point_tenths FROM bet WHERE id = ${b.id} AND state = 0 FOR UPDATE`,
      );
      if (!bet) return;
      const lines = await queryRows<{
        id: string;
        play_detail_code: string;
        betting_number: string;
        betting_count: number;
        amount_minor: string;
        prize_group: number;
      }>(
        tx,
        sql`SELECT id::text, play_detail_code, betting_number, betting_count, amount_minor::text, prize_group FROM bet_line WHERE bet_id = ${b.id}`,
      );
      let bonus = 0n;
      for (const l of lines) {
        const won = linePayout(
          lottery,
          {
            playDetailCode: l.play_detail_code,
            bettingNumber: l.betting_number,
            bettingCount: Number(l.betting_count),
            amountMinor: BigInt(l.amount_minor),
            prizeGroup: Number(l.prize_group),
          },
          numbers,
        );
        bonus += won;
        await tx.execute(
          sql`UPDATE bet_line SET bonus_minor = ${won}, state = ${won > 0n ? 1 : 2} WHERE id = ${l.id}`,
        );
      }
      await tx.execute(
        sql`UPDATE bet SET bonus_minor = ${bonus}, state = ${bonus > 0n ? 1 : 2}, open_number = ${numbers.join(',')},
            settled_at = ${now} WHERE id = ${b.id}`,
      );
      const player = accounts.player.get(Number(b.user_id))!;
      const stake = BigInt(bet.amount_minor);
      const house = accounts.houseFor(tenantId, Number(b.user_id))!;
      const pay = async (key: string, typeCode: number, to: number, amount: bigint) => {
        if (amount <= 0n) return;
        await postTransferIn(
          tx,
          {
            idempotencyKey: key,
            typeCode,
            lines: [
              { accountId: house, amountMinor: -amount },
              { accountId: to, amountMinor: amount },
            ],
          },
          now,
        );
      };
      await pay(`loop:205:${b.id}`, 205, player, bonus);
      await pay(`loop:501:${b.id}`, 501, player, immediateRebateMinor(stake, bet.point_tenths));
      const agent = parents.get(Number(b.user_id));
      if (agent !== undefined)
        await pay(`loop:204:${b.id}`, 204, accounts.player.get(agent)!, (stake * 5n) / 1000n);
    });
  }
}

try {
  const { tenantId, players } = await setup();
  const first = currentIssue(lottery, now);
  const second = issueAfter(lottery, first);
  console.log(`filling two issues with ${BETS} bets × ${LINES_PER_BET} lines ...`);
  await fillIssue(tenantId, players, first.issue, 11);
  await fillIssue(tenantId, players, second.issue, 11); // the same lines: both methods do the same work
  await db.execute(
    sql`UPDATE draw_issue SET numbers = (SELECT numbers FROM draw_issue WHERE issue = ${first.issue}) WHERE issue = ${second.issue}`,
  );
  await db.execute(sql`ANALYZE`);

  const t0 = performance.now();
  const report = await settleIssue(db, LOTTERY, first.issue, now);
  const setMs = performance.now() - t0;
  console.log(
    `set-based: ${report.lines} lines, ${report.bets} bets, ${report.winningBets} winning, ${setMs.toFixed(0)} ms`,
  );

  const t1 = performance.now();
  if (!process.env.BENCH_SKIP_LOOP) await settleLoop(second.issue, tenantId);
  const loopMs = performance.now() - t1;
  console.log(`one transaction per bet: ${loopMs.toFixed(0)} ms`);

  const compare = await queryRows<{ a: string; b: string }>(
    db,
    sql`SELECT (SELECT sum(bonus_minor) FROM bet WHERE issue = ${first.issue})::text AS a,
               (SELECT sum(bonus_minor) FROM bet WHERE issue = ${second.issue})::text AS b`,
  );
  if (compare[0]!.a !== compare[0]!.b)
    throw new Error(`the two methods paid differently: ${compare[0]!.a} vs ${compare[0]!.b}`);
  const audit = await auditLedger(db);
  if (!audit.ok) throw new Error('ledger audit failed after settlement');

  writeBettingBlock(
    'settle',
    `
\`npx tsx bench/betting/settle.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}) shared (1-minute load average ${loadavg()[0]!.toFixed(1)} at the start),
PostgreSQL at \`${new URL(BENCH_URL).host}\`. One K3 issue holding ${report.lines.toLocaleString('en')} bet lines
(${report.bets.toLocaleString('en')} bets of ${LINES_PER_BET} quick-picked lines over every K3 play, ${PLAYERS} players under ${AGENTS} agents,
half the bets taking a 2.5 % immediate rebate). ${report.winningBets.toLocaleString('en')} bets won. The same lines on a second issue are
settled by a one-transaction-per-bet loop; both pay the same total (checked) and the ledger audit holds.

| method | lines | time | lines / s |
|---|---:|---:|---:|
| set-based issueSettler (one transaction, a few statements) | ${report.lines.toLocaleString('en')} | **${(setMs / 1000).toFixed(2)} s** | ${Math.round(report.lines / (setMs / 1000)).toLocaleString('en')} |
| one transaction per bet | ${report.lines.toLocaleString('en')} | ${(loopMs / 1000).toFixed(2)} s | ${Math.round(report.lines / (loopMs / 1000)).toLocaleString('en')} |

Aim: under 2 s for 100,000 lines. Speed-up of the set-based settler: ${(loopMs / setMs).toFixed(1)}×.
`,
  );
  console.log('docs/bench.md: betting/settle written');
} finally {
  await drop();
}
