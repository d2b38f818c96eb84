import { createHash } from 'node:crypto';
import { Codes } from '@lottery/contract/codes';
import { GameMessages } from '@lottery/contract/games';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { tableGameByCode } from '@lottery/rules/games/catalogue';
import { CENT_MINOR } from '@lottery/rules/games/money';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { queryOne } from '../../db/sql';
import { DomainError } from '../../errors';
import { houseAccount, playerAccount, postTransferIn } from '../wallet/index';
import { areaMaxMinor, MIN_BET_MINOR } from './limits';
import { ensureRound } from './rounds';
import { phaseAt, roundAt, roundTimes } from './schedule';

/**
 * betPlacer: POST game/bet. Everything is checked before anything is written: the game, the area
 * (the engine's isArea), the amount (whole cents, at least MIN_BET), the round (the room's current
 * round, in its betting window by the clock). Then ONE transaction:
 *  1. locks the round row FOR SHARE and re-checks it is still betting (closing the round updates that
 *     row, so it waits for bets in flight and no bet lands after the close);
 *  2. inserts the bet (ON CONFLICT on the player's idempotency key does nothing: a replay);
 *  3. debits the engine's debitMinor (308; 余额不足 rolls everything back). The debit locks the
 *     player's wallet row until commit, so the player's bets are serialised from here on;
 *  4. sums the player's stakes on that area in the round (the other bets are committed by now) and
 *     refuses above the table limit, rolling back.
 * A refusal writes nothing. A replay of the key with the same bet answers the first bet; another bet
 * under a used key is refused.
 */

export interface PlacedGameBet {
  betId: string;
  gameCode: string;
  roundId: string;
  area: string;
  stakeMinor: bigint;
  debitMinor: bigint;
  balanceMinor: bigint;
  replayed: boolean;
}

const invalid = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);

export function gamesEnabledOf(config: unknown): boolean {
  return (config as { gamesEnabled?: unknown } | null)?.gamesEnabled === true;
}

export async function assertGamesEnabled(ctx: AppContext): Promise<void> {
  const tenant = await ctx.tenant.get();
  if (!tenant || !gamesEnabledOf(tenant.config)) throw invalid(GameMessages.disabled);
}

/** Stake in minor units from the wire, refused unless a positive whole number of cents ≥ MIN_BET. */
export function stakeOf(amount: string): bigint {
  let minor: bigint;
  try {
    minor = parseMoney(amount, 2);
  } catch {
    throw invalid(GameMessages.amountRule);
  }
  if (minor % CENT_MINOR !== 0n || minor <= 0n) throw invalid(GameMessages.amountRule);
  if (minor < MIN_BET_MINOR) throw invalid(GameMessages.belowMin(formatMoney(MIN_BET_MINOR)));
  return minor;
}

/** The game and area, or a refusal; shared by real and demo bets. */
export function checkedArea(gameCode: string, area: string) {
  const game = tableGameByCode(gameCode);
  if (!game) throw invalid(GameMessages.unknownGame);
  if (!game.isArea(area)) throw invalid(GameMessages.unknownArea);
  return game;
}

/** The round id must be the room's current round and in its betting window. */
export function checkRoundOpen(roundId: string, nowMs: number): void {
  const times = roundTimes(roundId);
  const current = roundAt(nowMs);
  if (!times || times.roundId !== current.roundId) throw invalid(GameMessages.staleRound);
  if (phaseAt(times, nowMs) !== 'betting') throw invalid(GameMessages.closed);
}

const digestOf = (input: { gameCode: string; roundId: string; area: string }, stakeMinor: bigint) =>
  createHash('sha256')
    .update(`${input.gameCode}\n${input.roundId}\n${input.area}\n${stakeMinor}`)
    .digest('hex');

class KeyTaken extends Error {}
class RoundClosed extends Error {}

export async function placeGameBet(
  ctx: AppContext,
  user: SessionUser,
  input: { gameCode: string; roundId: string; area: string; amount: string; idempotencyKey: string },
): Promise<PlacedGameBet> {
  await assertGamesEnabled(ctx);
  const game = checkedArea(input.gameCode, input.area);
  const stakeMinor = stakeOf(input.amount);
  const digest = digestOf(input, stakeMinor);
  const earlier = await earlierBet(ctx, user, input.idempotencyKey, digest);
  if (earlier) return earlier;

  const nowMs = ctx.clock.now();
  checkRoundOpen(input.roundId, nowMs);
  const debitMinor = game.debitMinor(input.area, stakeMinor);
  const maxMinor = areaMaxMinor(input.area);
  if (stakeMinor > maxMinor)
    throw invalid(GameMessages.aboveMax(formatMoney(maxMinor), formatMoney(maxMinor)));
  const times = roundTimes(input.roundId)!;
  const { round } = await ensureRound(ctx.db, user.tenantId, input.gameCode, times, nowMs);
  const player = await playerAccount(ctx.db, user.tenantId, user.userId);
  const house = await houseAccount(ctx.db, user.tenantId, user.userId);
  try {
    return await ctx.db.transaction(async (tx) => {
      const open = await queryOne(
        tx,
        sql`SELECT 1 FROM game_round WHERE id = ${round.id} AND state = 'betting' FOR SHARE`,
      );
      if (!open || ctx.clock.now() >= times.closeMs) throw new RoundClosed();
      const bet = await queryOne<{ id: string }>(
        tx,
        sql`INSERT INTO game_bet (tenant_id, user_id, round_pk, game_code, round_id, area, stake_minor, debit_minor,
                                  player_account, house_account, idempotency_key, request_digest, created_at)
            VALUES (${user.tenantId}, ${user.userId}, ${round.id}, ${input.gameCode}, ${input.roundId}, ${input.area},
                    ${stakeMinor}, ${debitMinor}, ${player}, ${house}, ${input.idempotencyKey}, ${digest}, ${nowMs})
            ON CONFLICT (tenant_id, user_id, idempotency_key) DO NOTHING
            RETURNING id::text`,
      );
      if (!bet) throw new KeyTaken();
      const debit = await postTransferIn(
        tx,
        {
          idempotencyKey: `game:bet:${bet.id}`,
          typeCode: 308,
          lines: [
            { accountId: player, amountMinor: -debitMinor },
            { accountId: house, amountMinor: debitMinor },
          ],
          related: { kind: 'gameBet', id: bet.id },
          remark: `${game.name} 第${input.roundId}局投注`,
        },
        nowMs,
      );
      const staked = await queryOne<{ total: string }>(
        tx,
        sql`SELECT coalesce(sum(stake_minor), 0)::text AS total FROM game_bet
            WHERE round_pk = ${round.id} AND user_id = ${user.userId} AND area = ${input.area}`,
      );
      const total = BigInt(staked?.total ?? '0');
      if (total > maxMinor) {
        const left = maxMinor - (total - stakeMinor);
        throw invalid(GameMessages.aboveMax(formatMoney(maxMinor), formatMoney(left > 0n ? left : 0n)));
      }
      return {
        betId: bet.id,
        gameCode: input.gameCode,
        roundId: input.roundId,
        area: input.area,
        stakeMinor,
        debitMinor,
        balanceMinor: debit.entries.find((e) => e.accountId === player)!.balanceAfterMinor,
        replayed: false,
      };
    });
  } catch (error) {
    if (error instanceof RoundClosed) throw invalid(GameMessages.closed);
    if (!(error instanceof KeyTaken)) throw error;
    // A concurrent request with the same key committed first: answer it (or refuse another bet).
    const first = await earlierBet(ctx, user, input.idempotencyKey, digest);
    if (!first) throw DomainError.of(Codes.BET_IN_PROGRESS);
    return first;
  }
}

async function earlierBet(
  ctx: AppContext,
  user: SessionUser,
  key: string,
  digest: string,
): Promise<PlacedGameBet | undefined> {
  const row = await queryOne<{
    id: string;
    game_code: string;
    round_id: string;
    area: string;
    stake_minor: string;
    debit_minor: string;
    request_digest: string;
    balance: string | null;
  }>(
    ctx.db,
    sql`SELECT b.id::text, b.game_code, b.round_id, b.area, b.stake_minor::text, b.debit_minor::text, b.request_digest,
               (SELECT a.balance_minor FROM wallet_account a WHERE a.id = b.player_account)::text AS balance
        FROM game_bet b
        WHERE b.tenant_id = ${user.tenantId} AND b.user_id = ${user.userId} AND b.idempotency_key = ${key}`,
  );
  if (!row) return undefined;
  if (row.request_digest !== digest) throw invalid(GameMessages.keyReused);
  return {
    betId: row.id,
    gameCode: row.game_code,
    roundId: row.round_id,
    area: row.area,
    stakeMinor: BigInt(row.stake_minor),
    debitMinor: BigInt(row.debit_minor),
    balanceMinor: BigInt(row.balance ?? '0'),
    replayed: true,
  };
}
