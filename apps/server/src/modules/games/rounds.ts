import type { GamePhase } from '@lottery/contract/games';
import { tableGameByCode } from '@lottery/rules/games/catalogue';
import type { BetOutcome } from '@lottery/rules/games/money';
import { type TurnoverBet, validTurnover } from '@lottery/rules/games/valid-turnover';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { postTransferBatchIn, type TransferInput } from '../wallet/index';
import { ensureGameChain, findGameChain, gameChainSecret } from './chain';
import { planRebates, rebateTransfers } from './rebates';
import { type RoundTimes, roundTimes, viewOf } from './schedule';

/**
 * The rounds of a room in the database (docs/games.md "Round loop"). Each step is one conditional
 * update on the round's state (betting → closed → dealt → settled), so a step retried by a new leader
 * after a crash either finds it done or does it: a round is settled exactly once, and its credits
 * carry idempotency keys besides.
 */

export type RoundState = 'betting' | 'closed' | 'dealt' | 'settled' | 'void';

export interface GameRoundRow {
  id: number;
  tenantId: number;
  gameCode: string;
  roundId: string;
  chainId: number;
  seq: number;
  state: RoundState;
  times: RoundTimes;
  result: string[] | null;
  secret: string | null;
}

type Row = {
  id: string;
  tenant_id: number;
  game_code: string;
  round_id: string;
  chain_id: string;
  seq: number;
  state: RoundState;
  result: string | null;
  secret: string | null;
};
const COLUMNS = sql`id::text, tenant_id, game_code, round_id, chain_id::text, seq, state, result, secret`;

function toRound(r: Row): GameRoundRow {
  const times = roundTimes(r.round_id);
  if (!times) throw new Error(`bad stored round id ${r.round_id}`);
  return {
    id: Number(r.id),
    tenantId: Number(r.tenant_id),
    gameCode: r.game_code,
    roundId: r.round_id,
    chainId: Number(r.chain_id),
    seq: Number(r.seq),
    state: r.state,
    times,
    result: r.result === null ? null : r.result.split(','),
    secret: r.secret,
  };
}

export async function findRound(
  db: Executor,
  tenantId: number,
  gameCode: string,
  roundId: string,
): Promise<GameRoundRow | undefined> {
  const row = await queryOne<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM game_round
        WHERE tenant_id = ${tenantId} AND game_code = ${gameCode} AND round_id = ${roundId}`,
  );
  return row && toRound(row);
}

/** The round row of `times`, created (with its day's chain) when missing. */
export async function ensureRound(
  db: Executor,
  tenantId: number,
  gameCode: string,
  times: RoundTimes,
  nowMs: number,
): Promise<{ round: GameRoundRow; created: boolean }> {
  const existing = await findRound(db, tenantId, gameCode, times.roundId);
  if (existing) return { round: existing, created: false };
  const chain = await ensureGameChain(db, tenantId, gameCode, times.businessDate, nowMs);
  const inserted = await queryOne<Row>(
    db,
    sql`INSERT INTO game_round (tenant_id, game_code, round_id, chain_id, seq, open_ms, close_ms, deal_ms, settle_ms)
        VALUES (${tenantId}, ${gameCode}, ${times.roundId}, ${chain.id}, ${times.seq}, ${times.openMs},
                ${times.closeMs}, ${times.dealMs}, ${times.settleMs})
        ON CONFLICT (tenant_id, game_code, round_id) DO NOTHING
        RETURNING ${COLUMNS}`,
  );
  if (inserted) return { round: toRound(inserted), created: true };
  const row = await findRound(db, tenantId, gameCode, times.roundId);
  if (!row) throw new Error(`round ${gameCode} ${times.roundId} vanished`);
  return { round: row, created: false };
}

/** Rounds past their close that are not settled yet, oldest first (the leader's work list). */
export async function pendingRounds(db: Executor, nowMs: number, limit: number): Promise<GameRoundRow[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM game_round
        WHERE state <> 'settled' AND state <> 'void' AND close_ms <= ${nowMs}
        ORDER BY settle_ms, id LIMIT ${limit}`,
  );
  return rows.map(toRound);
}

/** Closes betting: waits for bets in flight (they hold the round row FOR SHARE). */
export async function closeRound(db: Executor, round: GameRoundRow): Promise<boolean> {
  const row = await queryOne(
    db,
    sql`UPDATE game_round SET state = 'closed' WHERE id = ${round.id} AND state = 'betting' RETURNING 1`,
  );
  return row !== undefined;
}

/** The round dealt from its chain link s_k (pure; the same on every process). */
export async function dealtResult(
  db: Executor,
  round: GameRoundRow,
): Promise<{ result: string[]; secret: string; previous: string }> {
  const game = tableGameByCode(round.gameCode);
  const chain = await findGameChain(db, round.chainId);
  if (!game || !chain) throw new Error(`round ${round.id}: game or chain missing`);
  const secret = gameChainSecret(chain, round.seq);
  return {
    result: game.spell(game.deal(secret, round.roundId)),
    secret,
    previous: gameChainSecret(chain, round.seq - 1),
  };
}

/** Stores the result (state dealt). The secret stays unpublished until the round settles. */
export async function dealRound(db: Executor, round: GameRoundRow): Promise<string[] | undefined> {
  const { result } = await dealtResult(db, round);
  const row = await queryOne(
    db,
    sql`UPDATE game_round SET state = 'dealt', result = ${result.join(',')}
        WHERE id = ${round.id} AND state IN ('betting', 'closed') RETURNING 1`,
  );
  return row ? result : undefined;
}

export interface SettledRound {
  result: string[];
  secret: string;
  previous: string;
  outcomes: Record<string, { outcome: string; num: string; den: string }>;
  /** Per player: stake and credit of the round. */
  payouts: Map<number, { stakeMinor: bigint; returnMinor: bigint }>;
}

type SettledBet = {
  user_id: string;
  player_account: string;
  house_account: string;
  stake_minor: string;
  return_minor: string;
  area: string;
  outcome: string;
};

/**
 * Settles a dealt round in one transaction: the round flips to settled (once: WHERE state = 'dealt'),
 * ONE update sets every open bet's credit from the round's area outcomes (stake × num / den, rounded
 * down to the cent, as the engine's settleStake), and each player's credits of the round are one 220
 * transfer keyed `game:220:<round>:<user>`, with the round's rebates (502 own, 204 agents, rebates.ts)
 * in the same batch. Undefined when the round was not (or no longer) dealt.
 */
export async function settleRound(
  db: Db,
  round: GameRoundRow,
  nowMs: number,
): Promise<SettledRound | undefined> {
  const game = tableGameByCode(round.gameCode);
  if (!game) throw new Error(`unknown game ${round.gameCode}`);
  const { result, secret, previous } = await dealtResult(db, round);
  const outcomes = game.outcomes(game.deal(secret, round.roundId)) as Record<
    string,
    { outcome: string; returnPerStake: { num: bigint; den: bigint } }
  >;
  const entries = Object.entries(outcomes);
  const rebates = await planRebates(db, round.tenantId, round.id, round.gameCode);
  return db.transaction(async (tx) => {
    const flipped = await queryOne(
      tx,
      sql`UPDATE game_round SET state = 'settled', secret = ${secret}, settled_at = ${nowMs}
          WHERE id = ${round.id} AND state = 'dealt' RETURNING 1`,
    );
    if (!flipped) return undefined;
    const values = sql.join(
      entries.map(
        ([area, o]) =>
          sql`(${area}::text, ${o.returnPerStake.num.toString()}::bigint, ${o.returnPerStake.den.toString()}::bigint, ${o.outcome}::text)`,
      ),
      sql`, `,
    );
    const bets = await queryRows<SettledBet>(
      tx,
      sql`UPDATE game_bet b
          SET return_minor = (b.stake_minor * o.num / o.den) - (b.stake_minor * o.num / o.den) % 100,
              outcome = o.outcome, state = 1, settled_at = ${nowMs}
          FROM (VALUES ${values}) AS o(area, num, den, outcome)
          WHERE b.round_pk = ${round.id} AND b.state = 0 AND b.area = o.area
          RETURNING b.user_id::text, b.player_account::text, b.house_account::text,
                    b.stake_minor::text, b.return_minor::text, b.area, b.outcome`,
    );
    const payouts = new Map<number, { stakeMinor: bigint; returnMinor: bigint }>();
    const accounts = new Map<number, { player: number; house: number }>();
    const betsOf = new Map<number, TurnoverBet[]>();
    for (const b of bets) {
      const list = betsOf.get(Number(b.user_id)) ?? [];
      list.push({ area: b.area, stakeMinor: BigInt(b.stake_minor), outcome: b.outcome as BetOutcome });
      betsOf.set(Number(b.user_id), list);
      const userId = Number(b.user_id);
      const p = payouts.get(userId) ?? { stakeMinor: 0n, returnMinor: 0n };
      p.stakeMinor += BigInt(b.stake_minor);
      p.returnMinor += BigInt(b.return_minor);
      payouts.set(userId, p);
      accounts.set(userId, { player: Number(b.player_account), house: Number(b.house_account) });
    }
    const credits: TransferInput[] = [];
    const game = tableGameByCode(round.gameCode)!;
    for (const [userId, p] of payouts) {
      if (p.returnMinor <= 0n) continue;
      const a = accounts.get(userId)!;
      credits.push({
        idempotencyKey: `game:220:${round.id}:${userId}`,
        typeCode: 220,
        lines: [
          { accountId: a.house, amountMinor: -p.returnMinor },
          { accountId: a.player, amountMinor: p.returnMinor },
        ],
        related: { kind: 'gameRound', id: String(round.id) },
        remark: `${game.name} 第${round.roundId}局派奖`,
      });
    }
    // valid turnover (opposite areas cancel, pushes excluded): what rebates, VIP growth, activity
    // and withdrawal turnover count from the round (packages/rules games/valid-turnover.ts)
    const turnover = new Map(
      [...betsOf].map(([userId, list]) => [userId, validTurnover(round.gameCode, list)] as const),
    );
    if (turnover.size > 0)
      await tx.execute(
        sql`INSERT INTO game_turnover (round_pk, user_id, tenant_id, game_code, valid_minor, settled_at)
            VALUES ${sql.join(
              [...turnover].map(
                ([userId, v]) =>
                  sql`(${round.id}, ${userId}, ${round.tenantId}, ${round.gameCode}, ${v.toString()}::bigint, ${nowMs})`,
              ),
              sql`, `,
            )}
            ON CONFLICT (round_pk, user_id) DO NOTHING`,
      );
    credits.push(...rebateTransfers(rebates, round, game.name, turnover));
    if (credits.length > 0) await postTransferBatchIn(tx, credits, nowMs);
    return {
      result,
      secret,
      previous,
      outcomes: Object.fromEntries(
        entries.map(([area, o]) => [
          area,
          { outcome: o.outcome, num: o.returnPerStake.num.toString(), den: o.returnPerStake.den.toString() },
        ]),
      ),
      payouts,
    };
  });
}

/** Last settled results of a room, newest first (the trend road). */
export async function recentResults(
  db: Executor,
  tenantId: number,
  gameCode: string,
  limit: number,
): Promise<{ roundId: string; result: string[] }[]> {
  const rows = await queryRows<{ round_id: string; result: string }>(
    db,
    sql`SELECT round_id, result FROM game_round
        WHERE tenant_id = ${tenantId} AND game_code = ${gameCode} AND state = 'settled'
        ORDER BY open_ms DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ roundId: r.round_id, result: r.result.split(',') }));
}

/** The phase a stored round shows: the database state, or the clock's when it is ahead. */
export function storedPhase(round: GameRoundRow): GamePhase {
  switch (round.state) {
    case 'betting':
      return 'betting';
    case 'closed':
      return 'closed';
    case 'dealt':
      return 'dealing';
    default:
      return 'settled';
  }
}

export const roundViewOf = (round: GameRoundRow) =>
  viewOf(round.gameCode, round.times, storedPhase(round), round.result);
