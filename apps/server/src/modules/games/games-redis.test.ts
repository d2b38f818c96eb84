import type { GameServerFrame } from '@lottery/contract/games';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { build } from '../../app';
import { createDb } from '../../db/client';
import { form, json, testApp, testConfig } from '../../test/app';
import { GAME_COMMANDS } from './admin-commands';
import { newPlayer } from './fixture';
import { roundAt } from './schedule';

/**
 * Two server processes on one PostgreSQL database and a real Redis (docs/games.md "Round loop"):
 * only the leader runs the round loop; the follower's game-socket clients get the same phase and
 * settled frames through Redis, and a player on the follower hears their own payout.
 */

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(pgUrl);

type Client = { ws: WebSocket; frames: GameServerFrame[] };

describe.runIf(onPostgres && Boolean(redisUrl))('game frames relayed through Redis', async () => {
  const { app, clock, database } = await testApp({ limits: { registerPerIp: 1000 } });
  const [{ schema }] = await database.query<{ schema: string }>('SELECT current_schema() AS schema');

  it("the follower's sockets get the leader's phases and settlement", async () => {
    await database.db.execute(
      sql`UPDATE tenants SET config = config || ${JSON.stringify({ gamesEnabled: true })}::jsonb WHERE code = 'demo'`,
    );
    const servers: { app: FastifyInstance; close: () => Promise<void> }[] = [];
    const start = async () => {
      const db = await createDb({ url: pgUrl, poolSize: 3, searchPath: schema });
      const server = await build({
        config: testConfig({ REDIS_URL: redisUrl! }),
        database: db,
        clock,
        logLevel: 'silent',
      });
      servers.push({
        app: server,
        close: async () => {
          await server.close();
          await db.close();
        },
      });
      const base = (await server.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
      return { server, base };
    };
    const clients: Client[] = [];
    try {
      const leader = await start();
      const follower = await start();
      const open = async (base: string, query: string) => {
        const ws = new WebSocket(`${base}/v1/game/socket?${query}`);
        const c: Client = { ws, frames: [] };
        ws.on('message', (data) => c.frames.push(JSON.parse(data.toString())));
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        clients.push(c);
        return c;
      };
      const until = async (c: Client, pred: (f: GameServerFrame) => boolean) => {
        for (let i = 0; i < 300; i++) {
          const f = c.frames.find(pred);
          if (f) return f;
          await new Promise((r) => setTimeout(r, 10));
        }
        throw new Error(`no such frame in ${JSON.stringify(c.frames)}`);
      };

      const p = await newPlayer(app, 100);
      const r = roundAt(roundAt(clock.now()).nextOpenMs);
      clock.set(r.openMs - 1000);
      const tokenRes = json<{ token: string }>(
        await follower.server.inject({
          method: 'GET',
          url: '/v1/game/getGameToken?gameCode=baccarat',
          headers: { cookie: p.cookie },
        }),
      );
      const mine = await open(follower.base, `gameCode=baccarat&token=${tokenRes.data!.token}`);
      const watcher = await open(follower.base, 'gameCode=baccarat&demo=1');
      const local = await open(leader.base, 'gameCode=baccarat&demo=1');
      for (const c of [mine, watcher, local]) await until(c, (f) => f.type === 'hello');

      // only the leader runs the loop; the player bets through the follower
      clock.set(r.openMs + 10);
      await leader.server.gameLoop.tick();
      const f = form({
        gameCode: 'baccarat',
        roundId: r.roundId,
        area: 'banker',
        amount: '10',
        idempotencyKey: `relay-bet-${p.userId}`,
      });
      const placed = json(
        await follower.server.inject({
          method: 'POST',
          url: '/v1/game/bet',
          payload: f.payload,
          headers: { ...f.headers, cookie: p.cookie },
        }),
      );
      expect(placed.code, placed.msg).toBe(1);
      for (const at of [r.closeMs, r.dealMs, r.settleMs]) {
        clock.set(at);
        await leader.server.gameLoop.tick();
      }
      const ofRound = (x: GameServerFrame) =>
        (x.type === 'phase' || x.type === 'settled') && x.round.roundId === r.roundId;
      for (const c of [mine, watcher, local]) await until(c, (x) => x.type === 'settled' && ofRound(x));
      const seen = (c: Client) =>
        c.frames.filter(ofRound).map((x) => {
          const frame = x as Extract<GameServerFrame, { type: 'phase' | 'settled' }>;
          return [
            frame.type,
            frame.round.phase,
            frame.round.result,
            frame.type === 'settled' ? frame.secret : null,
          ];
        });
      expect(seen(local).map((x) => x[1])).toEqual(['betting', 'closed', 'dealing', 'settled']);
      expect(seen(watcher)).toEqual(seen(local));
      expect(seen(mine)).toEqual(seen(local));
      const settled = (await until(mine, (x) => x.type === 'settled' && ofRound(x))) as Extract<
        GameServerFrame,
        { type: 'settled' }
      >;
      expect(settled.mine?.betMoney).toBe('10.00');
      const row = await database.query<{ return_minor: string }>(
        `SELECT return_minor::text FROM game_bet WHERE user_id = ${p.userId} AND round_id = '${r.roundId}'`,
      );
      expect(settled.mine?.returnMoney).toBe((Number(row[0]!.return_minor) / 10_000).toFixed(2));
      const watched = (await until(watcher, (x) => x.type === 'settled' && ofRound(x))) as Extract<
        GameServerFrame,
        { type: 'settled' }
      >;
      expect(watched.mine).toBeNull();

      // the operator voids the next round from the command line: every server's sockets hear it
      const r2 = roundAt(r.nextOpenMs);
      clock.set(r2.openMs + 10);
      await leader.server.gameLoop.tick();
      watcher.ws.send(JSON.stringify({ type: 'demoBet', roundId: r2.roundId, area: 'player', amount: '5' }));
      await until(watcher, (x) => x.type === 'demoBet');
      const told = await GAME_COMMANDS['game-void']!.run(['baccarat', r2.roundId, '测试作废'], {
        config: testConfig({ REDIS_URL: redisUrl! }),
        database,
        clock,
      });
      expect(told).toContain('the room told');
      const voidOf = (x: GameServerFrame) => x.type === 'void' && x.roundId === r2.roundId;
      for (const c of [mine, watcher, local])
        expect(await until(c, voidOf)).toMatchObject({ reason: '测试作废' });
      expect(await until(watcher, (x) => x.type === 'demoSettled' && x.roundId === r2.roundId)).toMatchObject(
        { betMoney: '5.00', returnMoney: '5.00' },
      );
    } finally {
      for (const c of clients) c.ws.close();
      for (const s of servers) await s.close();
    }
  });
});
