import { Readable } from 'node:stream';
import {
  ConsolePlayersApi,
  PLAYER_CSV_COLUMNS,
  PLAYER_RECORD_CSV_COLUMNS,
  PlayerRecordsExportRequest,
  PlayerSearchFilter,
} from '@lottery/contract/console/players';
import { ok } from '@lottery/contract/envelope';
import { beijingDateTime } from '@lottery/rules/beijing';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../plugins/envelope';
import { actorOf, consoleRoute, csvLine, registerConsoleGate } from '../staff/index';
import * as desk from './service';

/** A time in the exports as every screen shows it: Beijing time, YYYY-MM-DD HH:mm:ss. */
const csvTime = (ms: number | null) => (ms === null ? '' : beijingDateTime(ms));

/** The players desk's console calls: registered by app.ts under /console/api (docs/console.md). */
export default async function playersDeskRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  registerConsoleGate(app);

  consoleRoute(app, ConsolePlayersApi.search, async (request) =>
    ok(await desk.searchPlayers(ctx, request.query)),
  );
  consoleRoute(app, ConsolePlayersApi.detail, async (request) =>
    ok(await desk.playerDetail(ctx, request.query.userId)),
  );
  consoleRoute(app, ConsolePlayersApi.setStatus, async (request) =>
    ok(await desk.setStatus(ctx, actorOf(request), request.body)),
  );
  consoleRoute(app, ConsolePlayersApi.unlock, async (request) =>
    ok(await desk.unlock(ctx, actorOf(request), request.body)),
  );
  consoleRoute(app, ConsolePlayersApi.endSessions, async (request) =>
    ok(await desk.endSessions(ctx, actorOf(request), request.body)),
  );
  consoleRoute(app, ConsolePlayersApi.notes, async (request) =>
    ok(await desk.listNotes(ctx, request.query.userId)),
  );
  consoleRoute(app, ConsolePlayersApi.addNote, async (request) =>
    ok(
      await desk.addNote(
        ctx,
        { ...actorOf(request), staffId: request.staff.staffId, account: request.staff.account },
        request.body,
      ),
    ),
  );
  consoleRoute(app, ConsolePlayersApi.risk, async (request) =>
    ok(await desk.riskSignals(ctx, request.query.userId)),
  );

  consoleRoute(app, ConsolePlayersApi.ledger, async (request) =>
    ok(await desk.playerRecords(ctx, 'ledger', request.query)),
  );
  consoleRoute(app, ConsolePlayersApi.deposits, async (request) =>
    ok(await desk.playerRecords(ctx, 'deposits', request.query)),
  );
  consoleRoute(app, ConsolePlayersApi.withdrawals, async (request) =>
    ok(await desk.playerRecords(ctx, 'withdrawals', request.query)),
  );
  consoleRoute(app, ConsolePlayersApi.bets, async (request) =>
    ok(await desk.playerRecords(ctx, 'bets', request.query)),
  );
  consoleRoute(app, ConsolePlayersApi.chases, async (request) =>
    ok(await desk.playerRecords(ctx, 'chases', request.query)),
  );
  consoleRoute(app, ConsolePlayersApi.pledges, async (request) =>
    ok(await desk.playerRecords(ctx, 'pledges', request.query)),
  );
  consoleRoute(app, ConsolePlayersApi.games, async (request) =>
    ok(await desk.playerRecords(ctx, 'games', request.query)),
  );

  app.route({
    method: 'GET',
    url: `/${ConsolePlayersApi.exportCsv.path}`,
    schema: { hide: true },
    config: { consoleAccess: ConsolePlayersApi.exportCsv.access },
    handler: async (request, reply) => {
      const { userId, kind } = parse(PlayerRecordsExportRequest, request.query);
      const columns = PLAYER_RECORD_CSV_COLUMNS[kind];
      const batches = desk.recordBatches(ctx, kind, userId);
      // the first batch before the headers: an unknown player still answers its envelope
      const first = await batches.next();
      async function* lines() {
        yield `\uFEFF${csvLine(columns)}`;
        for (let step = first; !step.done; step = await batches.next()) {
          yield step.value
            .map((row) =>
              csvLine(
                columns.map((c) => {
                  const v = (row as Record<string, string | number | boolean | string[] | null>)[c];
                  if (v === null || v === undefined) return '';
                  if (Array.isArray(v)) return v.join(' ');
                  if (typeof v === 'boolean') return String(v);
                  return /At$|^at$/.test(c) && typeof v === 'number' ? csvTime(v) : v;
                }),
              ),
            )
            .join('');
        }
      }
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="player-${userId}-${kind}-${ctx.clock.now()}.csv"`,
        )
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines()));
    },
  });

  app.route({
    method: 'GET',
    url: `/${ConsolePlayersApi.searchExport.path}`,
    schema: { hide: true },
    config: { consoleAccess: ConsolePlayersApi.searchExport.access },
    handler: async (request, reply) => {
      const filter = parse(PlayerSearchFilter, request.query);
      const batches = desk.playerBatches(ctx, filter);
      // the first batch before the headers: a bad filter still answers its envelope, not a CSV
      const first = await batches.next();
      async function* lines() {
        // a BOM, so that spreadsheet programs read Chinese nicknames as UTF-8
        yield `\uFEFF${csvLine(PLAYER_CSV_COLUMNS)}`;
        for (let step = first; !step.done; step = await batches.next()) {
          yield step.value
            .map((p) =>
              csvLine([
                p.userId,
                p.userName,
                p.nickName,
                p.role,
                p.grade,
                p.status,
                p.registerIp ?? '',
                p.lastLoginIp ?? '',
                csvTime(p.lastLoginAt),
                csvTime(p.createdAt),
              ]),
            )
            .join('');
        }
      }
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="players-${ctx.clock.now()}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines()));
    },
  });
}
