import { createHash, randomBytes } from 'node:crypto';
import type { BetLine } from '@lottery/contract/betting';
import { Codes, Messages } from '@lottery/contract/codes';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { type LotteryDef, lotteryByCode } from '@lottery/rules/lotteries';
import { parseRebateTenths } from '@lottery/rules/odds';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { queryOne } from '../../db/sql';
import { DomainError } from '../../errors';
import { houseAccount, playerAccount, postTransferLed } from '../wallet/index';
import { type CheckedLine, checkLines, parseLines } from './bet-lines';
import { bettingPolicy } from './policy';
import { forgetStanding, type Standing, standingOf, standingStillHolds } from './standing';

/**
 * betPlacer: POST betting/addBetting. Never trusts the client: every line is re-parsed and
 * recounted with its play, the amount recomputed from the rules, the prize group derived from the
 * player's rebate and bettingPoint, the issue the one on sale (bet-lines.ts). The bet, its lines and the ledger debit (302) commit in one transaction;
 * a replay of the same idempotency key with the same basket returns the first bet and charges
 * nothing; the same key with another basket is refused (KEY_REUSED_MSG) and places nothing.
 */

/** Without a client key, identical submissions within this window are one bet (double taps, retries). */
const DERIVED_KEY_WINDOW_MS = 10_000;

const invalid = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);

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

/** Refused: the key was used for another basket (issue 9 item 7). Nothing of this request is placed. */
export const KEY_REUSED_MSG = 'idempotencyKey已用于另一笔投注，本次未投注';
/** Guard failures in a row before giving up (each is a rebate or state change between read and insert). */
const MAX_STALE_RETRIES = 3;

/**
 * The basket in a fixed form (field order, amounts as minor units, display extras dropped), so a
 * retry that re-serialises the same lines is the same request.
 */
function basketDigest(lines: readonly BetLine[]): string {
  const amount = (text: string) => {
    try {
      return String(parseMoney(text, 2));
    } catch {
      return `raw:${text}`;
    }
  };
  const fixed = lines.map((l) => [
    l.lotteryCode,
    l.playDetailCode,
    l.bettingNumber,
    l.bettingCount,
    amount(l.bettingAmount),
    l.bettingPoint,
    l.bettingUnit,
    l.bettingIssue,
    l.graduationCount,
  ]);
  return createHash('sha256').update(JSON.stringify(fixed)).digest('hex');
}

type EarlierBet = {
  id: string;
  record_code: string;
  lottery_code: string;
  issue: string;
  amount_minor: string;
  request_digest: string | null;
  lines: string;
  notes: string;
  balance: string | null;
};

/**
 * The bet already placed under this key, as a replay when `digest` is its basket; a different
 * basket is refused. Undefined when the key is unused. One statement: bet, line totals, balance.
 */
async function answerForUsedKey(
  ctx: AppContext,
  user: SessionUser,
  key: string,
  digest: string,
): Promise<PlacedBet | undefined> {
  const row = await queryOne<EarlierBet>(
    ctx.db,
    sql`SELECT b.id::text, b.record_code, b.lottery_code, b.issue, b.amount_minor::text, b.request_digest,
               (SELECT count(*) FROM bet_line l WHERE l.bet_id = b.id)::text AS lines,
               (SELECT coalesce(sum(l.betting_count), 0) FROM bet_line l WHERE l.bet_id = b.id)::text AS notes,
               (SELECT a.balance_minor FROM wallet_account a
                 WHERE a.tenant_id = b.tenant_id AND a.code = ${`player:${user.userId}`})::text AS balance
        FROM bet b
        WHERE b.tenant_id = ${user.tenantId} AND b.user_id = ${user.userId} AND b.idempotency_key = ${key}`,
  );
  if (!row) return undefined;
  // Bets from before digests were stored replay as they always did.
  if (row.request_digest !== null && row.request_digest !== digest) {
    throw DomainError.of(Codes.INVALID_PARAM, KEY_REUSED_MSG);
  }
  return {
    orderId: row.id,
    recordCode: row.record_code,
    lotteryCode: row.lottery_code,
    issue: row.issue,
    amountMinor: BigInt(row.amount_minor),
    lines: Number(row.lines),
    notes: Number(row.notes),
    balanceMinor: BigInt(row.balance ?? '0'),
    replayed: true,
  };
}

/**
 * betPlacer's entry. The replay check costs nothing on the way in: the insert claims the key
 * (ON CONFLICT DO NOTHING), and only a taken key, or a request refused by the checks, looks the
 * key up, so a retry of a placed bet still answers with it even after its issue closed.
 */
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
  let lines: BetLine[];
  let digest: string;
  try {
    lines = parseLines(input.bettingData);
    digest = basketDigest(lines);
  } catch (error) {
    // Not a basket at all: never the same request as a placed bet under this key.
    const unparsed = createHash('sha256').update(`unparsed\n${input.bettingData}`).digest('hex');
    if (error instanceof DomainError) await answerForUsedKey(ctx, user, key, unparsed);
    throw error;
  }
  try {
    const placed = await placeNew(ctx, user, lines, key, digest, nowMs);
    if (placed) return placed;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const earlier = await answerForUsedKey(ctx, user, key, digest);
    if (earlier) return earlier;
    throw error;
  }
  // The key was taken: by an earlier bet, or by a concurrent duplicate that committed first.
  const earlier = await answerForUsedKey(ctx, user, key, digest);
  if (!earlier) throw DomainError.of(Codes.BET_IN_PROGRESS);
  return earlier;
}

/**
 * Checks, prices and places a basket under a key; undefined when the key is already taken. The
 * player's standing comes from the process's copy; the insert re-checks it against the rows, and
 * when they changed the basket is checked and priced again from a fresh read (bounded).
 */
async function placeNew(
  ctx: AppContext,
  user: SessionUser,
  lines: BetLine[],
  key: string,
  digest: string,
  nowMs: number,
): Promise<PlacedBet | undefined> {
  const lotteryCode = lines[0]!.lotteryCode;
  const lottery = lotteryByCode(lotteryCode);
  const { policy, centEnabled, hiddenModes } = await bettingPolicy(ctx, user.tenantId);
  for (let attempt = 0; attempt < MAX_STALE_RETRIES; attempt++) {
    const standing = await standingOf(ctx, user, lotteryCode, { fresh: attempt > 0 });
    if (standing?.status !== 'active') throw DomainError.of(Codes.ACCOUNT_ABNORMAL);
    if (!lottery || standing.isStop === null) throw invalid(Messages.lotteryMissing);
    if (standing.isStop) throw invalid('暂停销售');
    const userRebateTenths = Math.min(parseRebateTenths(standing.rebate) ?? 0, policy.maxRebateTenths);
    let checked: CheckedLine[];
    let pointTenths: number;
    try {
      ({ lines: checked, pointTenths } = checkLines(lines, {
        lottery,
        userRebateTenths,
        centEnabled,
        policy,
        nowMs,
        hiddenModes: hiddenModes(lottery.family),
      }));
    } catch (error) {
      // The kept standing may predate a rebate rise: judge the basket once more from a fresh read
      // before answering 返点不正确 (as fast bet does).
      if (attempt > 0 || !(error instanceof DomainError) || error.code !== Codes.REBATE_CHANGED.code)
        throw error;
      forgetStanding(user, lotteryCode);
      continue;
    }
    const bet: NewBet = {
      key,
      digest,
      lottery,
      issue: lines[0]!.bettingIssue,
      amountMinor: checked.reduce((s, l) => s + l.amountMinor, 0n),
      userRebateTenths,
      pointTenths,
      lines: checked,
      recordCode: `B${nowMs.toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`,
    };
    const outcome = await insertAndDebit(ctx, user, bet, standing, nowMs);
    if (outcome === 'taken') return undefined;
    if (outcome === 'stale') {
      forgetStanding(user, lotteryCode);
      continue;
    }
    return {
      orderId: outcome.orderId,
      recordCode: bet.recordCode,
      lotteryCode: lottery.code,
      issue: bet.issue,
      amountMinor: bet.amountMinor,
      lines: checked.length,
      notes: checked.reduce((s, l) => s + l.bettingCount, 0),
      balanceMinor: outcome.balanceMinor,
      replayed: false,
    };
  }
  throw DomainError.of(Codes.BUSY_RETRY);
}

interface NewBet {
  key: string;
  digest: string;
  lottery: LotteryDef;
  issue: string;
  amountMinor: bigint;
  userRebateTenths: number;
  pointTenths: number;
  lines: CheckedLine[];
  recordCode: string;
}

/**
 * One statement, committed on its own: the bet with its lines (guarded by the standing it was
 * priced with, claiming the key, written only when the player's balance covers it) leads the 302
 * debit through the ledger (wallet/ledger.ts TransferLead). 'stale' when the standing no longer
 * holds, 'taken' when the key is already used; nothing is written then, nor when 余额不足.
 */
async function insertAndDebit(
  ctx: AppContext,
  user: SessionUser,
  bet: NewBet,
  standing: Standing,
  nowMs: number,
): Promise<{ orderId: string; balanceMinor: bigint } | 'stale' | 'taken'> {
  // Account ids are cached per process: no round trip after a player's first bet.
  const player = await playerAccount(ctx.db, user.tenantId, user.userId);
  const house = await houseAccount(ctx.db, user.tenantId, user.userId);
  const placed = await postTransferLed<{ fresh: boolean; bet_id: string | null; debited: boolean }>(
    ctx.database,
    {
      typeCode: 302,
      lines: [
        { accountId: player, amountMinor: -bet.amountMinor },
        { accountId: house, amountMinor: bet.amountMinor },
      ],
      related: { kind: 'bet', id: '' },
      remark: `${bet.lottery.name} 第${bet.issue}期投注`,
    },
    {
      ctes: sql`g AS MATERIALIZED (${standingStillHolds(user, bet.lottery.code, standing)}
        ), b AS (
          INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, request_digest, lottery_code, issue,
                           amount_minor, user_rebate_tenths, point_tenths, created_at)
          SELECT ${user.tenantId}, ${user.userId}, ${bet.recordCode}, ${bet.key}, ${bet.digest}, ${bet.lottery.code},
                 ${bet.issue}, ${bet.amountMinor}, ${bet.userRebateTenths}, ${bet.pointTenths}, ${nowMs}
          FROM g, verdict WHERE verdict.found AND verdict.funded
          ON CONFLICT (tenant_id, user_id, idempotency_key) DO NOTHING
          RETURNING id
        ), l AS (
          INSERT INTO bet_line (bet_id, line_no, play_detail_code, betting_number, betting_count, betting_unit,
                                multiplier, amount_minor, prize_group)
          SELECT b.id, v.line_no, v.play, v.num, v.cnt, v.unit, v.mult, v.amount, v.grp
          FROM b CROSS JOIN (VALUES ${sql.join(
            bet.lines.map(
              (x) =>
                sql`(${x.lineNo}::smallint, ${x.playDetailCode}::text, ${x.bettingNumber}::text, ${x.bettingCount}::int,
                     ${x.bettingUnit}::text, ${x.multiplier}::int, ${x.amountMinor}::bigint, ${x.prizeGroup}::int)`,
            ),
            sql`, `,
          )}) AS v(line_no, play, num, cnt, unit, mult, amount, grp)
          RETURNING 1
        )`,
      claimFrom: sql`b`,
      idempotencyKey: sql`'bet:' || b.id`,
      relatedId: sql`b.id::text`,
      columns: sql`EXISTS (SELECT 1 FROM g) AS fresh, (SELECT id::text FROM b) AS bet_id,
        CASE WHEN (SELECT count(*) FROM b) <> (SELECT count(*) FROM claimed)
             THEN ledger_abort('a bet without its debit') ELSE true END AS debited`,
    },
    nowMs,
  );
  if (!placed.lead.fresh) return 'stale';
  if (!placed.found) throw new Error(`bet accounts missing for user ${user.userId}`);
  if (!placed.funded) throw DomainError.of(Codes.INSUFFICIENT_BALANCE);
  // an earlier bet, or a concurrent duplicate that committed first (a bet is never left without
  // its debit: the statement aborts on that, see `debited`)
  if (placed.lead.bet_id === null || !placed.transfer) return 'taken';
  const balanceMinor = placed.transfer.entries.find((e) => e.accountId === player)!.balanceAfterMinor;
  return { orderId: placed.lead.bet_id, balanceMinor };
}

export const formatBalance = (minor: bigint) => formatMoney(minor);
