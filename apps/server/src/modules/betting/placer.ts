import { createHash, randomBytes } from 'node:crypto';
import { type BetLine, betLine, MAX_BASKET_LINES } from '@lottery/contract/betting';
import { Codes, Messages } from '@lottery/contract/codes';
import { formatMoney, MoneyFormatError, parseMoney } from '@lottery/contract/money';
import {
  amountIgnoresCount,
  isBettingUnit,
  lineAmountMinor,
  MAX_MULTIPLIER,
  MAX_PER_BET_YUAN,
  unitDivisor,
} from '@lottery/rules/amount';
import { type LotteryDef, lotteryByCode } from '@lottery/rules/lotteries';
import {
  betGroup,
  formatMinor,
  type PrizeGroupPolicy,
  parseRebateTenths,
  playRates,
} from '@lottery/rules/odds';
import { type PlayDef, RuleError } from '@lottery/rules/play';
import { findPlay } from '@lottery/rules/plays';
import { currentIssue, issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { DomainError } from '../../errors';
import { houseAccount, playerAccount } from '../wallet/accounts';
import { postTransferIn } from '../wallet/ledger';
import { queryOne } from '../wallet/sql';
import { bettingPolicy } from './policy';

/**
 * betPlacer: POST betting/addBetting. Never trusts the client: every line is re-parsed and
 * recounted with its play, the amount recomputed from the rules (per-bet base × count × unit ×
 * multiplier), the prize group derived from the player's rebate and bettingPoint; the issue must
 * be the one on sale. The bet, its lines and the ledger debit (302) commit in one transaction;
 * a replay of the same idempotency key returns the first bet and charges nothing.
 */

const MINOR_PER_YUAN = 10_000n;
const MAX_BASE_MINOR = BigInt(MAX_PER_BET_YUAN) * MINOR_PER_YUAN;
/** Without a client key, identical submissions within this window are one bet (double taps, retries). */
const DERIVED_KEY_WINDOW_MS = 10_000;

const invalid = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);
const rebateWrong = () => DomainError.of(Codes.REBATE_CHANGED, `${Messages.rebateWrong}，请刷新后重试`);

export interface CheckedLine {
  lineNo: number;
  playDetailCode: string;
  bettingNumber: string;
  bettingCount: number;
  bettingUnit: string;
  multiplier: number;
  amountMinor: bigint;
  prizeGroup: number;
}

export interface PlacedBet {
  orderId: string;
  recordCode: string;
  lotteryCode: string;
  issue: string;
  amountMinor: bigint;
  lines: number;
  notes: number;
  balanceMinor: bigint;
  replayed: boolean;
}

function parseLines(bettingData: string): BetLine[] {
  let raw: unknown;
  try {
    raw = JSON.parse(bettingData);
  } catch {
    throw invalid('bettingData 不是有效的 JSON');
  }
  if (!Array.isArray(raw) || raw.length === 0) throw invalid(Messages.noSelection);
  if (raw.length > MAX_BASKET_LINES) throw invalid(Messages.basketFull);
  return raw.map((item) => {
    const parsed = betLine.safeParse(item);
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? Codes.INVALID_PARAM.msg);
    return parsed.data;
  });
}

/** bettingPoint: "2.5", or "<odds>-<rebate>" where the part after the first hyphen is the point. */
function parsePoint(text: string): { pointTenths: number; odds?: string } {
  const hyphen = text.indexOf('-');
  const odds = hyphen >= 0 ? text.slice(0, hyphen).trim() : undefined;
  const tenths = parseRebateTenths(hyphen >= 0 ? text.slice(hyphen + 1) : text);
  if (tenths === null) throw rebateWrong();
  return odds === undefined || odds === '' || odds === '0'
    ? { pointTenths: tenths }
    : { pointTenths: tenths, odds };
}

/** The per-note base the amount implies; refused unless it is a whole number of yuan (1..1,000,000). */
function impliedBaseMinor(lotteryCode: string, line: BetLine, count: number, amountMinor: bigint): bigint {
  const unit = line.bettingUnit;
  if (!isBettingUnit(unit)) throw invalid('投注单位有误');
  const notes = amountIgnoresCount(lotteryCode, line.playDetailCode) ? 1n : BigInt(count);
  const scaled = amountMinor * unitDivisor(unit);
  const per = notes * BigInt(line.graduationCount);
  if (scaled % per !== 0n) throw invalid('投注金额有误');
  const base = scaled / per;
  if (base % MINOR_PER_YUAN !== 0n || base < MINOR_PER_YUAN || base > MAX_BASE_MINOR)
    throw invalid('投注金额有误');
  return base;
}

export interface BetContext {
  lottery: LotteryDef;
  userRebateTenths: number;
  centEnabled: boolean;
  policy: PrizeGroupPolicy;
  nowMs: number;
}

/** Validates and prices the lines of one bet (pure; throws DomainError with the spec's texts). */
export function checkLines(
  lines: readonly BetLine[],
  c: BetContext,
): { lines: CheckedLine[]; pointTenths: number } {
  const { lottery } = c;
  const issue = lines[0]!.bettingIssue;
  if (lines.some((l) => l.lotteryCode !== lottery.code)) throw invalid('一次投注只能包含一个彩种');
  if (lines.some((l) => l.bettingIssue !== issue)) throw invalid(Messages.issueWrong);
  const times = issueTimes(lottery, issue);
  if (!times) throw invalid(Messages.issueWrong);
  const onSale = currentIssue(lottery, c.nowMs);
  if (times.closeMs <= c.nowMs) {
    throw invalid(`${Messages.issueWrong}：${Messages.betClosed(issue, onSale.issue)}`);
  }
  // Only the issue on sale (it may be in presale, 预售中); later issues are for chases.
  if (times.issue !== onSale.issue) throw invalid(Messages.issueWrong);

  const points = lines.map((l) => parsePoint(l.bettingPoint));
  const pointTenths = points[0]!.pointTenths;
  if (points.some((p) => p.pointTenths !== pointTenths)) throw rebateWrong();
  let group: number;
  try {
    group = betGroup(c.policy, c.userRebateTenths, pointTenths);
  } catch {
    throw rebateWrong();
  }

  const checked = lines.map((line, index): CheckedLine => {
    if (!line.playDetailCode.startsWith(lottery.code)) throw invalid('玩法不存在');
    const play: PlayDef | undefined = findPlay(
      lottery.family,
      line.playDetailCode.slice(-3),
      lottery.resultLength,
    );
    if (!play || line.playDetailCode.length !== lottery.code.length + 3) throw invalid('玩法不存在');
    let count: number;
    try {
      count = play.count(line.bettingNumber);
    } catch (error) {
      if (error instanceof RuleError) throw invalid(error.message);
      throw error;
    }
    if (count < 1) throw invalid(Messages.noSelection);
    if (count !== line.bettingCount) throw invalid('投注注数有误');
    if (!isBettingUnit(line.bettingUnit)) throw invalid('投注单位有误');
    if (line.bettingUnit !== '1' && !c.centEnabled) throw invalid(Messages.yuanOnly);
    if (line.graduationCount < 1) throw invalid('倍数有误');
    if (line.graduationCount > MAX_MULTIPLIER) throw invalid(Messages.multiplierMax(MAX_MULTIPLIER));
    const odds = points[index]!.odds;
    if (odds !== undefined) {
      const shown = formatMinor(playRates(play, group).get(play.tiers[0]!.key)!, 3);
      if (odds !== shown) throw rebateWrong();
    }
    let amountMinor: bigint;
    try {
      amountMinor = parseMoney(line.bettingAmount, 2);
    } catch (error) {
      if (error instanceof MoneyFormatError) throw invalid('投注金额有误');
      throw error;
    }
    const baseMinor = impliedBaseMinor(lottery.code, line, count, amountMinor);
    const recomputed = lineAmountMinor({
      lotteryCode: lottery.code,
      playDetailCode: line.playDetailCode,
      count,
      multiplier: line.graduationCount,
      unit: line.bettingUnit,
      baseMinor,
    });
    if (recomputed !== amountMinor || amountMinor <= 0n) throw invalid('投注金额有误');
    return {
      lineNo: index + 1,
      playDetailCode: line.playDetailCode,
      bettingNumber: line.bettingNumber,
      bettingCount: count,
      bettingUnit: line.bettingUnit,
      multiplier: line.graduationCount,
      amountMinor,
      prizeGroup: group,
    };
  });
  return { lines: checked, pointTenths };
}

type BetRow = { id: string; record_code: string; lottery_code: string; issue: string; amount_minor: string };

async function replay(ctx: AppContext, user: SessionUser, key: string): Promise<PlacedBet | undefined> {
  const row = await queryOne<BetRow & { lines: string; notes: string }>(
    ctx.db,
    sql`SELECT b.id::text, b.record_code, b.lottery_code, b.issue, b.amount_minor::text,
               count(l.id)::text AS lines, coalesce(sum(l.betting_count), 0)::text AS notes
        FROM bet b LEFT JOIN bet_line l ON l.bet_id = b.id
        WHERE b.tenant_id = ${user.tenantId} AND b.user_id = ${user.userId} AND b.idempotency_key = ${key}
        GROUP BY b.id`,
  );
  if (!row) return undefined;
  const balance = await queryOne<{ b: string }>(
    ctx.db,
    sql`SELECT balance_minor::text AS b FROM wallet_account WHERE tenant_id = ${user.tenantId} AND code = ${`player:${user.userId}`}`,
  );
  return {
    orderId: row.id,
    recordCode: row.record_code,
    lotteryCode: row.lottery_code,
    issue: row.issue,
    amountMinor: BigInt(row.amount_minor),
    lines: Number(row.lines),
    notes: Number(row.notes),
    balanceMinor: BigInt(balance?.b ?? '0'),
    replayed: true,
  };
}

export async function placeBet(
  ctx: AppContext,
  user: SessionUser,
  input: { bettingData: string; idempotencyKey?: string },
): Promise<PlacedBet> {
  const nowMs = ctx.clock.now();
  const key =
    input.idempotencyKey ??
    `auto-${createHash('sha256')
      .update(`${user.userId}\n${Math.floor(nowMs / DERIVED_KEY_WINDOW_MS)}\n${input.bettingData}`)
      .digest('hex')
      .slice(0, 40)}`;
  const earlier = await replay(ctx, user, key);
  if (earlier) return earlier;

  const lines = parseLines(input.bettingData);
  const lottery = lotteryByCode(lines[0]!.lotteryCode);
  const { policy, centEnabled } = await bettingPolicy(ctx, user.tenantId);
  // The player's rebate and state, and the tenant's catalogue row of the lottery, in one round trip.
  const userRow = await queryOne<{ rebate: string; status: string; is_stop: boolean | null }>(
    ctx.db,
    sql`SELECT u.rebate::text, u.status, l.is_stop FROM users u
        LEFT JOIN lotteries l ON l.tenant_id = u.tenant_id AND l.code = ${lines[0]!.lotteryCode}
        WHERE u.id = ${user.userId}`,
  );
  if (userRow?.status !== 'active') throw DomainError.of(Codes.ACCOUNT_ABNORMAL);
  if (!lottery || userRow.is_stop === null) throw invalid(Messages.lotteryMissing);
  if (userRow.is_stop) throw invalid('暂停销售');
  const userRebateTenths = Math.min(parseRebateTenths(userRow.rebate) ?? 0, policy.maxRebateTenths);
  const { lines: checked, pointTenths } = checkLines(lines, {
    lottery,
    userRebateTenths,
    centEnabled,
    policy,
    nowMs,
  });
  const amountMinor = checked.reduce((s, l) => s + l.amountMinor, 0n);
  const issue = lines[0]!.bettingIssue;

  const player = await playerAccount(ctx.db, user.tenantId, user.userId);
  const house = await houseAccount(ctx.db, user.tenantId, user.userId);
  const recordCode = `B${nowMs.toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

  const placed = await ctx.db.transaction(async (tx) => {
    // The bet and its lines in one statement; nothing when the key is taken (a concurrent duplicate).
    const inserted = await queryOne<{ id: string }>(
      tx,
      sql`WITH b AS (
            INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, lottery_code, issue, amount_minor,
                             user_rebate_tenths, point_tenths, created_at)
            VALUES (${user.tenantId}, ${user.userId}, ${recordCode}, ${key}, ${lottery.code}, ${issue}, ${amountMinor},
                    ${userRebateTenths}, ${pointTenths}, ${nowMs})
            ON CONFLICT (tenant_id, user_id, idempotency_key) DO NOTHING
            RETURNING id
          ), l AS (
            INSERT INTO bet_line (bet_id, line_no, play_detail_code, betting_number, betting_count, betting_unit,
                                  multiplier, amount_minor, prize_group)
            SELECT b.id, v.line_no, v.play, v.num, v.cnt, v.unit, v.mult, v.amount, v.grp
            FROM b CROSS JOIN (VALUES ${sql.join(
              checked.map(
                (x) =>
                  sql`(${x.lineNo}::smallint, ${x.playDetailCode}::text, ${x.bettingNumber}::text, ${x.bettingCount}::int,
                       ${x.bettingUnit}::text, ${x.multiplier}::int, ${x.amountMinor}::bigint, ${x.prizeGroup}::int)`,
              ),
              sql`, `,
            )}) AS v(line_no, play, num, cnt, unit, mult, amount, grp)
            RETURNING 1
          )
          SELECT id::text, (SELECT count(*) FROM l)::int AS lines FROM b`,
    );
    if (!inserted) return undefined; // a concurrent duplicate committed first
    const posted = await postTransferIn(
      tx,
      {
        idempotencyKey: `bet:${inserted.id}`,
        typeCode: 302,
        lines: [
          { accountId: player, amountMinor: -amountMinor },
          { accountId: house, amountMinor },
        ],
        related: { kind: 'bet', id: inserted.id },
        remark: `${lottery.name} 第${issue}期投注`,
      },
      nowMs,
    );
    const balance = posted.entries.find((e) => e.accountId === player)!.balanceAfterMinor;
    return { orderId: inserted.id, balance };
  });
  if (!placed) {
    const again = await replay(ctx, user, key);
    if (!again) throw DomainError.of(Codes.BET_IN_PROGRESS);
    return again;
  }
  return {
    orderId: placed.orderId,
    recordCode,
    lotteryCode: lottery.code,
    issue,
    amountMinor,
    lines: checked.length,
    notes: checked.reduce((s, l) => s + l.bettingCount, 0),
    balanceMinor: placed.balance,
    replayed: false,
  };
}

export const formatBalance = (minor: bigint) => formatMoney(minor);
