import { formatMoney } from '@lottery/contract/money';
import { tableGameByCode } from '@lottery/rules/games/catalogue';
import { sql } from 'drizzle-orm';
import { publishToServers } from '../../cli/bus';
import { type AdminCommand, UsageError } from '../../cli/command';
import { systemClock } from '../../clock';
import { queryOne } from '../../db/sql';
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

export const GAME_COMMANDS: Record<string, AdminCommand> = { 'game-void': gameVoid };
