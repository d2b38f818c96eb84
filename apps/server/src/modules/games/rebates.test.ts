import { parseMoney } from '@lottery/contract/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql';
import { testApp } from '../../test/app';
import { auditLedger } from '../wallet/index';
import { newPlayer, placeGameBet } from './fixture';
import { roundAt } from './schedule';

/**
 * 502 棋牌返水 and 204 代理返点 at settlement (docs/games.md "Rebates"): a three-level chain, per-type
 * overrides, amounts compared with sums worked out by hand below; re-running pays nothing twice.
 */

type Player = Awaited<ReturnType<typeof newPlayer>>;

describe('table-game rebates', async () => {
  const { app, clock, database } = await testApp({ limits: { registerPerIp: 1000 } });
  const db = database.db;
  await db.execute(
    sql`UPDATE tenants SET config = config || ${JSON.stringify({ gamesEnabled: true })}::jsonb WHERE code = 'demo'`,
  );
  app.ctx.tenant.invalidate();
  const bet = async (p: Player, gameCode: string, roundId: string, area: string, amount: string) => {
    const res = await placeGameBet(app, p, { gameCode, roundId, area, amount });
    expect(res.code, res.msg).toBe(1);
  };
  /** type code → amount (minor) of the rebate transfers the user got for the round. */
  const rebatesOf = async (userId: number) => {
    const rows = await queryRows<{ type_code: number; key: string; amount: string }>(
      db,
      sql`SELECT t.type_code, t.idempotency_key AS key, e.amount_minor::text AS amount
          FROM ledger_txn t JOIN ledger_entry e ON e.txn_id = t.id
          JOIN wallet_account a ON a.id = e.account_id AND a.kind = 'player' AND a.user_id = ${userId}
          WHERE t.type_code IN (204, 502) ORDER BY t.idempotency_key`,
    );
    return rows.map((r) => ({ type: Number(r.type_code), key: r.key, amount: BigInt(r.amount) }));
  };

  it('pays the player its own rebate (502) and the chain the differences (204), to the cent', async () => {
    const top = await newPlayer(app, 0);
    const mid = await newPlayer(app, 0);
    const p1 = await newPlayer(app, 100);
    const p2 = await newPlayer(app, 100);
    const loner = await newPlayer(app, 100);
    await db.execute(sql`UPDATE users SET rebate = 9.0 WHERE id = ${top.userId}`);
    await db.execute(sql`UPDATE users SET rebate = 8.0, parent_id = ${top.userId} WHERE id = ${mid.userId}`);
    await db.execute(sql`UPDATE users SET rebate = 6.5, parent_id = ${mid.userId} WHERE id = ${p1.userId}`);
    await db.execute(sql`UPDATE users SET rebate = 6.0, parent_id = ${mid.userId} WHERE id = ${p2.userId}`);
    // per-type overrides: 百家乐 is type 12; 百人牛牛 (type 9) uses the single figures
    await db.execute(sql`INSERT INTO user_type_rebate (user_id, lottery_type, rebate)
                         VALUES (${mid.userId}, 12, 8.6), (${p2.userId}, 12, 8.8)`);

    const r = roundAt(roundAt(clock.now()).nextOpenMs);
    clock.set(r.openMs + 10);
    await app.gameLoop.tick();
    await bet(p1, 'baccarat', r.roundId, 'banker', '10.03');
    await bet(p1, 'baccarat', r.roundId, 'player', '7.77');
    await bet(p2, 'baccarat', r.roundId, 'tie', '3.33');
    await bet(p1, 'nn100', r.roundId, 'tian', '2'); // turnover 2 (the debit is 8)
    await bet(loner, 'sicbo', r.roundId, 'big', '5'); // rebate 0, no chain: nothing
    clock.set(r.settleMs);
    await app.gameLoop.tick();
    const y = (s: string) => parseMoney(s);
    // By hand, per recipient and round: floor(Σ turnover × tenths / 1000) to the cent (1 yuan = 10,000).
    // 百家乐: p1 17.80 × 6.5 % = 1.157 → 1.15; mid 17.80 × (8.6 − 6.5) % = 0.3738 → 0.37 (p2 at 8.8 is above
    //   him: nothing); p2 3.33 × 8.8 % = 0.29304 → 0.29; top 17.80 × 0.4 % + 3.33 × 0.2 % = 0.07786 → 0.07.
    // 百人牛牛: p1 2 × 6.5 % = 0.13; mid 2 × 1.5 % = 0.03; top 2 × 1.0 % = 0.02.
    const rounds = await queryRows<{ id: string; game_code: string }>(
      db,
      sql`SELECT id::text, game_code FROM game_round WHERE round_id = ${r.roundId} AND game_code IN ('baccarat', 'nn100')`,
    );
    const pk = Object.fromEntries(rounds.map((x) => [x.game_code, x.id]));
    const expected = (entries: [number, string, string][]) =>
      entries
        .map(([type, game, amount]) => ({ type, key: `game:${type}:${pk[game]}:`, amount: y(amount) }))
        .sort((a, b) => (a.key < b.key ? -1 : 1));
    const got = async (p: Player) =>
      (await rebatesOf(p.userId))
        .map((x) => ({ ...x, key: x.key.slice(0, x.key.lastIndexOf(':') + 1) }))
        .sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(await got(p1)).toEqual(
      expected([
        [502, 'baccarat', '1.15'],
        [502, 'nn100', '0.13'],
      ]),
    );
    expect(await got(p2)).toEqual(expected([[502, 'baccarat', '0.29']]));
    expect(await got(mid)).toEqual(
      expected([
        [204, 'baccarat', '0.37'],
        [204, 'nn100', '0.03'],
      ]),
    );
    expect(await got(top)).toEqual(
      expected([
        [204, 'baccarat', '0.07'],
        [204, 'nn100', '0.02'],
      ]),
    );
    expect(await rebatesOf(loner.userId)).toEqual([]);
    // every key carries its user; another pass pays nothing more
    const all = async () => [
      ...(await rebatesOf(p1.userId)),
      ...(await rebatesOf(p2.userId)),
      ...(await rebatesOf(mid.userId)),
      ...(await rebatesOf(top.userId)),
    ];
    const before = await all();
    clock.set(r.settleMs + 1000);
    await app.gameLoop.tick();
    expect(await all()).toEqual(before);
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });
});
