import { createHash, randomBytes } from 'node:crypto';
import type { BetLine } from '@lottery/contract/betting';
import { Codes, Messages } from '@lottery/contract/codes';
import { FAST_BET_MAX_SKEW_SEC } from '@lottery/contract/fast-bet';
import { instantDraw } from '@lottery/rules/instant-draw';
import { type LotteryDef, lotteryByCode } from '@lottery/rules/lotteries';
import { immediateRebateMinor, parseRebateTenths } from '@lottery/rules/odds';
import { currentIssue } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { queryOne } from '../../db/sql';
import { DomainError } from '../../errors';
import {
  houseAccount,
  playerAccount,
  postTransferBatchIn,
  postTransferIn,
  type TransferInput,
} from '../wallet/index';
import { ensureAccounts } from './accounts';
import { type CheckedLine, checkLines, parseLines } from './bet-lines';
import { ensureActiveSeed, lockActiveSeed } from './fast-seeds';
import { KEY_REUSED_MSG } from './placer';
import { bettingPolicy } from './policy';
import { linePayout, settlementDraw } from './settler';
import { forgetStanding, standingOf, standingStillHolds } from './standing';

/**
 * fastBetPlacer: POST betting/addFastBetting (连续开奖). The lines are checked and priced exactly
 * like a normal bet (bet-lines.ts, against the issue on sale, since the client sends none); then
 * ONE transaction locks the player's active instant seed, takes its nonce, draws the round
 * (rules/instant-draw.ts), writes the bet already settled under its own issue id
 * `F<seedId>-<nonce>`, debits the stake (302) and credits winnings (205), the self rebate (501) and
 * agent rebates (204) computed as the issue settler does (`linePayout`). A crash before commit
 * leaves nothing; after commit the bet, its round and every transfer exist together.
 *
 * Idempotent: the bet's (tenant, user, idempotency key) is unique; a replay of the key with the
 * same basket answers the first round (replayed, nothing charged), another basket is refused.
 * Stale requests (timestamp off the server clock by more than FAST_BET_MAX_SKEW_SEC) and changed
 * odds or rebate answer 投资类型校验错误 (spec §8), which the web turns into its reload message.
 */

export interface FastRound {
  orderId: string;
  recordCode: string;
  lotteryCode: string;
  issue: string;
  amountMinor: bigint;
  bonusMinor: bigint;
  rebateMinor: bigint;
  numbers: string[];
  createdMs: number;
  balanceMinor: bigint;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  replayed: boolean;
}

const MAX_STALE_RETRIES = 3;
const MAX_AGENT_DEPTH = 20;
const investChanged = () => DomainError.of(Codes.REBATE_CHANGED, Messages.investTypeChanged);
const invalid = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);

class KeyTaken extends Error {}

function digestOf(lines: readonly BetLine[]): string {
  const fixed = lines.map((l) => [
    l.lotteryCode,
    l.playDetailCode,
    l.bettingNumber,
    l.bettingCount,
    l.bettingAmount,
    l.bettingPoint,
    l.bettingUnit,
    l.graduationCount,
  ]);
  return createHash('sha256')
    .update(`fast\n${JSON.stringify(fixed)}`)
    .digest('hex');
}

/** The lines with the issue on sale filled in (fast mode sends an empty issue), parsed by the contract. */
function fastLines(bettingData: string, nowMs: number): { lines: BetLine[]; lottery: LotteryDef } {
  let raw: unknown;
  try {
    raw = JSON.parse(bettingData);
  } catch {
    throw invalid('bettingData 不是有效的 JSON');
  }
  if (!Array.isArray(raw) || raw.length === 0) throw invalid(Messages.noSelection);
  const first = raw[0] as { lotteryCode?: unknown } | null;
  const lottery = typeof first?.lotteryCode === 'string' ? lotteryByCode(first.lotteryCode) : undefined;
  if (!lottery) throw invalid(Messages.lotteryMissing);
  if (!lottery.isFastBet) throw invalid('该彩种不支持连续开奖');
  const onSale = currentIssue(lottery, nowMs).issue;
  const filled = raw.map((item) =>
    item && typeof item === 'object' ? { ...(item as object), bettingIssue: onSale } : item,
  );
  return { lines: parseLines(JSON.stringify(filled)), lottery };
}

type AncestorRow = { id: string; rebate: string };

/**
 * The agent chain above a player, nearest first, with each agent's rebate as it is now (agent_tree)
 * for `lotteryType` (its override, else its single figure; migration 0702).
 */
const ancestorsJson = (userId: number, lotteryType = 0) =>
  sql`(SELECT coalesce(json_agg(json_build_object('id', t.ancestor_id::text,
                                                  'rebate', coalesce(r.rebate, a.rebate)::text)
                                ORDER BY t.depth), '[]'::json)
       FROM agent_tree t JOIN users a ON a.id = t.ancestor_id
       LEFT JOIN user_type_rebate r ON r.user_id = t.ancestor_id AND r.lottery_type = ${lotteryType}
       WHERE t.descendant_id = ${userId} AND t.depth BETWEEN 1 AND ${MAX_AGENT_DEPTH})`;

/**
 * Ledger accounts of a player's agents (player account and house shard per agent), per process:
 * an agent chain hardly ever changes, and a round whose fresh chain names an agent missing here
 * refreshes it before paying (`chainAccounts(..., { fresh: true })`).
 */
type ChainAccounts = Map<number, { account: number; house: number }>;
const chainKept = new Map<number, ChainAccounts>();
const KEPT_MAX = 100_000;

async function chainAccounts(
  ctx: AppContext,
  user: SessionUser,
  nowMs: number,
  options: { fresh: boolean },
): Promise<ChainAccounts> {
  const kept = chainKept.get(user.userId);
  if (kept && !options.fresh) return kept;
  const row = await queryOne<{ ancestors: AncestorRow[] | string }>(
    ctx.db,
    sql`SELECT ${ancestorsJson(user.userId)} AS ancestors`,
  );
  const ancestors = parseAncestors(row?.ancestors);
  const map: ChainAccounts = new Map();
  if (ancestors.length > 0) {
    const ids = ancestors.map((a) => Number(a.id));
    const accounts = await ensureAccounts(ctx.db, [user.tenantId], ids, nowMs);
    for (const id of ids) {
      const account = accounts.player.get(id);
      const house = accounts.houseFor(user.tenantId, id);
      if (account === undefined || house === undefined) throw new Error(`no account for agent ${id}`);
      map.set(id, { account, house });
    }
  }
  if (chainKept.size >= KEPT_MAX) chainKept.clear();
  chainKept.set(user.userId, map);
  return map;
}

function parseAncestors(value: unknown): AncestorRow[] {
  if (value === undefined || value === null) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as AncestorRow[];
}

/** Players known to have an active seed in this process (one always exists once created). */
const seeded = new Set<number>();

export async function placeFastBet(
  ctx: AppContext,
  user: SessionUser,
  input: { bettingData: string; timestamp: number; idempotencyKey?: string },
): Promise<FastRound> {
  const nowMs = ctx.clock.now();
  // Without a client key, the same basket with the same timestamp is one round (double taps).
  const key =
    input.idempotencyKey ??
    `fast-${createHash('sha256')
      .update(`${user.userId}\n${input.timestamp}\n${input.bettingData}`)
      .digest('hex')
      .slice(0, 40)}`;
  let digest = createHash('sha256').update(`unparsed\n${input.bettingData}`).digest('hex');
  try {
    const { lines, lottery } = fastLines(input.bettingData, nowMs);
    digest = digestOf(lines);
    if (Math.abs(input.timestamp * 1000 - nowMs) > FAST_BET_MAX_SKEW_SEC * 1000) throw investChanged();
    const placed = await placeNewRound(ctx, user, lottery, lines, key, digest, nowMs);
    if (placed) return placed;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A retry of a round that was placed answers with it, even once its timestamp is stale.
    const earlier = await earlierRound(ctx, user, key, digest);
    if (earlier) return earlier;
    throw error;
  }
  const earlier = await earlierRound(ctx, user, key, digest);
  if (!earlier) throw DomainError.of(Codes.BET_IN_PROGRESS);
  return earlier;
}

async function placeNewRound(
  ctx: AppContext,
  user: SessionUser,
  lottery: LotteryDef,
  lines: BetLine[],
  key: string,
  digest: string,
  nowMs: number,
): Promise<FastRound | undefined> {
  const { policy, centEnabled, hiddenModes } = await bettingPolicy(ctx, user.tenantId);
  const player = await playerAccount(ctx.db, user.tenantId, user.userId);
  const house = await houseAccount(ctx.db, user.tenantId, user.userId);
  if (!seeded.has(user.userId)) {
    await ensureActiveSeed(ctx.db, user, nowMs);
    if (seeded.size >= KEPT_MAX) seeded.clear();
    seeded.add(user.userId);
  }
  for (let attempt = 0; attempt < MAX_STALE_RETRIES; attempt++) {
    const standing = await standingOf(ctx, user, lottery.code, { fresh: attempt > 0 });
    if (standing?.status !== 'active') throw DomainError.of(Codes.ACCOUNT_ABNORMAL);
    if (standing.isStop === null) throw invalid(Messages.lotteryMissing);
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
      if (!(error instanceof DomainError) || error.code !== Codes.REBATE_CHANGED.code) throw error;
      // The kept standing may be older than the player's rebate: judge again from a fresh read.
      if (attempt === 0) {
        forgetStanding(user, lottery.code);
        continue;
      }
      // Odds or rebate that are not the player's current ones: the web reloads (spec §8).
      throw investChanged();
    }
    const amountMinor = checked.reduce((s, l) => s + l.amountMinor, 0n);
    const agents = await chainAccounts(ctx, user, nowMs, { fresh: attempt > 0 });
    const recordCode = `F${nowMs.toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
    try {
      const round = await ctx.db.transaction(async (tx) => {
        // One statement: the seed locked, the standing re-checked, the agent chain read fresh.
        const seed = await lockActiveSeed(
          tx,
          user,
          sql`EXISTS (${standingStillHolds(user, lottery.code, standing)}) AS holds, ${ancestorsJson(user.userId, lottery.lotteryType)} AS ancestors`,
        );
        if (!seed) return 'noSeed' as const;
        if (!seed.holds) return 'stale' as const;
        const ancestors = parseAncestors(seed.ancestors);
        if (ancestors.some((x) => !agents.has(Number(x.id)))) return 'stale' as const;
        const nonce = Number(seed.next_nonce);
        const numbers = instantDraw(lottery.code, seed.server_seed, seed.client_seed, nonce);
        const draw = settlementDraw(lottery, numbers, nowMs);
        const bonuses = checked.map((l) => linePayout(lottery, l, draw));
        const bonusMinor = bonuses.reduce((s, b) => s + b, 0n);
        const issue = `F${seed.id}-${nonce}`;
        const bet = await queryOne<{ id: string }>(
          tx,
          sql`WITH b AS (
              INSERT INTO bet (tenant_id, user_id, record_code, idempotency_key, request_digest, lottery_code, issue,
                               amount_minor, bonus_minor, user_rebate_tenths, point_tenths, state, open_number,
                               created_at, settled_at)
              VALUES (${user.tenantId}, ${user.userId}, ${recordCode}, ${key}, ${digest}, ${lottery.code}, ${issue},
                      ${amountMinor}, ${bonusMinor}, ${userRebateTenths}, ${pointTenths}, ${bonusMinor > 0n ? 1 : 2},
                      ${numbers.join(',')}, ${nowMs}, ${nowMs})
              ON CONFLICT (tenant_id, user_id, idempotency_key) DO NOTHING
              RETURNING id
            ), l AS (
              INSERT INTO bet_line (bet_id, line_no, play_detail_code, betting_number, betting_count, betting_unit,
                                    multiplier, amount_minor, prize_group, bonus_minor, state)
              SELECT b.id, v.* FROM b CROSS JOIN (VALUES ${sql.join(
                checked.map(
                  (x, i) =>
                    sql`(${x.lineNo}::smallint, ${x.playDetailCode}::text, ${x.bettingNumber}::text, ${x.bettingCount}::int,
                         ${x.bettingUnit}::text, ${x.multiplier}::int, ${x.amountMinor}::bigint, ${x.prizeGroup}::int,
                         ${bonuses[i]!}::bigint, ${bonuses[i]! > 0n ? 1 : 0}::smallint)`,
                ),
                sql`, `,
              )}) AS v(line_no, play, num, cnt, unit, mult, amount, grp, bonus, state)
              RETURNING 1
            )
            SELECT id::text FROM b`,
        );
        if (!bet) throw new KeyTaken();
        // Throws 余额不足 when the balance does not cover the stake: the whole round rolls back.
        const debit = await postTransferIn(
          tx,
          {
            idempotencyKey: `bet:${bet.id}`,
            typeCode: 302,
            lines: [
              { accountId: player, amountMinor: -amountMinor },
              { accountId: house, amountMinor },
            ],
            related: { kind: 'bet', id: bet.id },
            remark: `${lottery.name} 第${issue}期投注`,
          },
          nowMs,
        );
        const rebateMinor = immediateRebateMinor(amountMinor, pointTenths);
        const credits: TransferInput[] = [];
        const credit = (to: number, from: number, amount: bigint, typeCode: number, remark: string) => {
          if (amount <= 0n) return;
          credits.push({
            idempotencyKey: `fast:${typeCode}:${bet.id}:${to}`,
            typeCode,
            lines: [
              { accountId: from, amountMinor: -amount },
              { accountId: to, amountMinor: amount },
            ],
            related: { kind: 'bet', id: bet.id },
            remark,
          });
        };
        credit(player, house, bonusMinor, 205, `${lottery.name} 第${issue}期派奖`);
        credit(player, house, rebateMinor, 501, `${lottery.name} 第${issue}期投注返水`);
        // Each agent earns the difference between his rebate and the one below him (as settler.ts).
        let below = userRebateTenths;
        for (const a of ancestors) {
          const tenths = parseRebateTenths(a.rebate) ?? 0;
          if (tenths <= below) continue;
          const agent = agents.get(Number(a.id))!;
          credit(
            agent.account,
            agent.house,
            (amountMinor * BigInt(tenths - below)) / 1000n,
            204,
            `${lottery.name} 第${issue}期代理返点`,
          );
          below = tenths;
        }
        if (credits.length > 0) await postTransferBatchIn(tx, credits, nowMs);
        await tx.execute(
          sql`WITH r AS (
                INSERT INTO fast_round (bet_id, seed_id, nonce, client_seed, numbers)
                VALUES (${bet.id}::bigint, ${seed.id}::bigint, ${nonce}, ${seed.client_seed}, ${numbers.join(',')})
              )
              UPDATE fast_seed SET next_nonce = next_nonce + 1 WHERE id = ${seed.id}`,
        );
        // The player's row stays locked by the debit until commit: his balance is the debit's
        // balance-after plus what this round credited him.
        const afterDebit = debit.entries.find((e) => e.accountId === player)!.balanceAfterMinor;
        return {
          orderId: bet.id,
          recordCode,
          lotteryCode: lottery.code,
          issue,
          amountMinor,
          bonusMinor,
          rebateMinor,
          numbers,
          createdMs: nowMs,
          balanceMinor: afterDebit + bonusMinor + rebateMinor,
          serverSeedHash: seed.server_seed_hash,
          clientSeed: seed.client_seed,
          nonce,
          replayed: false,
        } satisfies FastRound;
      });
      if (round === 'noSeed') {
        // This process thought the seed existed (a database restored or reset under it): make one.
        await ensureActiveSeed(ctx.db, user, nowMs);
        continue;
      }
      if (round !== 'stale') return round;
      forgetStanding(user, lottery.code);
    } catch (error) {
      if (error instanceof KeyTaken) return undefined;
      throw error;
    }
  }
  throw DomainError.of(Codes.BUSY_RETRY);
}

type EarlierRow = {
  id: string;
  record_code: string;
  lottery_code: string;
  issue: string;
  amount_minor: string;
  bonus_minor: string;
  point_tenths: number;
  request_digest: string | null;
  created_at: string;
  numbers: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  balance: string | null;
};

/** The round already placed under this key (a replay), refused when it was another basket. */
async function earlierRound(
  ctx: AppContext,
  user: SessionUser,
  key: string,
  digest: string,
): Promise<FastRound | undefined> {
  const row = await queryOne<EarlierRow>(
    ctx.db,
    sql`SELECT b.id::text, b.record_code, b.lottery_code, b.issue, b.amount_minor::text, b.bonus_minor::text,
               b.point_tenths, b.request_digest, b.created_at::text, r.numbers, s.server_seed_hash, r.client_seed,
               r.nonce,
               (SELECT a.balance_minor FROM wallet_account a
                 WHERE a.tenant_id = b.tenant_id AND a.code = ${`player:${user.userId}`})::text AS balance
        FROM bet b JOIN fast_round r ON r.bet_id = b.id JOIN fast_seed s ON s.id = r.seed_id
        WHERE b.tenant_id = ${user.tenantId} AND b.user_id = ${user.userId} AND b.idempotency_key = ${key}`,
  );
  if (!row) {
    const normal = await queryOne(
      ctx.db,
      sql`SELECT 1 FROM bet WHERE tenant_id = ${user.tenantId} AND user_id = ${user.userId} AND idempotency_key = ${key}`,
    );
    if (normal) throw invalid(KEY_REUSED_MSG);
    return undefined;
  }
  if (row.request_digest !== digest) throw invalid(KEY_REUSED_MSG);
  const amountMinor = BigInt(row.amount_minor);
  return {
    orderId: row.id,
    recordCode: row.record_code,
    lotteryCode: row.lottery_code,
    issue: row.issue,
    amountMinor,
    bonusMinor: BigInt(row.bonus_minor),
    rebateMinor: immediateRebateMinor(amountMinor, Number(row.point_tenths)),
    numbers: row.numbers.split(','),
    createdMs: Number(row.created_at),
    balanceMinor: BigInt(row.balance ?? '0'),
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    replayed: true,
  };
}

/** One of the player's own rounds with what verifies it; the server seed only once revealed. */
export async function fastRoundOf(ctx: AppContext, user: SessionUser, orderId: number) {
  const row = await queryOne<{
    id: string;
    lottery_code: string;
    issue: string;
    numbers: string;
    server_seed_hash: string;
    server_seed: string;
    revealed_at: string | null;
    client_seed: string;
    nonce: number;
  }>(
    ctx.db,
    sql`SELECT b.id::text, b.lottery_code, b.issue, r.numbers, s.server_seed_hash, s.server_seed,
               s.revealed_at::text, r.client_seed, r.nonce
        FROM bet b JOIN fast_round r ON r.bet_id = b.id JOIN fast_seed s ON s.id = r.seed_id
        WHERE b.id = ${orderId} AND b.user_id = ${user.userId} AND b.tenant_id = ${user.tenantId}`,
  );
  if (!row) return undefined;
  return {
    orderId: row.id,
    lotteryCode: row.lottery_code,
    issue: row.issue,
    numbers: row.numbers.split(','),
    serverSeedHash: row.server_seed_hash,
    serverSeed: row.revealed_at === null ? null : row.server_seed,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
  };
}
