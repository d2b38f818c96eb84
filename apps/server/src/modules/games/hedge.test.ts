import { rebateCapBp } from '@lottery/rules/games/rebate-cap';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryOne } from '../../db/sql';
import { testApp, testConfig } from '../../test/app';
import { growthOf, settledTurnover } from '../activity/testing';
import { turnoverStatus } from '../payment/testing';
import { auditLedger } from '../wallet/index';
import { GAME_COMMANDS } from './admin-commands';
import { newPlayer, placeGameBet } from './fixture';
import { roundAt } from './schedule';

/**
 * Issue 37: a hedge (10 on 庄 and 10 on 闲, 10 on 龙 and 10 on 虎) must never make money, even for a
 * player with a 7.5 % lottery rebate and the table-game rebate at the highest rate the operator may
 * set (the cap). The operator's command refuses a rate above the cap.
 */
describe('hedged table-game play', async () => {
  const { app, clock, database } = await testApp({ limits: { registerPerIp: 1000 } });
  const db = database.db;
  await db.execute(
    sql`UPDATE tenants SET config = config || ${JSON.stringify({ gamesEnabled: true })}::jsonb WHERE code = 'demo'`,
  );
  app.ctx.tenant.invalidate();
  const config = testConfig();
  const gameRebate = (args: string[]) => GAME_COMMANDS['game-rebate']!.run(args, { config, database, clock });
  const pct = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

  it('the operator cannot set a rate at or above the house edge; the cap is accepted', async () => {
    await expect(gameRebate(['baccarat', '1.06'])).rejects.toThrow(/cap 1.05%/);
    await expect(gameRebate(['baccarat', '7.5'])).rejects.toThrow(/above the cap/);
    await expect(gameRebate(['baccarat', 'abc'])).rejects.toThrow(/percent/);
    await expect(gameRebate(['poker', '0.1'])).rejects.toThrow(/no table game/);
    expect(await gameRebate(['baccarat', pct(rebateCapBp('baccarat'))])).toMatch(/1.05%/);
    expect(await gameRebate(['list'])).toMatch(/baccarat \(default\) 1.05%/);
  });

  it('hedged rounds of 百家乐 and 龙虎斗 at the maximum rebate never raise the balance', async () => {
    const p = await newPlayer(app, 1000);
    await db.execute(sql`UPDATE users SET rebate = 7.5 WHERE id = ${p.userId}`);
    for (const code of ['baccarat', 'dragonTigerWar'])
      await gameRebate([code, pct(rebateCapBp(code as 'baccarat')), p.userName]);
    const balance = async () =>
      BigInt(
        (await queryOne<{ b: string }>(
          db,
          sql`SELECT coalesce(sum(e.amount_minor), 0)::text AS b FROM ledger_entry e
              JOIN wallet_account a ON a.id = e.account_id AND a.kind = 'player' AND a.user_id = ${p.userId}`,
        ))!.b,
      );
    // a withdrawal turnover requirement from before the play: a hedge must not clear it
    await db.execute(sql`INSERT INTO withdraw_flow_requirement
      (user_id, source_kind, source_id, deposit_minor, required_minor, created_at)
      VALUES (${p.userId}, 'test', ${`hedge-${p.userId}`}, 1000000, 1000000, ${clock.now()})`);
    let before = await balance();
    let round = roundAt(roundAt(clock.now()).nextOpenMs);
    for (let i = 0; i < 6; i++) {
      clock.set(round.openMs + 10);
      await app.gameLoop.tick();
      for (const [gameCode, a, b] of [
        ['baccarat', 'banker', 'player'],
        ['dragonTigerWar', 'dragon', 'tiger'],
      ] as const)
        for (const area of [a, b]) {
          const res = await placeGameBet(app, p, { gameCode, roundId: round.roundId, area, amount: '10' });
          expect(res.code, res.msg).toBe(1);
        }
      clock.set(round.settleMs);
      await app.gameLoop.tick();
      const after = await balance();
      expect(after <= before, `round ${i}: ${before} → ${after}`).toBe(true);
      before = after;
      round = roundAt(round.nextOpenMs);
    }
    // a perfect hedge has no valid turnover: no 502 at all
    const rebates = await queryOne<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM ledger_txn t JOIN ledger_entry e ON e.txn_id = t.id
          JOIN wallet_account a ON a.id = e.account_id AND a.kind = 'player' AND a.user_id = ${p.userId}
          WHERE t.type_code IN (204, 502)`,
    );
    expect(rebates?.n).toBe('0');
    // nor VIP growth, activity turnover or withdrawal turnover
    const account = await queryOne<{ id: string }>(
      db,
      sql`SELECT id::text FROM wallet_account WHERE kind = 'player' AND user_id = ${p.userId}`,
    );
    expect((await growthOf(db, p.userId, Number(account!.id))).turnoverMinor).toBe(0n);
    expect(await settledTurnover(db, p.userId, 0, Number.MAX_SAFE_INTEGER)).toBe(0n);
    expect((await turnoverStatus(db, p.userId, Number(account!.id))).doneMinor).toBe(0n);
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });
});
