import { GameMessages, type GameRoundData } from '@lottery/contract/games';
import { parseMoney } from '@lottery/contract/money';
import { verifyRound } from '@lottery/rules/games/verify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../db/sql';
import { json, testApp, testConfig } from '../../test/app';
import { AccountCodes, auditLedger, balanceOf } from '../wallet/index';
import { GAME_COMMANDS } from './admin-commands';
import { newPlayer, placeGameBet } from './fixture';
import { roundAt } from './schedule';
import { VOID_GRACE_MS } from './void';

/**
 * Voided rounds (docs/games.md "Voided rounds"): a round the leader reaches past the grace, or one
 * the operator voids with `npm run admin -- game-void`, refunds every open bet its debit through
 * one 221 transfer per player, exactly once across racing leaders and a racing settlement.
 */

const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
type Player = Awaited<ReturnType<typeof newPlayer>>;
type AnyRound = GameRoundData;

describe('voided table-game rounds', async () => {
  const { app, clock, database } = await testApp({ limits: { registerPerIp: 1000 } });
  const db = database.db;
  const config = testConfig();
  const gameVoid = (args: string[]) => GAME_COMMANDS['game-void']!.run(args, { config, database, clock });
  const balance = (p: Player) => balanceOf(db, p.tenantId, AccountCodes.player(p.userId));
  const bet = async (p: Player, gameCode: string, roundId: string, area: string, amount: string) => {
    const res = await placeGameBet(app, p, { gameCode, roundId, area, amount });
    expect(res.code, res.msg).toBe(1);
  };
  const refundTxns = (p: Player) =>
    queryRows<{ key: string; type_code: number }>(
      db,
      sql`SELECT idempotency_key AS key, type_code FROM ledger_txn
          WHERE idempotency_key LIKE ${`game:221:%:${p.userId}`} OR idempotency_key LIKE ${`game:220:%:${p.userId}`}`,
    );
  const roundState = async (gameCode: string, roundId: string) =>
    (await queryOne<{ state: string }>(
      db,
      sql`SELECT state FROM game_round WHERE game_code = ${gameCode} AND round_id = ${roundId}`,
    ))!.state;
  await db.execute(
    sql`UPDATE tenants SET config = config || ${JSON.stringify({ gamesEnabled: true })}::jsonb WHERE code = 'demo'`,
  );
  app.ctx.tenant.invalidate();
  const nextRound = () => roundAt(roundAt(clock.now()).nextOpenMs);

  it('voids a round the leader reaches past the grace and refunds each player once (221)', async () => {
    const r = nextRound();
    clock.set(r.openMs + 10);
    await app.gameLoop.tick();
    const a = await newPlayer(app, 100);
    const b = await newPlayer(app, 100);
    await bet(a, 'nn100', r.roundId, 'tian', '3.33'); // debit 4 × 3.33
    await bet(a, 'nn100', r.roundId, 'di', '1');
    await bet(a, 'sicbo', r.roundId, 'big', '7.77');
    await bet(b, 'baccarat', r.roundId, 'banker', '10.03');
    expect(await balance(a)).toBe(
      parseMoney('100') - parseMoney('13.32') - parseMoney('4') - parseMoney('7.77'),
    );
    // the leader was down: nothing moved the round until well past its settle deadline + grace
    clock.set(r.settleMs + VOID_GRACE_MS + 1);
    const second = await testApp();
    const [x, y] = await Promise.all([second.app.gameLoop.tick(), app.gameLoop.tick()]);
    expect((x?.voided ?? 0) + (y?.voided ?? 0)).toBe(6); // the six rooms opened by the first tick
    expect((x?.settled ?? 0) + (y?.settled ?? 0)).toBe(0);
    expect((await app.gameLoop.tick())?.voided).toBe(0);
    expect(await balance(a)).toBe(parseMoney('100'));
    expect(await balance(b)).toBe(parseMoney('100'));
    // one 221 per player and round, no 220
    const ta = await refundTxns(a);
    expect(ta.map((t) => t.type_code).sort()).toEqual([221, 221]);
    expect((await refundTxns(b)).map((t) => t.type_code)).toEqual([221]);
    expect(await roundState('nn100', r.roundId)).toBe('void');
    const bets = await queryRows<{ state: number; return_minor: string; debit_minor: string }>(
      db,
      sql`SELECT state, return_minor::text, debit_minor::text FROM game_bet WHERE user_id = ${a.userId}`,
    );
    expect(bets.every((x) => Number(x.state) === 3 && x.return_minor === x.debit_minor)).toBe(true);
    // /ChessRecord: refunded, profit 0; the detail shows the void round
    const rec = json<{ rows: { outcome: string; state: number }[]; profit: string }>(
      await app.inject({
        method: 'GET',
        url: '/v1/game/getGameBetData?period=today',
        headers: { cookie: a.cookie },
      }),
    );
    expect(rec.data!.rows.map((x) => x.outcome)).toEqual(['refund', 'refund', 'refund']);
    expect(rec.data!.profit).toBe('0.00');
    expect(await auditLedger(db)).toMatchObject({ ok: true });
    await second.app.close();
  });

  it('game-void refunds an open round once, refuses bad input and leaves settled rounds alone', async () => {
    const r = nextRound();
    clock.set(r.openMs + 10);
    await app.gameLoop.tick();
    const a = await newPlayer(app, 50);
    await bet(a, 'dragonTigerWar', r.roundId, 'dragon', '5');
    await bet(a, 'dragonTigerWar', r.roundId, 'tiger', '2.5');
    await bet(a, 'benz', r.roundId, 'vwBig', '1');
    await expect(gameVoid(['nope', r.roundId])).rejects.toThrow(/no table game/);
    await expect(gameVoid(['sicbo'])).rejects.toThrow(/round id/);
    await expect(gameVoid(['sicbo', '20990101-0001'])).rejects.toThrow(/has no round/);
    const out = await gameVoid(['dragonTigerWar', r.roundId, '设备故障']);
    expect(out).toContain('void, 2 bets of 1 players refunded 7.50');
    expect(await gameVoid(['dragonTigerWar', r.roundId])).toContain('already void');
    expect(await balance(a)).toBe(parseMoney('49'));
    // the loop leaves the void round alone and settles the other room's round as usual
    clock.set(r.settleMs);
    const report = await app.gameLoop.tick();
    expect(report?.settled).toBeGreaterThanOrEqual(1);
    expect(await roundState('dragonTigerWar', r.roundId)).toBe('void');
    expect(await roundState('benz', r.roundId)).toBe('settled');
    expect(await gameVoid(['benz', r.roundId])).toContain('already settled');
    // game/getGameRound (/fairness): settled rounds verify, void and unknown ones are refused
    const published = async (gameCode: string, roundId: string) =>
      json<AnyRound>(
        await app.inject({
          method: 'GET',
          url: `/v1/game/getGameRound?gameCode=${gameCode}&roundId=${roundId}`,
        }),
      );
    const benz = await published('benz', r.roundId);
    expect(benz.code).toBe(1);
    expect(
      verifyRound({
        gameCode: 'benz',
        roundId: r.roundId,
        secretHex: benz.data!.secret,
        previousSecretHex: benz.data!.previousSecret,
        claimedResult: benz.data!.result,
      }),
    ).toMatchObject({ ok: true });
    expect(await published('dragonTigerWar', r.roundId)).toMatchObject({ msg: GameMessages.roundVoid });
    expect(await published('sicbo', '20990101-0001')).toMatchObject({ msg: GameMessages.roundNotFound });
    const memo = await queryOne<{ remark: string }>(
      db,
      sql`SELECT remark FROM ledger_txn WHERE idempotency_key LIKE ${`game:221:%:${a.userId}`}`,
    );
    expect(memo?.remark).toContain('设备故障');
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });

  it.runIf(onPostgres)(
    'a void racing a settlement and another void happens exactly once (PostgreSQL)',
    async () => {
      for (let i = 0; i < 3; i++) {
        const r = nextRound();
        clock.set(r.openMs + 10);
        await app.gameLoop.tick();
        const players = await Promise.all([newPlayer(app, 20), newPlayer(app, 20), newPlayer(app, 20)]);
        for (const p of players) await bet(p, 'sicbo', r.roundId, 'small', '10');
        clock.set(r.dealMs);
        await app.gameLoop.tick();
        expect(await roundState('sicbo', r.roundId)).toBe('dealt');
        clock.set(r.settleMs);
        const second = await testApp();
        const results = await Promise.all([
          gameVoid(['sicbo', r.roundId]),
          app.gameLoop.tick(),
          second.app.gameLoop.tick(),
          gameVoid(['sicbo', r.roundId]),
        ]);
        await second.app.close();
        const state = await roundState('sicbo', r.roundId);
        const voids = results.filter((x) => typeof x === 'string' && x.includes('void, 3 bets')).length;
        expect(voids).toBe(state === 'void' ? 1 : 0);
        for (const p of players) {
          const txns = await refundTxns(p);
          const bal = await balance(p);
          if (state === 'void') {
            expect(txns.map((t) => t.type_code)).toEqual([221]);
            expect(bal).toBe(parseMoney('20'));
          } else {
            expect(state).toBe('settled');
            expect(txns.every((t) => t.type_code === 220)).toBe(true);
            expect(bal === parseMoney('10') || bal === parseMoney('30')).toBe(true);
          }
        }
      }
      expect(await auditLedger(db)).toMatchObject({ ok: true });
    },
  );
});
