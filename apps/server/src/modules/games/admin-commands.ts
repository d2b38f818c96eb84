import { formatMoney } from '@lottery/contract/money';
import { tableGameByCode } from '@lottery/rules/games/catalogue';
import { GAME_CODES } from '@lottery/rules/games/game';
import { rebateCapBp } from '@lottery/rules/games/rebate-cap';
import { sql } from 'drizzle-orm';
import { systemClock } from '../../clock';
import { queryOne, queryRows } from '../../db/sql';
import { publishToServers } from '../../operator/bus';
import { type AdminCommand, UsageError } from '../../operator/command';
import { gameBusMessage } from './rooms';
import { findRound } from './rounds';
import { voidRound } from './void';

/**
 * `npm run admin -- game-void <gameCode> <roundId> [reason]`: the operator voids a round that was
 * not settled (docs/games.md "Voided rounds"); every open bet is refunded its debit (221). A round
 * already settled or void is left alone, so running it twice refunds once. With REDIS_URL the
 * room's sockets on every server get the `void` frame at once.
 */
const gameVoid: AdminCommand = {
  summary: 'void an unsettled table-game round and refund every open bet (221 棋牌退款)',
  usage: 'game-void <gameCode> <roundId> [reason]',
  async run(args, { config, database, clock = systemClock }) {
    const [gameCode, roundId, ...rest] = args;
    const game = gameCode ? tableGameByCode(gameCode) : undefined;
    if (!game) throw new UsageError(`no table game ${gameCode ?? ''}`.trim());
    if (!roundId) throw new UsageError('give the round id');
    const tenant = await queryOne<{ id: number }>(
      database.db,
      sql`SELECT id FROM tenants WHERE code = ${config.TENANT_CODE}`,
    );
    if (!tenant) throw new UsageError(`tenant ${config.TENANT_CODE} does not exist`);
    const round = await findRound(database.db, Number(tenant.id), game.code, roundId);
    if (!round) throw new UsageError(`${game.name} has no round ${roundId} (nobody bet on it)`);
    const reason = rest.join(' ') || '运营作废';
    const nowMs = clock.now();
    const voided = await voidRound(database.db, round, nowMs, reason);
    if (!voided) {
      const now = await findRound(database.db, round.tenantId, game.code, roundId);
      return `${game.name} ${roundId}: already ${now?.state ?? round.state} (kept)`;
    }
    const total = [...voided.refunds.values()].reduce((a, b) => a + b, 0n);
    // the room's players (on every server process) hear it at once, through Redis
    const sent = await publishToServers(
      config,
      gameBusMessage(round.tenantId, game.code, { type: 'void', serverMs: nowMs, roundId, reason }),
    );
    const told = sent === 'sent' ? 'the room told' : `the room not told (${sent}): it sees the next round`;
    return `${game.name} ${roundId}: void, ${voided.bets} bets of ${voided.refunds.size} players refunded ${formatMoney(total)}; ${told}`;
  },
};

/** "0.5" (percent, at most two decimals) → 50 basis points; undefined when not such a figure. */
export function parseRatePercent(text: string): number | undefined {
  const m = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const percentOf = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;

/**
 * `npm run admin -- game-rebate <gameCode> <rate%> [userName]`: sets a table game's rebate (502, and
 * the basis of 204) for the tenant (default) or for one player, in percent with two decimals. A rate
 * at or above the game's cap (packages/rules games/rebate-cap.ts: below the lowest area edge) is
 * refused. `game-rebate list` prints the rates and caps.
 */
const gameRebate: AdminCommand = {
  summary: 'set a table game rebate rate (default or per player), capped below the house edge',
  usage: 'game-rebate <gameCode> <rate%> [userName] | game-rebate list',
  async run(args, { config, database, clock = systemClock }) {
    const tenant = await queryOne<{ id: number }>(
      database.db,
      sql`SELECT id FROM tenants WHERE code = ${config.TENANT_CODE}`,
    );
    if (!tenant) throw new UsageError(`tenant ${config.TENANT_CODE} does not exist`);
    const tenantId = Number(tenant.id);
    if (args[0] === 'list') {
      const rows = await queryRows<{ game_code: string; user_name: string | null; rate_bp: number }>(
        database.db,
        sql`SELECT r.game_code, u.user_name, r.rate_bp FROM game_rebate_rate r
            LEFT JOIN users u ON u.id = r.user_id WHERE r.tenant_id = ${tenantId}
            ORDER BY r.game_code, r.user_id`,
      );
      const caps = GAME_CODES.map((c) => `${c} cap ${percentOf(rebateCapBp(c))}`);
      const lines = rows.map(
        (r) => `${r.game_code} ${r.user_name ?? '(default)'} ${percentOf(Number(r.rate_bp))}`,
      );
      return [...caps, ...lines].join('\n');
    }
    const [gameCode, rateText, userName] = args;
    const game = gameCode ? tableGameByCode(gameCode) : undefined;
    if (!game) throw new UsageError(`no table game ${gameCode ?? ''}`.trim());
    const bp = rateText === undefined ? undefined : parseRatePercent(rateText);
    if (bp === undefined) throw new UsageError('give the rate in percent, e.g. 0.5 (at most two decimals)');
    const cap = rebateCapBp(game.code);
    if (bp > cap)
      throw new UsageError(
        `${game.name}: ${percentOf(bp)} is above the cap ${percentOf(cap)} (the rebate must stay below the house edge)`,
      );
    let userId = 0;
    if (userName !== undefined) {
      const user = await queryOne<{ id: string }>(
        database.db,
        sql`SELECT id::text FROM users WHERE tenant_id = ${tenantId} AND user_name = ${userName}`,
      );
      if (!user) throw new UsageError(`no user ${userName}`);
      userId = Number(user.id);
    }
    await database.db.execute(
      sql`INSERT INTO game_rebate_rate (tenant_id, game_code, user_id, rate_bp, updated_at)
          VALUES (${tenantId}, ${game.code}, ${userId}, ${bp}, ${clock.now()})
          ON CONFLICT (tenant_id, game_code, user_id) DO UPDATE SET rate_bp = EXCLUDED.rate_bp, updated_at = EXCLUDED.updated_at`,
    );
    return `${game.name} rebate ${userName ?? '(default)'}: ${percentOf(bp)} (cap ${percentOf(cap)})`;
  },
};

export const GAME_COMMANDS: Record<string, AdminCommand> = {
  'game-void': gameVoid,
  'game-rebate': gameRebate,
};
