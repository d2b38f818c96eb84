import { Codes } from '@lottery/contract/codes';
import { GameMessages } from '@lottery/contract/games';
import { formatMoney } from '@lottery/contract/money';
import { tableGameByCode } from '@lottery/rules/games/catalogue';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { DomainError } from '../../errors';
import { periodRange } from '../wallet/index';
import { findGameChain, gameChainSecret } from './chain';
import { findRound } from './rounds';

/** /ChessRecord and /chessRecordDetail: own bets of a period with totals, and one bet with its round. */

type BetRow = {
  id: string;
  user_id: string;
  game_code: string;
  round_id: string;
  area: string;
  stake_minor: string;
  debit_minor: string;
  return_minor: string | null;
  outcome: string | null;
  state: number;
  created_at: string;
};
const BET_COLUMNS = sql`b.id::text, b.user_id::text, b.game_code, b.round_id, b.area, b.stake_minor::text,
  b.debit_minor::text, b.return_minor::text, b.outcome, b.state, b.created_at::text`;

export function betRowView(r: BetRow) {
  const game = tableGameByCode(r.game_code);
  return {
    id: r.id,
    gameCode: r.game_code,
    gameName: game?.name ?? r.game_code,
    roundId: r.round_id,
    area: r.area,
    areaName: game?.areas.find((a) => a.code === r.area)?.name ?? r.area,
    betMoney: formatMoney(BigInt(r.stake_minor)),
    debitMoney: formatMoney(BigInt(r.debit_minor)),
    returnMoney: r.return_minor === null ? null : formatMoney(BigInt(r.return_minor)),
    outcome: r.state === 3 ? 'refund' : r.outcome,
    state: Number(r.state),
    gmtCreated: Number(r.created_at),
  };
}

export async function ownGameBets(
  ctx: AppContext,
  user: SessionUser,
  query: {
    gameCode?: string;
    period: 'today' | 'yesterday' | 'sevenDays';
    pageNum: number;
    pageSize: number;
  },
) {
  const { fromMs, toMs } = periodRange(query.period, ctx.clock.now());
  const where = sql`b.user_id = ${user.userId} AND b.tenant_id = ${user.tenantId}
    AND b.created_at >= ${fromMs} AND b.created_at < ${toMs}
    ${query.gameCode ? sql`AND b.game_code = ${query.gameCode}` : sql``}`;
  const totals = await queryOne<{ n: string; stake: string; ret: string; settled_debit: string }>(
    ctx.db,
    sql`SELECT count(*)::text AS n, coalesce(sum(b.stake_minor), 0)::text AS stake,
               coalesce(sum(b.return_minor), 0)::text AS ret,
               coalesce(sum(b.debit_minor) FILTER (WHERE b.state IN (1, 3)), 0)::text AS settled_debit
        FROM game_bet b WHERE ${where}`,
  );
  const rows = await queryRows<BetRow>(
    ctx.db,
    sql`SELECT ${BET_COLUMNS} FROM game_bet b WHERE ${where}
        ORDER BY b.created_at DESC, b.id DESC
        LIMIT ${query.pageSize} OFFSET ${(query.pageNum - 1) * query.pageSize}`,
  );
  const ret = BigInt(totals?.ret ?? '0');
  return {
    rows: rows.map(betRowView),
    total: Number(totals?.n ?? 0),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    betMoney: formatMoney(BigInt(totals?.stake ?? '0')),
    returnMoney: formatMoney(ret),
    profit: formatMoney(ret - BigInt(totals?.settled_debit ?? '0')),
  };
}

export async function ownGameBet(ctx: AppContext, user: SessionUser, betId: number) {
  const row = await queryOne<
    BetRow & { state_r: string; result: string | null; secret: string | null; chain_id: string; seq: number }
  >(
    ctx.db,
    sql`SELECT ${BET_COLUMNS}, r.state AS state_r, r.result, r.secret, r.chain_id::text, r.seq
        FROM game_bet b JOIN game_round r ON r.id = b.round_pk
        WHERE b.id = ${betId} AND b.user_id = ${user.userId} AND b.tenant_id = ${user.tenantId}`,
  );
  if (!row) throw DomainError.of(Codes.INVALID_PARAM, GameMessages.notFound);
  const chain = await findGameChain(ctx.db, Number(row.chain_id));
  if (!chain) throw new Error(`round of bet ${betId} has no chain`);
  const revealed = row.secret !== null;
  return {
    bet: betRowView(row),
    round: {
      gameCode: row.game_code,
      roundId: row.round_id,
      state: row.state_r,
      result: row.result === null ? null : row.result.split(','),
      secret: row.secret,
      previousSecret: revealed ? gameChainSecret(chain, Number(row.seq) - 1) : null,
      chainHead: chain.head,
    },
  };
}

/**
 * game/getGameRound: a settled round's published values for /fairness, whoever asks (a round's
 * result and secret are public once it settles). Rounds nobody bet on are never stored.
 */
export async function publishedRound(db: Executor, tenantId: number, gameCode: string, roundId: string) {
  const round = await findRound(db, tenantId, gameCode, roundId);
  if (!round) throw DomainError.of(Codes.INVALID_PARAM, GameMessages.roundNotFound);
  if (round.state === 'void') throw DomainError.of(Codes.INVALID_PARAM, GameMessages.roundVoid);
  if (round.state !== 'settled' || !round.secret || !round.result)
    throw DomainError.of(Codes.INVALID_PARAM, GameMessages.roundNotSettled);
  const chain = await findGameChain(db, round.chainId);
  if (!chain) throw new Error(`round ${round.id} has no chain`);
  return {
    gameCode: round.gameCode,
    gameName: tableGameByCode(round.gameCode)?.name ?? round.gameCode,
    roundId: round.roundId,
    seq: round.seq,
    result: round.result,
    secret: round.secret,
    previousSecret: gameChainSecret(chain, round.seq - 1),
    chainHead: chain.head,
  };
}
