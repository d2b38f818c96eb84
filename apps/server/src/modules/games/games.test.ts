import type { GameServerFrame } from '@lottery/contract/games';
import { GAME_TOKEN_TTL_MS, GameMessages } from '@lottery/contract/games';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { TABLE_GAMES } from '@lottery/rules/games/catalogue';
import { verifyRound } from '@lottery/rules/games/verify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { queryOne, queryRows } from '../../db/sql';
import { json, testApp } from '../../test/app';
import { AccountCodes, auditLedger, balanceOf } from '../wallet/index';
import { fund, newPlayer, placeGameBet } from './fixture';
import { roundAt } from './schedule';
import { VOID_GRACE_MS } from './void';

/**
 * The table games on the server (docs/games.md): round loop phases on the fake clock, bets that
 * debit at once and settle to the cent as the engine's own settle(), refusals that write nothing,
 * idempotent retries, exactly-once settlement across a restart, the game socket.
 */

const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
// biome-ignore lint/suspicious/noExplicitAny: replies read loosely in assertions
type AnyData = any;
type Player = Awaited<ReturnType<typeof newPlayer>>;

describe('table games', async () => {
  const { app, clock, database } = await testApp({ limits: { registerPerIp: 1000 } });
  const db = database.db;
  const balance = (p: Player) => balanceOf(db, p.tenantId, AccountCodes.player(p.userId));
  const get = async <T = AnyData>(url: string, cookie?: string) =>
    json<T>(await app.inject({ method: 'GET', url: `/v1/${url}`, headers: cookie ? { cookie } : {} }));
  const bet = (p: Player, body: Parameters<typeof placeGameBet>[2]) => placeGameBet(app, p, body);
  const counts = async () =>
    queryOne<{ bets: string; entries: string }>(
      db,
      sql`SELECT (SELECT count(*) FROM game_bet)::text AS bets, (SELECT count(*) FROM ledger_entry)::text AS entries`,
    );
  // these tests check payouts to the cent; the table-game rebates (demo defaults) are rebates.test.ts's
  await db.execute(sql`DELETE FROM game_rebate_rate`);
  const setEnabled = async (on: boolean) => {
    await db.execute(
      sql`UPDATE tenants SET config = config || ${JSON.stringify({ gamesEnabled: on })}::jsonb WHERE code = 'demo'`,
    );
    app.ctx.tenant.invalidate();
  };
  /** Moves the clock to `ms` and runs one pass of the loop. */
  const at = async (ms: number) => {
    clock.set(ms);
    return app.gameLoop.tick();
  };
  const nextRound = () => roundAt(roundAt(clock.now()).nextOpenMs);

  it('answers 棋牌游戏暂未开放 while the module is off', async () => {
    await setEnabled(false);
    const p = await newPlayer(app, 10);
    expect(await get('game/gameDescription?gameCode=baccarat')).toMatchObject({
      code: -2,
      msg: GameMessages.disabled,
    });
    expect(await get('game/getGameToken?gameCode=baccarat', p.cookie)).toMatchObject({
      msg: GameMessages.disabled,
    });
    const r = roundAt(clock.now());
    expect(
      await bet(p, { gameCode: 'baccarat', roundId: r.roundId, area: 'banker', amount: '10' }),
    ).toMatchObject({
      msg: GameMessages.disabled,
    });
    expect((await get('game/gameListFront')).data).toMatchObject({ enabled: false });
    expect((await at(clock.now()))?.opened).toBe(0);
    await setEnabled(true);
    const list = await get('game/gameListFront');
    expect(list.data.enabled).toBe(true);
    expect(list.data.games.map((g: AnyData) => g.gameCode)).toEqual(Object.keys(TABLE_GAMES));
    const desc = await get('game/gameDescription?gameCode=nn100');
    expect(desc.data.areas.find((a: AnyData) => a.code === 'tian')).toMatchObject({
      minBet: '1.00',
      maxBet: '20000.00',
      debitPerStake: 4,
    });
  });

  it('runs the phases, debits at once and settles every bet to the cent as the engine does', async () => {
    await setEnabled(true);
    const r = nextRound();
    expect(await at(r.openMs + 10)).toMatchObject({ opened: 6 });
    const p = await newPlayer(app, 1000);
    const stakes = [
      { gameCode: 'baccarat', area: 'banker', amount: '10.03' },
      { gameCode: 'baccarat', area: 'player', amount: '5' },
      { gameCode: 'baccarat', area: 'tie', amount: '1' },
      { gameCode: 'baccarat', area: 'bankerPair', amount: '2.5' },
      { gameCode: 'nn100', area: 'tian', amount: '3.33' },
      { gameCode: 'dragonTigerWar', area: 'dragon', amount: '7.77' },
      { gameCode: 'sicbo', area: 'big', amount: '20' },
      { gameCode: 'benz', area: 'vwBig', amount: '1.01' },
      { gameCode: 'redBlackWar', area: 'luckyHit', amount: '3' },
    ];
    let debited = 0n;
    for (const s of stakes) {
      const res = await bet(p, { ...s, roundId: r.roundId });
      expect(res.code, res.msg).toBe(1);
      debited += parseMoney(res.data!.debitMoney);
    }
    expect(debited).toBe(parseMoney('53.64') + 3n * parseMoney('3.33'));
    expect(await balance(p)).toBe(parseMoney('1000') - debited);

    expect(await at(r.closeMs)).toMatchObject({ closed: 6 });
    expect(await at(r.dealMs)).toMatchObject({ dealt: 6 });
    expect(await at(r.settleMs)).toMatchObject({ settled: 6 });

    let expected = 0n;
    for (const s of stakes) {
      const round = await queryOne<{ secret: string; result: string }>(
        db,
        sql`SELECT secret, result FROM game_round WHERE game_code = ${s.gameCode} AND round_id = ${r.roundId}`,
      );
      const game = TABLE_GAMES[s.gameCode as keyof typeof TABLE_GAMES];
      const [settled] = game.settle(game.deal(round!.secret, r.roundId), [
        { area: s.area, stakeMinor: parseMoney(s.amount) },
      ]);
      expected += settled!.returnMinor;
    }
    expect(await balance(p)).toBe(parseMoney('1000') - debited + expected);
    const credits = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM ledger_txn WHERE type_code = 220 AND idempotency_key LIKE 'game:220:%'`,
    );
    expect(Number(credits[0]!.n)).toBeLessThanOrEqual(6);
    expect(await auditLedger(db)).toMatchObject({ ok: true });

    // the records and one bet's detail, verifiable with the engine's verifyRound
    const records = await get(`game/getGameBetData?period=today&pageSize=100`, p.cookie);
    expect(records.data.total).toBe(stakes.length);
    expect(parseMoney(records.data.returnMoney)).toBe(expected);
    const one = records.data.rows.find((x: AnyData) => x.gameCode === 'baccarat' && x.area === 'banker');
    const info = await get(`game/getGameBetInfo?betId=${one.id}`, p.cookie);
    expect(info.data.round.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(
      verifyRound({
        gameCode: 'baccarat',
        roundId: r.roundId,
        secretHex: info.data.round.secret,
        previousSecretHex: info.data.round.previousSecret,
        claimedResult: info.data.round.result,
      }),
    ).toMatchObject({ ok: true });
    const other = await newPlayer(app, 0);
    expect(await get(`game/getGameBetInfo?betId=${one.id}`, other.cookie)).toMatchObject({
      msg: GameMessages.notFound,
    });
  });

  it('refuses bad bets and writes nothing', async () => {
    await setEnabled(true);
    const r = nextRound();
    await at(r.openMs + 10);
    const p = await newPlayer(app, 50_000);
    const poor = await newPlayer(app, 5);
    const before = await counts();
    const cases: [Player, Record<string, string>, string][] = [
      [p, { gameCode: 'baccarat', area: 'nope', amount: '10' }, GameMessages.unknownArea],
      [
        p,
        { gameCode: 'baccarat', area: 'banker', amount: '20000.01' },
        GameMessages.aboveMax('20000.00', '20000.00'),
      ],
      [
        p,
        { gameCode: 'sicbo', area: 'triple6', amount: '2001' },
        GameMessages.aboveMax('2000.00', '2000.00'),
      ],
      [p, { gameCode: 'baccarat', area: 'banker', amount: '0.5' }, GameMessages.belowMin('1.00')],
      [p, { gameCode: 'baccarat', area: 'banker', amount: '1.001' }, GameMessages.amountRule],
      [poor, { gameCode: 'baccarat', area: 'banker', amount: '6' }, '余额不足'],
      [poor, { gameCode: 'nn100', area: 'tian', amount: '2' }, '余额不足'], // debits 8
    ];
    for (const [who, body, msg] of cases) {
      const res = await bet(who, { ...body, roundId: r.roundId } as AnyData);
      expect(res, JSON.stringify(body)).toMatchObject({ msg });
    }
    const stale = await bet(p, {
      gameCode: 'baccarat',
      area: 'banker',
      amount: '10',
      roundId: roundAt(r.openMs - 1).roundId,
    });
    expect(stale.msg).toBe(GameMessages.staleRound);
    const future = await bet(p, {
      gameCode: 'baccarat',
      area: 'banker',
      amount: '10',
      roundId: roundAt(r.nextOpenMs).roundId,
    });
    expect(future.msg).toBe(GameMessages.staleRound);
    expect(await counts()).toEqual(before);
    // the limit counts the player's earlier stakes on the area in the round
    expect(
      (await bet(p, { gameCode: 'baccarat', area: 'banker', amount: '19999', roundId: r.roundId })).code,
    ).toBe(1);
    const after = await counts();
    expect(
      await bet(p, { gameCode: 'baccarat', area: 'banker', amount: '2', roundId: r.roundId }),
    ).toMatchObject({ msg: GameMessages.aboveMax('20000.00', '1.00') });
    expect(await counts()).toEqual(after);
    // after the close, by the clock even before the loop closed the round, and after
    clock.set(r.closeMs);
    expect(
      await bet(p, { gameCode: 'baccarat', area: 'player', amount: '10', roundId: r.roundId }),
    ).toMatchObject({
      msg: GameMessages.closed,
    });
    await at(r.closeMs + 1);
    expect(
      await bet(p, { gameCode: 'baccarat', area: 'player', amount: '10', roundId: r.roundId }),
    ).toMatchObject({
      msg: GameMessages.closed,
    });
    expect(await counts()).toEqual(after);
    await at(r.settleMs);
  });

  it('answers a retried bet with the first one, charged once; another bet under the key is refused', async () => {
    await setEnabled(true);
    const r = nextRound();
    await at(r.openMs + 10);
    const p = await newPlayer(app, 100);
    const body = {
      gameCode: 'dragonTigerWar',
      area: 'tie',
      amount: '10',
      roundId: r.roundId,
      key: `retry-key-${p.userId}`,
    };
    const [a, b] = await Promise.all([bet(p, body), bet(p, body)]);
    expect([a.msg, b.msg]).toEqual(['投注成功', '投注成功']);
    expect(a.data!.betId).toBe(b.data!.betId);
    expect([a.data!.replayed, b.data!.replayed].sort()).toEqual([false, true]);
    expect(await balance(p)).toBe(parseMoney('90'));
    expect(await bet(p, { ...body, amount: '11' })).toMatchObject({ msg: GameMessages.keyReused });
    // a retry after the close still answers the bet it placed
    await at(r.closeMs + 1);
    expect(await bet(p, body)).toMatchObject({ code: 1, data: { replayed: true } });
    expect(await balance(p)).toBe(parseMoney('90'));
    await at(r.settleMs);
  });

  it('settles a round dealt before a restart exactly once', async () => {
    await setEnabled(true);
    const r = nextRound();
    await at(r.openMs + 10);
    const p = await newPlayer(app, 100);
    expect((await bet(p, { gameCode: 'sicbo', area: 'odd', amount: '10', roundId: r.roundId })).code).toBe(1);
    await at(r.dealMs);
    const state = await queryOne<{ state: string }>(
      db,
      sql`SELECT state FROM game_round WHERE game_code = 'sicbo' AND round_id = ${r.roundId}`,
    );
    expect(state!.state).toBe('dealt');
    // "restart": a second app on the same database settles it, the first retries after it
    const second = await testApp();
    clock.set(r.settleMs + 5000);
    const [x, y] = await Promise.all([second.app.gameLoop.tick(), app.gameLoop.tick()]);
    expect((x?.settled ?? 0) + (y?.settled ?? 0)).toBe(6);
    expect((await app.gameLoop.tick())?.settled).toBe(0);
    const rows = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM ledger_txn WHERE idempotency_key LIKE ${`game:220:%:${p.userId}`}`,
    );
    const bets = await queryRows<{ return_minor: string }>(
      db,
      sql`SELECT return_minor::text FROM game_bet WHERE user_id = ${p.userId}`,
    );
    const won = BigInt(bets[0]!.return_minor);
    expect(Number(rows[0]!.n)).toBe(won > 0n ? 1 : 0);
    expect(await balance(p)).toBe(parseMoney('90') + won);
  });

  it.runIf(onPostgres)('never overspends under concurrent bets (PostgreSQL)', async () => {
    await setEnabled(true);
    const r = nextRound();
    await at(r.openMs + 10);
    const p = await newPlayer(app, 0);
    await fund(db, p.tenantId, p.userId, 100);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        bet(p, { gameCode: 'baccarat', area: i % 2 ? 'banker' : 'player', amount: '10', roundId: r.roundId }),
      ),
    );
    expect(results.filter((x) => x.code === 1)).toHaveLength(10);
    expect(results.filter((x) => x.code !== 1).every((x) => x.msg === '余额不足')).toBe(true);
    expect(await balance(p)).toBe(0n);
    const n = await queryOne<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM game_bet WHERE user_id = ${p.userId}`,
    );
    expect(n!.n).toBe('10');
    await at(r.settleMs);
  });

  describe('game socket', () => {
    type Client = { ws: WebSocket; frames: GameServerFrame[]; closed: Promise<number> };
    let base: string | undefined;
    const open = async (query: string): Promise<Client> => {
      base ??= (await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
      const ws = new WebSocket(`${base}/v1/game/socket?${query}`);
      const frames: GameServerFrame[] = [];
      ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      return { ws, frames, closed };
    };
    const until = async (c: Client, pred: (f: GameServerFrame) => boolean) => {
      for (let i = 0; i < 200; i++) {
        const f = c.frames.find(pred);
        if (f) return f;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no such frame in ${JSON.stringify(c.frames)}`);
    };
    const token = async (p: Player, gameCode = 'dragonTigerWar') =>
      (await get(`game/getGameToken?gameCode=${gameCode}`, p.cookie)).data.token as string;

    /**
     * A player's socket and a demo socket in the dragon-tiger room of the next round, the player
     * betting 10 on dragon and the demo socket 100 chips on tiger.
     */
    const betInTwoSockets = async () => {
      await setEnabled(true);
      const p = await newPlayer(app, 100);
      const r = nextRound();
      clock.set(r.openMs - 1000);
      const one = await open(`gameCode=dragonTigerWar&token=${await token(p)}`);
      const two = await open('gameCode=dragonTigerWar&demo=1');
      await until(one, (f) => f.type === 'hello');
      expect(await until(two, (f) => f.type === 'hello')).toMatchObject({
        mode: 'demo',
        demoBalance: '10000.00',
      });
      await at(r.openMs + 10);
      expect(
        (await bet(p, { gameCode: 'dragonTigerWar', area: 'dragon', amount: '10', roundId: r.roundId })).code,
      ).toBe(1);
      two.ws.send(JSON.stringify({ type: 'demoBet', roundId: r.roundId, area: 'tiger', amount: '100' }));
      expect(await until(two, (f) => f.type === 'demoBet')).toMatchObject({
        ok: true,
        demoBalance: '9900.00',
      });
      return { p, r, one, two };
    };

    it('pushes the same phases and result to two sockets of a room and tells each its own payout', async () => {
      const { r, one, two } = await betInTwoSockets();
      await at(r.closeMs);
      await at(r.dealMs);
      await at(r.settleMs);
      const ofRound = (f: GameServerFrame) =>
        (f.type === 'phase' || f.type === 'settled') && f.round.roundId === r.roundId;
      for (const c of [one, two]) await until(c, (f) => f.type === 'settled' && ofRound(f));
      const phases = (c: Client) =>
        c.frames.filter(ofRound).map((f) => [(f as AnyData).round.phase, (f as AnyData).round.result]);
      expect(phases(one)).toEqual(phases(two));
      expect(phases(one).map((x) => x[0])).toEqual(['betting', 'closed', 'dealing', 'settled']);
      const s1 = (await until(one, (f) => f.type === 'settled' && ofRound(f))) as Extract<
        GameServerFrame,
        { type: 'settled' }
      >;
      const returned = TABLE_GAMES.dragonTigerWar.settle(
        TABLE_GAMES.dragonTigerWar.deal(s1.secret, r.roundId),
        [{ area: 'dragon', stakeMinor: parseMoney('10') }],
      )[0]!.returnMinor;
      expect(s1.mine).toEqual({ betMoney: '10.00', returnMoney: formatMoney(returned) });
      const demo = (await until(two, (f) => f.type === 'demoSettled')) as AnyData;
      const demoReturn = TABLE_GAMES.dragonTigerWar.settle(
        TABLE_GAMES.dragonTigerWar.deal(s1.secret, r.roundId),
        [{ area: 'tiger', stakeMinor: parseMoney('100') }],
      )[0]!.returnMinor;
      expect(demo.demoBalance).toBe(formatMoney(parseMoney('9900') + demoReturn));
      expect(
        verifyRound({
          gameCode: 'dragonTigerWar',
          roundId: r.roundId,
          secretHex: s1.secret,
          previousSecretHex: s1.previousSecret,
          claimedResult: s1.round.result!,
        }),
      ).toMatchObject({ ok: true });

      // a bad frame closes that socket only
      two.ws.send('{"type":"hack"}');
      expect(await two.closed).toBe(4000);
      one.ws.send(JSON.stringify({ type: 'ping' }));
      await until(one, (f) => f.type === 'pong');
      one.ws.close();
    });

    it('tells the room when the leader voids a round: the void frame, a demo socket its chips back', async () => {
      const { p, r, one, two } = await betInTwoSockets();
      // the leader was down until past the grace: the round is voided, not dealt
      await at(r.settleMs + VOID_GRACE_MS + 1);
      const voided = { type: 'void', roundId: r.roundId, reason: '结算超时' };
      const ofRound = (f: GameServerFrame) => 'roundId' in f && f.roundId === r.roundId;
      for (const c of [one, two])
        expect(await until(c, (f) => f.type === 'void' && ofRound(f))).toMatchObject(voided);
      expect(await until(two, (f) => f.type === 'demoSettled' && ofRound(f))).toMatchObject({
        roundId: r.roundId,
        betMoney: '100.00',
        returnMoney: '100.00',
        demoBalance: '10000.00',
      });
      expect(await balanceOf(db, p.tenantId, AccountCodes.player(p.userId))).toBe(parseMoney('100'));
      for (const c of [one, two]) {
        expect(c.frames.some((f) => f.type === 'settled' && f.round.roundId === r.roundId)).toBe(false);
        c.ws.close();
      }
    });

    it('refuses a reused or expired token', async () => {
      await setEnabled(true);
      const p = await newPlayer(app, 0);
      const t = await token(p);
      const first = await open(`gameCode=dragonTigerWar&token=${t}`);
      await until(first, (f) => f.type === 'hello');
      const again = await open(`gameCode=dragonTigerWar&token=${t}`);
      expect(await again.closed).toBe(4001);
      expect(again.frames[0]).toMatchObject({ type: 'error', msg: GameMessages.tokenInvalid });
      const late = await token(p);
      clock.advance(GAME_TOKEN_TTL_MS + 1);
      expect(await (await open(`gameCode=dragonTigerWar&token=${late}`)).closed).toBe(4001);
      const other = await token(p, 'baccarat');
      expect(await (await open(`gameCode=dragonTigerWar&token=${other}`)).closed).toBe(4001);
      first.ws.close();
    });
  });
});
