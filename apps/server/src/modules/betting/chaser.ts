import { createHash, randomBytes } from 'node:crypto';
import type { BetLine } from '@lottery/contract/betting';
import { chaseBettingData } from '@lottery/contract/chase';
import { Codes, Messages } from '@lottery/contract/codes';
import { MoneyFormatError, parseMoney } from '@lottery/contract/money';
import { assertChaseable } from '@lottery/rules/amount';
import { type LotteryDef, lotteryByCode } from '@lottery/rules/lotteries';
import { parseRebateTenths } from '@lottery/rules/odds';
import { RuleError } from '@lottery/rules/play';
import { chaseIssues, type IssueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { type Executor, pgArray, pgTextArray, queryOne, queryRows } from '../../db/sql';
import { DomainError } from '../../errors';
import { houseAccount, playerAccount, postTransferBatchIn, type TransferInput } from '../wallet/index';
import { type CheckedLine, checkLines } from './bet-lines';
import { bettingPolicy } from './policy';
import { standingOf, standingStillHolds } from './standing';

/**
 * chasePlacer: POST betting/addChaseBetting (docs/chase.md). A chase is one basket (one play, one
 * unit) on `chaseCount` consecutive issues from the issue on sale. The server re-checks and
 * prices the basket as a normal bet (bet-lines.ts), recomputes every issue's amount from its
 * multiplier, and in ONE transaction writes the chase, one bet per issue (its order; a chase
 * order's created_at is when its issue opens for sale, so it shows as a bet from then on) with
 * its lines, and one 307 debit per order. Nothing has to happen when an issue opens: the order is
 * already a bet, settled by the issue's settlement like any other, so a restart can neither skip
 * nor double an order. Stopping (中奖即停 in settlement, or cancelAutoChaseBetting) cancels the
 * orders not yet drawn and refunds each with 203 under a per-order key.
 */

const invalid = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);

/** A chase reaches at most this far ahead: issues drawn later are not offered (最多可追号N期). */
export const CHASE_HORIZON_MS = 7 * 86_400_000;

export interface PlacedChase {
  chaseId: string;
  recordCode: string;
  lotteryCode: string;
  startIssue: string;
  chaseCount: number;
  amountMinor: bigint;
  balanceMinor: bigint;
  replayed: boolean;
}

interface PricedOrder {
  times: IssueTimes;
  multiplier: number;
  amountMinor: bigint;
}

function parseChase(text: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalid('chaseBettingData 不是有效的 JSON');
  }
  const parsed = chaseBettingData.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? Codes.INVALID_PARAM.msg);
  return parsed.data;
}

function money(text: string): bigint {
  try {
    return parseMoney(text, 2);
  } catch (error) {
    if (error instanceof MoneyFormatError) throw invalid('投注金额有误');
    throw error;
  }
}

/** The issues of the chase, refused with 最多可追号N期 (data.maxChaseCount) past the horizon. */
function issuesOf(lottery: LotteryDef, nowMs: number, count: number, startIssue: string): IssueTimes[] {
  let issues: IssueTimes[];
  try {
    issues = chaseIssues(lottery, nowMs, count, startIssue);
  } catch (error) {
    if (error instanceof RuleError) throw invalid(error.message);
    throw error;
  }
  const reachable = issues.filter((t) => t.drawMs <= nowMs + CHASE_HORIZON_MS).length;
  if (reachable < count) {
    throw DomainError.of(Codes.INVALID_PARAM, Messages.chaseMax(reachable), { maxChaseCount: reachable });
  }
  return issues;
}

/** The chase in a fixed form, so a retried request under the same key is recognised. */
function digestOf(data: ReturnType<typeof parseChase>): string {
  const fixed = [
    data.lotteryCode,
    data.startIssue,
    data.isStopAfterWinning,
    data.autoBuyIfStopAfterWinning,
    data.eachInfo.map((l) => [
      l.playDetailCode,
      l.bettingNumber,
      l.bettingCount,
      l.bettingUnit,
      l.bettingPoint,
    ]),
    data.eachOrder.map((o) => [o.bettingIssue, o.graduationCount]),
  ];
  return createHash('sha256').update(JSON.stringify(fixed)).digest('hex');
}

/** Checks and prices a chase; pure apart from the tenant policy and the player's standing. */
async function priceChase(
  ctx: AppContext,
  user: SessionUser,
  data: ReturnType<typeof parseChase>,
  nowMs: number,
) {
  const lottery = lotteryByCode(data.lotteryCode);
  if (!lottery) throw invalid(Messages.lotteryMissing);
  if (!lottery.chaseAllowed) throw invalid('当前彩种不支持追号');
  if (data.isStopAfterWinning && data.autoBuyIfStopAfterWinning) {
    throw invalid('中奖即停与中奖循环只能选择一个');
  }
  if (data.eachOrder.length !== data.chaseCount) throw invalid('追号期数有误');
  if (data.eachInfo.some((l) => l.lotteryCode !== lottery.code)) throw invalid('一次投注只能包含一个彩种');
  try {
    assertChaseable(
      lottery,
      data.eachInfo.map((l) => ({ playDetailCode: l.playDetailCode, bettingUnit: l.bettingUnit as '1' })),
    );
  } catch (error) {
    if (error instanceof RuleError) throw invalid(error.message);
    throw error;
  }
  // 追号 forces the basket's multipliers to 1: each issue's multiplier is its order's.
  if (data.eachInfo.some((l) => l.graduationCount !== 1))
    throw invalid('追号投注的倍数由每期的倍数决定，号码倍数须为1');
  const issues = issuesOf(lottery, nowMs, data.chaseCount, data.startIssue);

  // Read fresh (a chase is rare; the insert below re-checks it under a lock).
  const standing = await standingOf(ctx, user, lottery.code, { fresh: true });
  if (standing?.status !== 'active') throw DomainError.of(Codes.ACCOUNT_ABNORMAL);
  if (standing.isStop === null) throw invalid(Messages.lotteryMissing);
  if (standing.isStop) throw invalid('暂停销售');
  const { policy, centEnabled, hiddenModes } = await bettingPolicy(ctx, user.tenantId);
  const userRebateTenths = Math.min(parseRebateTenths(standing.rebate) ?? 0, policy.maxRebateTenths);
  // The basket is checked on the first issue (the one on sale) exactly as a normal bet.
  const lines: BetLine[] = data.eachInfo.map((l) => ({ ...l, bettingIssue: issues[0]!.issue }));
  const checked = checkLines(lines, {
    lottery,
    userRebateTenths,
    centEnabled,
    policy,
    nowMs,
    hiddenModes: hiddenModes(lottery.family),
  });
  const basketMinor = checked.lines.reduce((s, l) => s + l.amountMinor, 0n);

  const orders: PricedOrder[] = data.eachOrder.map((order, index) => {
    const times = issues[index]!;
    if (order.bettingIssue !== times.issue) throw invalid(Messages.issueWrong);
    const amountMinor = basketMinor * BigInt(order.graduationCount);
    if (money(order.bettingAmount) !== amountMinor) throw invalid('投注金额有误');
    return { times, multiplier: order.graduationCount, amountMinor };
  });
  const totalMinor = orders.reduce((s, o) => s + o.amountMinor, 0n);
  if (money(data.bettingAllAmount) !== totalMinor) throw invalid('投注金额有误');
  return {
    lottery,
    lines: checked.lines,
    pointTenths: checked.pointTenths,
    userRebateTenths,
    standing,
    orders,
    totalMinor,
  };
}

/** betting/addChaseBetting. A replay of the same key with the same chase answers the first. */
export async function placeChase(
  ctx: AppContext,
  user: SessionUser,
  input: { chaseBettingData: string; idempotencyKey?: string },
): Promise<PlacedChase> {
  const nowMs = ctx.clock.now();
  const data = parseChase(input.chaseBettingData);
  const digest = digestOf(data);
  const key =
    input.idempotencyKey ??
    `auto-${createHash('sha256')
      .update(`${user.userId}\n${Math.floor(nowMs / 10_000)}\n${digest}`)
      .digest('hex')
      .slice(0, 40)}`;
  const earlier = await earlierChase(ctx.db, user, key, digest);
  if (earlier) return earlier;
  const priced = await priceChase(ctx, user, data, nowMs);
  const player = await playerAccount(ctx.db, user.tenantId, user.userId);
  const house = await houseAccount(ctx.db, user.tenantId, user.userId);
  const recordCode = `C${nowMs.toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

  const placed = await ctx.db.transaction(async (tx) => {
    // The rebate the basket was priced with must still be the player's (row locked until commit).
    const held = await queryOne<{ ok: boolean }>(
      tx,
      sql`${standingStillHolds(user, priced.lottery.code, priced.standing)} FOR SHARE OF u`,
    );
    if (!held) throw DomainError.of(Codes.REBATE_CHANGED, `${Messages.rebateWrong}，请刷新后重试`);
    const chase = await queryOne<{ id: string }>(
      tx,
      sql`INSERT INTO chase (tenant_id, user_id, record_code, idempotency_key, request_digest, lottery_code,
                             start_issue, chase_count, amount_minor, stop_after_win, auto_buy, created_at)
          VALUES (${user.tenantId}, ${user.userId}, ${recordCode}, ${key}, ${digest}, ${priced.lottery.code},
                  ${priced.orders[0]!.times.issue}, ${priced.orders.length}, ${priced.totalMinor},
                  ${data.isStopAfterWinning}, ${!data.isStopAfterWinning}, ${nowMs})
          ON CONFLICT (tenant_id, user_id, idempotency_key) DO NOTHING
          RETURNING id::text`,
    );
    if (!chase) return undefined; // a concurrent duplicate committed first
    const bets = await insertOrders(tx, user, chase.id, recordCode, priced, nowMs);
    const transfers: TransferInput[] = bets.map((b) => ({
      idempotencyKey: `bet:${b.id}`,
      typeCode: 307,
      lines: [
        { accountId: player, amountMinor: -b.amountMinor },
        { accountId: house, amountMinor: b.amountMinor },
      ],
      related: { kind: 'bet', id: b.id },
      remark: `${priced.lottery.name} 第${b.issue}期追号投注`,
    }));
    await postTransferBatchIn(tx, transfers, nowMs);
    const balance = await queryOne<{ b: string }>(
      tx,
      sql`SELECT balance_minor::text AS b FROM wallet_account WHERE id = ${player}`,
    );
    return { chaseId: chase.id, balanceMinor: BigInt(balance!.b) };
  });
  if (!placed) {
    const first = await earlierChase(ctx.db, user, key, digest);
    if (!first) throw DomainError.of(Codes.BET_IN_PROGRESS);
    return first;
  }
  return {
    chaseId: placed.chaseId,
    recordCode,
    lotteryCode: priced.lottery.code,
    startIssue: priced.orders[0]!.times.issue,
    chaseCount: priced.orders.length,
    amountMinor: priced.totalMinor,
    balanceMinor: placed.balanceMinor,
    replayed: false,
  };
}

/** One bet per order with its lines, in two statements. */
async function insertOrders(
  tx: Executor,
  user: SessionUser,
  chaseId: string,
  recordCode: string,
  priced: {
    lottery: LotteryDef;
    lines: CheckedLine[];
    pointTenths: number;
    userRebateTenths: number;
    orders: PricedOrder[];
  },
  nowMs: number,
): Promise<{ id: string; issue: string; amountMinor: bigint }[]> {
  const { orders } = priced;
  const issues = orders.map((o) => o.times.issue);
  const amounts = orders.map((o) => o.amountMinor);
  const opens = orders.map((o, i) => (i === 0 ? nowMs : Math.max(nowMs, o.times.startMs)));
  const codes = orders.map((_, i) => `${recordCode}-${String(i + 1).padStart(2, '0')}`);
  const keys = orders.map((_, i) => `chase:${chaseId}:${i + 1}`);
  const inserted = await queryRows<{ id: string; issue: string; amount_minor: string }>(
    tx,
    sql`INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code, issue, amount_minor,
                         user_rebate_tenths, point_tenths, created_at, chase_id)
        SELECT ${user.tenantId}, ${user.userId}, v.code, v.key, ${priced.lottery.code}, v.issue, v.amount,
               ${priced.userRebateTenths}, ${priced.pointTenths}, v.opens, ${chaseId}
        FROM unnest(${pgTextArray(codes)}::text[], ${pgTextArray(keys)}::text[], ${pgTextArray(issues)}::text[],
                    ${pgArray(amounts)}::bigint[], ${pgArray(opens)}::bigint[]) AS v(code, key, issue, amount, opens)
        RETURNING id::text, issue, amount_minor::text`,
  );
  const multiplierOf = new Map(orders.map((o) => [o.times.issue, o.multiplier]));
  const bets = inserted.map((b) => ({ ...b, mult: multiplierOf.get(b.issue)! }));
  if (bets.length !== orders.length) throw new Error('chase orders not all written');
  await tx.execute(
    sql`INSERT INTO bet_line (bet_id, line_no, play_detail_code, betting_number, betting_count, betting_unit,
                              multiplier, amount_minor, prize_group)
        SELECT b.id, v.line_no, v.play, v.num, v.cnt, v.unit, v.mult * b.mult, v.amount * b.mult, v.grp
        FROM unnest(${pgArray(bets.map((b) => BigInt(b.id)))}::bigint[], ${pgArray(bets.map((b) => b.mult))}::int[])
             AS b(id, mult)
        CROSS JOIN (VALUES ${sql.join(
          priced.lines.map(
            (x) =>
              sql`(${x.lineNo}::smallint, ${x.playDetailCode}::text, ${x.bettingNumber}::text, ${x.bettingCount}::int,
                   ${x.bettingUnit}::text, ${x.multiplier}::int, ${x.amountMinor}::bigint, ${x.prizeGroup}::int)`,
          ),
          sql`, `,
        )}) AS v(line_no, play, num, cnt, unit, mult, amount, grp)`,
  );
  return bets.map((b) => ({ id: b.id, issue: b.issue, amountMinor: BigInt(b.amount_minor) }));
}

type EarlierChase = {
  id: string;
  record_code: string;
  lottery_code: string;
  start_issue: string;
  chase_count: number;
  amount_minor: string;
  request_digest: string;
  balance: string | null;
};

async function earlierChase(
  db: Executor,
  user: SessionUser,
  key: string,
  digest: string,
): Promise<PlacedChase | undefined> {
  const row = await queryOne<EarlierChase>(
    db,
    sql`SELECT c.id::text, c.record_code, c.lottery_code, c.start_issue, c.chase_count, c.amount_minor::text,
               c.request_digest,
               (SELECT a.balance_minor FROM wallet_account a
                 WHERE a.tenant_id = c.tenant_id AND a.code = ${`player:${user.userId}`})::text AS balance
        FROM chase c WHERE c.tenant_id = ${user.tenantId} AND c.user_id = ${user.userId} AND c.idempotency_key = ${key}`,
  );
  if (!row) return undefined;
  if (row.request_digest !== digest) throw invalid('idempotencyKey已用于另一笔追号，本次未投注');
  return {
    chaseId: row.id,
    recordCode: row.record_code,
    lotteryCode: row.lottery_code,
    startIssue: row.start_issue,
    chaseCount: Number(row.chase_count),
    amountMinor: BigInt(row.amount_minor),
    balanceMinor: BigInt(row.balance ?? '0'),
    replayed: true,
  };
}
