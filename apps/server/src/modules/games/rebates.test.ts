import { parseMoney } from '@lottery/contract/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql';
import { testApp } from '../../test/app';
import { growthOf, settledTurnover } from '../activity/testing';
import { auditLedger } from '../wallet/index';
import { newPlayer, placeGameBet } from './fixture';
import { roundAt } from './schedule';

/**
 * 502 棋牌返水 and 204 代理返点 at settlement (docs/games.md "Rebates"): table-game rates of their own
 * (never the lottery rebate), paid on valid turnover (opposite areas cancel, pushes excluded); a
 * three-level chain, per-game overrides, amounts compared with sums worked out by hand below;
 * re-running pays nothing twice.
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
    const p1 = await newPlayer(app, 1000);
    const p2 = await newPlayer(app, 1000);
    const loner = await newPlayer(app, 1000);
    // lottery rebates: ignored by table games (they would have paid 6.5 % of the stakes)
    await db.execute(sql`UPDATE users SET rebate = 9.0 WHERE id = ${top.userId}`);
    await db.execute(sql`UPDATE users SET rebate = 8.0, parent_id = ${top.userId} WHERE id = ${mid.userId}`);
    await db.execute(sql`UPDATE users SET rebate = 6.5, parent_id = ${mid.userId} WHERE id = ${p1.userId}`);
    await db.execute(sql`UPDATE users SET rebate = 6.0, parent_id = ${mid.userId} WHERE id = ${p2.userId}`);
    await db.execute(sql`UPDATE users SET rebate = 7.5 WHERE id = ${loner.userId}`);
    // table-game rates (bp): demo defaults 百家乐 30, 百人牛牛 50, 骰宝 0 here; overrides below
    const tenantId = p1.tenantId;
    await db.execute(sql`DELETE FROM game_rebate_rate WHERE tenant_id = ${tenantId}`);
    await db.execute(sql`INSERT INTO game_rebate_rate (tenant_id, game_code, user_id, rate_bp, updated_at) VALUES
      (${tenantId}, 'baccarat', 0, 30, 0), (${tenantId}, 'nn100', 0, 50, 0),
      (${tenantId}, 'baccarat', ${top.userId}, 100, 0), (${tenantId}, 'nn100', ${top.userId}, 100, 0),
      (${tenantId}, 'baccarat', ${mid.userId}, 80, 0), (${tenantId}, 'nn100', ${mid.userId}, 70, 0),
      (${tenantId}, 'baccarat', ${p2.userId}, 90, 0)`);

    const r = roundAt(roundAt(clock.now()).nextOpenMs);
    clock.set(r.openMs + 10);
    await app.gameLoop.tick();
    await bet(p1, 'baccarat', r.roundId, 'banker', '200');
    await bet(p1, 'baccarat', r.roundId, 'player', '100');
    await bet(p2, 'baccarat', r.roundId, 'tie', '50');
    await bet(p1, 'nn100', r.roundId, 'tian', '100'); // valid turnover 100 (the debit is 400)
    await bet(loner, 'sicbo', r.roundId, 'big', '5'); // sicbo rate 0, no chain: nothing
    clock.set(r.settleMs);
    await app.gameLoop.tick();
    const y = (s: string) => parseMoney(s);
    const rounds = await queryRows<{ id: string; game_code: string }>(
      db,
      sql`SELECT id::text, game_code FROM game_round WHERE round_id = ${r.roundId} AND game_code IN ('baccarat', 'nn100')`,
    );
    const pk = Object.fromEntries(rounds.map((x) => [x.game_code, x.id]));
    const tie =
      (
        await queryRows<{ outcome: string }>(
          db,
          sql`SELECT outcome FROM game_bet WHERE round_pk = ${pk.baccarat} AND user_id = ${p1.userId} AND area = 'banker'`,
        )
      )[0]!.outcome === 'push';
    // By hand, per recipient and round: floor(Σ valid turnover × bp / 10000) to the cent.
    // 百家乐: p1 valid = 200 − 100 = 100 (0 on a 和: both push); p2 valid 50 (和 never pushes).
    //   p1 100 × 0.30 % = 0.30; mid 100 × (0.80 − 0.30) % = 0.50 (p2 at 0.90 is above him: nothing);
    //   p2 50 × 0.90 % = 0.45; top 100 × 0.20 % + 50 × 0.10 % = 0.25 (on a 和 0.05).
    // 百人牛牛: p1 100 × 0.50 % = 0.50; mid 100 × 0.20 % = 0.20; top 100 × 0.30 % = 0.30.
    const expected = (entries: [number, string, string][]) =>
      entries
        .filter(([, , amount]) => amount !== '0')
        .map(([type, game, amount]) => ({ type, key: `game:${type}:${pk[game]}:`, amount: y(amount) }))
        .sort((a, b) => (a.key < b.key ? -1 : 1));
    const got = async (p: Player) =>
      (await rebatesOf(p.userId))
        .map((x) => ({ ...x, key: x.key.slice(0, x.key.lastIndexOf(':') + 1) }))
        .sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(await got(p1)).toEqual(
      expected([
        [502, 'baccarat', tie ? '0' : '0.30'],
        [502, 'nn100', '0.50'],
      ]),
    );
    expect(await got(p2)).toEqual(expected([[502, 'baccarat', '0.45']]));
    expect(await got(mid)).toEqual(
      expected([
        [204, 'baccarat', tie ? '0' : '0.50'],
        [204, 'nn100', '0.20'],
      ]),
    );
    expect(await got(top)).toEqual(
      expected([
        [204, 'baccarat', tie ? '0.05' : '0.25'],
        [204, 'nn100', '0.30'],
      ]),
    );
    // the valid turnover is stored per player and round for SQL readers
    const valid = await queryRows<{ game_code: string; valid_minor: string }>(
      db,
      sql`SELECT game_code, valid_minor::text FROM game_turnover WHERE user_id = ${p1.userId} ORDER BY game_code`,
    );
    expect(valid).toEqual([
      { game_code: 'baccarat', valid_minor: String(y(tie ? '0' : '100')) },
      { game_code: 'nn100', valid_minor: String(y('100')) },
    ]);
    // and it is what VIP growth and activity turnover count from table games (not the 300 + 400 debited)
    const validP1 = y(tie ? '100' : '200');
    expect((await growthOf(db, p1.userId, 0)).turnoverMinor).toBe(validP1);
    expect(await settledTurnover(db, p1.userId, 0, Number.MAX_SAFE_INTEGER)).toBe(validP1);
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
