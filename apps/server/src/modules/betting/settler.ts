import { zodiacYearAt } from '@lottery/rules/lhc-zodiac';
import { type LotteryDef, lotteryByCode } from '@lottery/rules/lotteries';
import { immediateRebateMinor, linePayoutMinor, parseRebateTenths } from '@lottery/rules/odds';
import type { PlayDef } from '@lottery/rules/play';
import { findPlay } from '@lottery/rules/plays';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, pgArray, queryOne, queryRows } from '../../db/sql';
import type { TransferInput } from '../wallet/index';
import { MAX_BATCH_TRANSFERS, postTransferBatchIn } from '../wallet/index';
import { ensureAccounts } from './accounts';
import { stopChasesAfterWin } from './chase-stop';

/**
 * issueSettler: settles every pending bet of one drawn issue, set-based, in one transaction.
 * Per-line results are computed in TypeScript with the play's settle (pure), then written with a
 * few statements: one UPDATE … FROM unnest for the bets, one for the winning lines, one batch of ledger
 * transfers (winnings 205, self rebate 501, agent rebates 204 up the chain, aggregated per player
 * and issue, each with its own idempotency key; refunds 203 of chases that stop after a win) and
 * the issue's settled flag.
 * Re-running a settled issue changes nothing (the flag, checked under a row lock, and the keys).
 * A crash rolls the whole issue back; the scheduler settles it again on its next tick.
 */

export interface SettleReport {
  lotteryCode: string;
  issue: string;
  /** 'settled' now, 'already' settled before, or 'notDrawn'. */
  outcome: 'settled' | 'already' | 'notDrawn';
  bets: number;
  lines: number;
  winningBets: number;
  paidMinor: bigint;
  rebateMinor: bigint;
  agentRebateMinor: bigint;
}

/** Agent chains are walked at most this deep. */
const MAX_AGENT_DEPTH = 20;

type BetRow = {
  id: string;
  tenant_id: number;
  user_id: string;
  amount_minor: string;
  point_tenths: number;
  user_rebate_tenths: number;
};
type LineRow = {
  id: string;
  bet_id: string;
  play_detail_code: string;
  betting_number: string;
  betting_count: number;
  amount_minor: string;
  prize_group: number;
};
type AncestorRow = { user_id: string; ancestor_id: string; depth: number; rebate: string };

const playCache = new Map<string, PlayDef>();

function playOf(lottery: LotteryDef, playDetailCode: string): PlayDef {
  const key = `${lottery.code}:${playDetailCode}`;
  let play = playCache.get(key);
  if (!play) {
    play = findPlay(lottery.family, playDetailCode.slice(-3), lottery.resultLength);
    if (!play) throw new Error(`unknown play ${playDetailCode} on ${lottery.code}`);
    playCache.set(key, play);
  }
  return play;
}

/** The draw as the plays read it: LHC plays that read zodiacs take the zodiac year as an 8th element. */
export function settlementDraw(lottery: LotteryDef, numbers: readonly string[], drawMs: number): string[] {
  return lottery.family === 'LHC' ? [...numbers, String(zodiacYearAt(drawMs))] : [...numbers];
}

/** What one line pays against a draw, in minor units (0 when it loses). */
export function linePayout(
  lottery: LotteryDef,
  line: {
    playDetailCode: string;
    bettingNumber: string;
    bettingCount: number;
    amountMinor: bigint;
    prizeGroup: number;
  },
  draw: readonly string[],
): bigint {
  const play = playOf(lottery, line.playDetailCode);
  const outcome = play.settle(line.bettingNumber, draw);
  if (outcome.hits.length === 0 && !outcome.refund) return 0n;
  // The notes of a line share its stake equally (lines whose amount ignores the count included);
  // dividing at the end keeps a stake that does not split evenly exact.
  return linePayoutMinor(
    play,
    outcome,
    line.prizeGroup,
    line.amountMinor,
    line.amountMinor,
    BigInt(line.bettingCount),
  );
}

/** The agent chain above each bettor, nearest first: its agent_tree rows (closure, migration 0700). */
async function ancestorsOf(
  db: Executor,
  userIds: readonly number[],
  lotteryType: number,
): Promise<AncestorRow[]> {
  if (userIds.length === 0) return [];
  // Each agent's rebate for the issue's lottery type (override, else its single figure; 0702).
  return queryRows<AncestorRow>(
    db,
    sql`SELECT t.descendant_id::text AS user_id, t.ancestor_id::text, t.depth,
          coalesce(r.rebate, a.rebate)::text AS rebate
        FROM agent_tree t JOIN users a ON a.id = t.ancestor_id
        LEFT JOIN user_type_rebate r ON r.user_id = t.ancestor_id AND r.lottery_type = ${lotteryType}
        WHERE t.descendant_id = ANY(${pgArray(userIds)}::bigint[]) AND t.depth BETWEEN 1 AND ${MAX_AGENT_DEPTH}
        ORDER BY t.descendant_id, t.depth`,
  );
}

export async function settleIssue(
  db: Db,
  lotteryCode: string,
  issue: string,
  nowMs: number,
): Promise<SettleReport> {
  const lottery = lotteryByCode(lotteryCode);
  if (!lottery) throw new Error(`unknown lottery ${lotteryCode}`);
  const report: SettleReport = {
    lotteryCode,
    issue,
    outcome: 'settled',
    bets: 0,
    lines: 0,
    winningBets: 0,
    paidMinor: 0n,
    rebateMinor: 0n,
    agentRebateMinor: 0n,
  };

  // Accounts are created outside the transaction (they commit on their own, like the ledger's).
  const participants = await queryRows<{ tenant_id: number; user_id: string }>(
    db,
    sql`SELECT DISTINCT tenant_id, user_id::text FROM bet WHERE lottery_code = ${lotteryCode} AND issue = ${issue} AND state = 0`,
  );
  const userIds = participants.map((p) => Number(p.user_id));
  const ancestors = await ancestorsOf(db, userIds, lottery.lotteryType);
  const tenantIds = [...new Set(participants.map((p) => p.tenant_id))];
  const accounts = await ensureAccounts(
    db,
    tenantIds,
    [...new Set([...userIds, ...ancestors.map((a) => Number(a.ancestor_id))])],
    nowMs,
  );

  return db.transaction(async (tx) => {
    const drawRow = await queryOne<{ numbers: string; draw_ms: string; settled_at: string | null }>(
      tx,
      sql`SELECT numbers, draw_ms::text, settled_at::text FROM draw_issue
          WHERE lottery_code = ${lotteryCode} AND issue = ${issue} FOR UPDATE`,
    );
    if (!drawRow) return { ...report, outcome: 'notDrawn' as const };
    if (drawRow.settled_at !== null) return { ...report, outcome: 'already' as const };
    const numbers = drawRow.numbers.split(',');
    const draw = settlementDraw(lottery, numbers, Number(drawRow.draw_ms));

    // No row locks here: the bet UPDATE below re-checks state = 0 under its own lock, and only
    // the bets it really settled are paid (a cancel that won the race is left alone).
    const bets = await queryRows<BetRow>(
      tx,
      sql`SELECT id::text, tenant_id, user_id::text, amount_minor::text, point_tenths, user_rebate_tenths
          FROM bet WHERE lottery_code = ${lotteryCode} AND issue = ${issue} AND state = 0 ORDER BY bet.id`,
    );
    const lines = await queryRows<LineRow>(
      tx,
      sql`SELECT l.id::text, l.bet_id::text, l.play_detail_code, l.betting_number, l.betting_count,
                 l.amount_minor::text, l.prize_group
          FROM bet_line l JOIN bet b ON b.id = l.bet_id
          WHERE b.lottery_code = ${lotteryCode} AND b.issue = ${issue} AND b.state = 0`,
    );

    // Pure part: every line against the draw.
    const bonusByBet = new Map<string, bigint>();
    const winningLines: { id: string; betId: string; bonus: bigint }[] = [];
    for (const line of lines) {
      const payout = linePayout(
        lottery,
        {
          playDetailCode: line.play_detail_code,
          bettingNumber: line.betting_number,
          bettingCount: Number(line.betting_count),
          amountMinor: BigInt(line.amount_minor),
          prizeGroup: Number(line.prize_group),
        },
        draw,
      );
      if (payout > 0n) {
        winningLines.push({ id: line.id, betId: line.bet_id, bonus: payout });
        bonusByBet.set(line.bet_id, (bonusByBet.get(line.bet_id) ?? 0n) + payout);
      }
    }

    // Bets first: whatever this UPDATE did not settle is not paid.
    const settledIds = new Set<string>();
    if (bets.length > 0) {
      const ids = bets.map((b) => b.id);
      const bonuses = bets.map((b) => bonusByBet.get(b.id) ?? 0n);
      const states = bonuses.map((b) => (b > 0n ? 1 : 2));
      const done = await queryRows<{ id: string }>(
        tx,
        sql`UPDATE bet b SET bonus_minor = v.bonus, state = v.state, open_number = ${numbers.join(',')},
                             settled_at = ${nowMs}
            FROM unnest(${pgArray(ids.map(BigInt))}::bigint[], ${pgArray(bonuses)}::bigint[],
                        ${pgArray(states)}::smallint[]) AS v(id, bonus, state)
            WHERE b.id = v.id AND b.state = 0
            RETURNING b.id::text`,
      );
      for (const r of done) settledIds.add(r.id);
    }
    // Only winning lines are written; a losing line reads its state from its bet (docs/betting.md).
    const paidLines = winningLines.filter((l) => settledIds.has(l.betId));
    if (paidLines.length > 0) {
      await tx.execute(
        sql`UPDATE bet_line l SET bonus_minor = v.bonus, state = 1
            FROM unnest(${pgArray(paidLines.map((l) => BigInt(l.id)))}::bigint[],
                        ${pgArray(paidLines.map((l) => l.bonus))}::bigint[]) AS v(id, bonus)
            WHERE l.id = v.id`,
      );
    }
    report.bets = settledIds.size;
    report.lines = lines.filter((l) => settledIds.has(l.bet_id)).length;

    const ancestorsByUser = new Map<string, AncestorRow[]>();
    for (const a of ancestors) {
      const list = ancestorsByUser.get(a.user_id) ?? [];
      list.push(a);
      ancestorsByUser.set(a.user_id, list);
    }

    const winnings = new Map<string, bigint>(); // tenant:user -> minor
    const selfRebates = new Map<string, bigint>();
    const agentRebates = new Map<string, bigint>(); // tenant:agent -> minor
    const add = (m: Map<string, bigint>, key: string, v: bigint) => {
      if (v > 0n) m.set(key, (m.get(key) ?? 0n) + v);
    };
    for (const bet of bets) {
      if (!settledIds.has(bet.id)) continue;
      const bonus = bonusByBet.get(bet.id) ?? 0n;
      const stake = BigInt(bet.amount_minor);
      if (bonus > 0n) report.winningBets++;
      const who = `${bet.tenant_id}:${bet.user_id}`;
      add(winnings, who, bonus);
      add(selfRebates, who, immediateRebateMinor(stake, bet.point_tenths));
      // Each agent earns the difference between his rebate and the one below him on this stake.
      let below = bet.user_rebate_tenths;
      for (const a of ancestorsByUser.get(bet.user_id) ?? []) {
        const tenths = parseRebateTenths(a.rebate) ?? 0;
        if (tenths > below) {
          add(agentRebates, `${bet.tenant_id}:${a.ancestor_id}`, (stake * BigInt(tenths - below)) / 1000n);
          below = tenths;
        }
      }
    }

    const transfers: TransferInput[] = [];
    const related = { kind: 'issue', id: `${lotteryCode}:${issue}` };
    const push = (m: Map<string, bigint>, typeCode: number, remark: string) => {
      for (const [who, amount] of m) {
        const [tenantId, userId] = who.split(':').map(Number) as [number, number];
        const player = accounts.player.get(userId);
        const house = accounts.houseFor(tenantId, userId);
        if (player === undefined || house === undefined) throw new Error(`no account for ${who}`);
        transfers.push({
          idempotencyKey: `settle:${typeCode}:${lotteryCode}:${issue}:${userId}`,
          typeCode,
          lines: [
            { accountId: house, amountMinor: -amount },
            { accountId: player, amountMinor: amount },
          ],
          related,
          remark,
        });
      }
    };
    push(winnings, 205, `${lottery.name} 第${issue}期派奖`);
    push(selfRebates, 501, `${lottery.name} 第${issue}期投注返水`);
    push(agentRebates, 204, `${lottery.name} 第${issue}期代理返点`);
    // 中奖即停: chases that won on this issue stop; their undrawn orders are refunded (203).
    const won = bets.filter((b) => settledIds.has(b.id) && (bonusByBet.get(b.id) ?? 0n) > 0n);
    transfers.push(
      ...(await stopChasesAfterWin(
        tx,
        lotteryCode,
        issue,
        won.map((b) => b.id),
        accounts,
        nowMs,
      )),
    );
    for (let i = 0; i < transfers.length; i += MAX_BATCH_TRANSFERS) {
      await postTransferBatchIn(tx, transfers.slice(i, i + MAX_BATCH_TRANSFERS), nowMs);
    }
    await tx.execute(
      sql`UPDATE draw_issue SET settled_at = ${nowMs} WHERE lottery_code = ${lotteryCode} AND issue = ${issue}`,
    );
    const sum = (m: Map<string, bigint>) => [...m.values()].reduce((a, b) => a + b, 0n);
    report.paidMinor = sum(winnings);
    report.rebateMinor = sum(selfRebates);
    report.agentRebateMinor = sum(agentRebates);
    return report;
  });
}
