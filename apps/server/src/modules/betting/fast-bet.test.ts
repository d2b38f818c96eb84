import type { BetListData } from '@lottery/contract/betting';
import { Codes } from '@lottery/contract/codes';
import type { FastBetResult, FastRoundData, FastSeedData } from '@lottery/contract/fast-bet';
import { parseMoney } from '@lottery/contract/money';
import { instantDraw, serverSeedHash, verifyInstantRound } from '@lottery/rules/instant-draw';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql';
import { form, json, testApp } from '../../test/app';
import { AccountCodes, auditLedger, balanceOf } from '../wallet/index';
import { fund, line, newPlayer, seeded } from './fixture';
import { linePayout, settlementDraw } from './settler';

const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const K3 = '1401'; // 极速快三, a 1-minute lottery (isFastBet)
const YUAN = 10_000n;

describe('fast bet (连续开奖) and instant rounds', async () => {
  const { app, clock, database } = await testApp({ limits: { registerPerIp: 1000 } });
  const db = database.db;
  const balance = (p: { tenantId: number; userId: number }) =>
    balanceOf(db, p.tenantId, AccountCodes.player(p.userId));
  const nowSec = () => Math.floor(clock.now() / 1000);
  /** A line as fast mode sends it: the issue empty. */
  const fastLine = (mode: string, options: Parameters<typeof line>[3] = {}, code = K3) => ({
    ...line(code, mode, clock.now(), options),
    bettingIssue: '',
  });
  const send = (
    cookie: string,
    lines: unknown[],
    extra: { timestamp?: number; idempotencyKey?: string } = {},
  ) => {
    const f = form({
      bettingData: JSON.stringify(lines),
      timestamp: extra.timestamp ?? nowSec(),
      idempotencyKey: extra.idempotencyKey,
    });
    return app.inject({
      method: 'POST',
      url: '/v1/betting/addFastBetting',
      payload: f.payload,
      headers: { ...f.headers, cookie },
    });
  };
  const call = async <T>(
    method: 'GET' | 'POST',
    url: string,
    cookie: string,
    body?: Record<string, string>,
  ) => {
    const f = body ? form(body) : undefined;
    return json<T>(
      await app.inject({ method, url, headers: { ...(f?.headers ?? {}), cookie }, payload: f?.payload }),
    );
  };

  it('draws, settles and pays a round in one go, from the committed seed', async () => {
    const player = await newPlayer(app, 100);
    const seed = (await call<FastSeedData>('GET', '/v1/fairness/fastSeed', player.cookie)).data!;
    expect(seed.nextNonce).toBe(0);
    const lines = [
      fastLine('A10', { random: seeded(3) }),
      fastLine('H10', { bettingNumber: '1,2,3', multiplier: 2 }),
    ];
    const stake = lines.reduce((s, l) => s + parseMoney(l.bettingAmount), 0n);
    const reply = json<FastBetResult>(
      await send(player.cookie, lines, { idempotencyKey: `fast-one-${player.userId}` }),
    );
    expect(reply.code, reply.msg).toBe(1);
    const r = reply.data!;
    expect(r).toMatchObject({
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      nonce: 0,
      replayed: false,
    });
    expect(r.issue).toMatch(/^F\d+-0$/);
    expect(parseMoney(r.betMoney, 4)).toBe(stake);
    // the winnings are what the issue settler would pay on these numbers
    const k3 = lotteryByCode(K3)!;
    const draw = settlementDraw(k3, r.openNum.split(','), clock.now());
    const lineRows = await queryRows<{
      play_detail_code: string;
      betting_number: string;
      betting_count: number;
      amount_minor: string;
      prize_group: number;
    }>(
      db,
      sql`SELECT play_detail_code, betting_number, betting_count, amount_minor::text, prize_group FROM bet_line WHERE bet_id = ${r.orderId} ORDER BY line_no`,
    );
    const expected = lineRows.reduce(
      (s, l) =>
        s +
        linePayout(
          k3,
          {
            playDetailCode: l.play_detail_code,
            bettingNumber: l.betting_number,
            bettingCount: l.betting_count,
            amountMinor: BigInt(l.amount_minor),
            prizeGroup: l.prize_group,
          },
          draw,
        ),
      0n,
    );
    expect(parseMoney(r.winMoney, 4)).toBe(expected);
    expect(r.state).toBe(expected > 0n ? 2 : 1);
    expect(await balance(player)).toBe(100n * YUAN - stake + expected);
    expect(parseMoney(r.balance, 4)).toBe(100n * YUAN - stake + expected);
    // it is in the bet records, already settled
    const list = (await call<BetListData>('GET', '/v1/betting/getBetting?period=today', player.cookie)).data!;
    expect(list.rows[0]).toMatchObject({
      id: r.orderId,
      issue: r.issue,
      state: expected > 0n ? 1 : 2,
      openNum: r.openNum,
      canCancel: false,
    });
    // the seed is not revealed yet; after rotating, the round verifies
    const before = (
      await call<FastRoundData>('GET', `/v1/fairness/fastRound?orderId=${r.orderId}`, player.cookie)
    ).data!;
    expect(before.serverSeed).toBeNull();
    const rotated = (await call<FastSeedData>('POST', '/v1/fairness/fastSeed/rotate', player.cookie)).data!;
    expect(rotated.serverSeedHash).not.toBe(seed.serverSeedHash);
    expect(rotated.previous).toMatchObject({ serverSeedHash: seed.serverSeedHash, rounds: 1 });
    expect(serverSeedHash(rotated.previous!.serverSeed)).toBe(seed.serverSeedHash);
    const round = (
      await call<FastRoundData>('GET', `/v1/fairness/fastRound?orderId=${r.orderId}`, player.cookie)
    ).data!;
    expect(
      verifyInstantRound({
        lotteryCode: K3,
        serverSeedHex: round.serverSeed!,
        serverSeedHash: round.serverSeedHash,
        clientSeed: round.clientSeed,
        nonce: round.nonce,
        claimedNumbers: r.openNum.split(','),
      }),
    ).toMatchObject({ ok: true });
    // another player cannot read it
    const other = await newPlayer(app, 0);
    expect((await call('GET', `/v1/fairness/fastRound?orderId=${r.orderId}`, other.cookie)).msg).toBe(
      '注单不存在',
    );
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it('pays the self rebate (501) and the agent rebate (204) as the issue settler does', async () => {
    const player = await newPlayer(app, 100);
    const agentBalance = async () =>
      (
        await queryRows<{ b: string }>(
          db,
          sql`SELECT coalesce((SELECT balance_minor FROM wallet_account WHERE code = 'player:' || (SELECT id FROM users WHERE user_name = 'agent01')), 0)::text AS b`,
        )
      )[0]!.b;
    // first round at rebate 0 (his standing is kept by the process), then agent01 (8.0) above him at 7.5
    expect(json(await send(player.cookie, [fastLine('A10', { bettingNumber: '10' })])).code).toBe(1);
    await db.execute(sql`UPDATE users SET rebate = 7.5, parent_id = (SELECT id FROM users WHERE user_name = 'agent01')
                         WHERE id = ${player.userId}`);
    const agentBefore = BigInt(await agentBalance());
    const lines = [fastLine('A10', { bettingNumber: '9,10,11', point: '2.5', multiplier: 1 })];
    const before = await balance(player);
    const r = json<FastBetResult>(
      await send(player.cookie, lines, { idempotencyKey: `fast-agent-${player.userId}` }),
    );
    expect(r.code, r.msg).toBe(1);
    const stake = parseMoney(r.data!.betMoney, 4);
    expect(parseMoney(r.data!.rebateMoney, 4)).toBe((stake * 25n) / 1000n);
    expect(await balance(player)).toBe(
      before - stake + parseMoney(r.data!.winMoney, 4) + (stake * 25n) / 1000n,
    );
    expect(BigInt(await agentBalance()) - agentBefore).toBe((stake * 5n) / 1000n);
    const codes = await queryRows<{ type_code: number }>(
      db,
      sql`SELECT DISTINCT type_code FROM ledger_txn WHERE related_kind = 'bet' AND related_id = ${r.data!.orderId} ORDER BY type_code`,
    );
    expect(codes.map((c) => c.type_code)).toEqual(
      parseMoney(r.data!.winMoney, 4) > 0n ? [204, 205, 302, 501] : [204, 302, 501],
    );
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it('uses the client seed the player set and counts the nonce', async () => {
    const player = await newPlayer(app, 100);
    const set = (
      await call<FastSeedData>('POST', '/v1/fairness/fastSeed/client', player.cookie, {
        clientSeed: 'my-lucky_seed',
      })
    ).data!;
    expect(set.clientSeed).toBe('my-lucky_seed');
    expect(
      (await call('POST', '/v1/fairness/fastSeed/client', player.cookie, { clientSeed: 'bad:seed' })).code,
    ).toBe(Codes.INVALID_PARAM.code);
    const first = json<FastBetResult>(
      await send(player.cookie, [fastLine('A10')], { idempotencyKey: `fast-n0-${player.userId}` }),
    ).data!;
    const second = json<FastBetResult>(
      await send(player.cookie, [fastLine('A10')], { idempotencyKey: `fast-n1-${player.userId}` }),
    ).data!;
    expect([first.nonce, second.nonce]).toEqual([0, 1]);
    expect(second.clientSeed).toBe('my-lucky_seed');
    const revealed = (await call<FastSeedData>('POST', '/v1/fairness/fastSeed/rotate', player.cookie)).data!
      .previous!;
    expect(instantDraw(K3, revealed.serverSeed, 'my-lucky_seed', 1).join(',')).toBe(second.openNum);
    expect((await call<FastSeedData>('GET', '/v1/fairness/fastSeed', player.cookie)).data!.nextNonce).toBe(0);
  });

  it('is idempotent: the same key is the same round, charged once; another basket under it is refused', async () => {
    const player = await newPlayer(app, 100);
    const lines = [fastLine('A10', { bettingNumber: '10' })];
    const key = `fast-replay-${player.userId}`;
    const first = json<FastBetResult>(await send(player.cookie, lines, { idempotencyKey: key })).data!;
    const after = await balance(player);
    const again = json<FastBetResult>(await send(player.cookie, lines, { idempotencyKey: key }));
    expect(again.data).toMatchObject({
      orderId: first.orderId,
      openNum: first.openNum,
      winMoney: first.winMoney,
      replayed: true,
    });
    // a retry after the timestamp went stale still answers the round
    clock.advance(60_000);
    const late = json<FastBetResult>(
      await send(player.cookie, lines, { idempotencyKey: key, timestamp: nowSec() - 60 }),
    );
    expect(late.data).toMatchObject({ orderId: first.orderId, replayed: true });
    const other = json(
      await send(player.cookie, [fastLine('A10', { bettingNumber: '11' })], { idempotencyKey: key }),
    );
    expect(other.code).toBe(Codes.INVALID_PARAM.code);
    expect(await balance(player)).toBe(after);
  });

  it('refuses tampered amounts, changed odds, stale timestamps and lotteries without fast mode', async () => {
    const player = await newPlayer(app, 100);
    const good = fastLine('H10', { bettingNumber: '1,2,3' });
    const tries: [string, unknown[], { timestamp?: number }, number, string][] = [
      ['amount', [{ ...good, bettingAmount: '2.00' }], {}, -2, '投注金额有误'],
      ['count', [{ ...good, bettingCount: 1, bettingAmount: '2.00' }], {}, -2, '投注注数有误'],
      ['odds', [{ ...good, bettingPoint: '9.999-0' }], {}, Codes.REBATE_CHANGED.code, '投资类型校验错误'],
      ['stale', [good], { timestamp: nowSec() - 31 }, Codes.REBATE_CHANGED.code, '投资类型校验错误'],
      ['future', [good], { timestamp: nowSec() + 31 }, Codes.REBATE_CHANGED.code, '投资类型校验错误'],
      [
        'not fast',
        [{ ...line('1403', 'A10', clock.now()), bettingIssue: '' }],
        {},
        -2,
        '该彩种不支持连续开奖',
      ],
      ['empty', [], {}, -2, '请至少选择一注号码投注'],
    ];
    for (const [name, lines, extra, code, msg] of tries) {
      const reply = json(await send(player.cookie, lines, extra));
      expect({ name, code: reply.code, msg: reply.msg }).toEqual({ name, code, msg });
    }
    expect(json(await send(player.cookie, [good], { timestamp: nowSec() - 29 })).code).toBe(1);
    const poor = await newPlayer(app, 1);
    expect(json(await send(poor.cookie, [good])).code).toBe(Codes.INSUFFICIENT_BALANCE.code);
    const rows = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM bet WHERE user_id = ${poor.userId}`,
    );
    expect(rows[0]!.n).toBe('0');
    expect(await balance(poor)).toBe(YUAN);
  });

  // Parallel connections race only on PostgreSQL (PGlite is one connection): DESIGN.md §8.
  it.runIf(onPostgres)('concurrent fast bets of one player never overdraw (PostgreSQL)', async () => {
    const player = await newPlayer(app, 10);
    const bet = [fastLine('A10', { bettingNumber: '10' })]; // 2 yuan; wins 2 yuan × odds sometimes
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        send(player.cookie, bet, { idempotencyKey: `fast-race-${player.userId}-${i}` }),
      ),
    );
    const bodies = replies.map((r) => json<FastBetResult>(r));
    const placed = bodies.filter((b) => b.code === 1).map((b) => b.data!);
    expect(
      bodies.every((b) => b.code === 1 || b.code === Codes.INSUFFICIENT_BALANCE.code),
      replies.map((r) => r.body).join(),
    ).toBe(true);
    // nonces are 0..n-1 without gaps or repeats
    expect(placed.map((p) => p.nonce).sort((a, b) => a - b)).toEqual(placed.map((_, i) => i));
    // 24 rounds of 2 yuan on 10 yuan: the stakes taken never exceed the 10 yuan plus what the rounds
    // won (winnings come back in between, so on a lucky run all 24 may pass; nothing more may)
    const won = placed.reduce((s, p) => s + parseMoney(p.winMoney, 4), 0n);
    expect(BigInt(placed.length) * 2n * YUAN).toBeLessThanOrEqual(10n * YUAN + won);
    expect(await balance(player)).toBe(10n * YUAN - BigInt(placed.length) * 2n * YUAN + won);
    expect(await balance(player)).toBeGreaterThanOrEqual(0n);
    // the same key raced from many connections is one round
    await fund(db, player.tenantId, player.userId, 10);
    const before = await balance(player);
    const same = await Promise.all(
      Array.from({ length: 8 }, () =>
        send(player.cookie, bet, { idempotencyKey: `fast-same-${player.userId}` }),
      ),
    );
    const ids = new Set(same.map((r) => json<FastBetResult>(r).data?.orderId));
    expect(ids.size, same.map((r) => r.body).join()).toBe(1);
    const one = json<FastBetResult>(same[0]!).data!;
    expect(await balance(player)).toBe(before - 2n * YUAN + parseMoney(one.winMoney, 4));
    expect((await auditLedger(db)).ok).toBe(true);
  });
  it.runIf(onPostgres)(
    'a rotation racing rounds never lets a revealed seed draw again (PostgreSQL)',
    async () => {
      const player = await newPlayer(app, 100);
      const bet = [fastLine('A10', { bettingNumber: '10' })];
      const [replies] = await Promise.all([
        Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            send(player.cookie, bet, { idempotencyKey: `fast-rot-${player.userId}-${i}` }),
          ),
        ),
        call('POST', '/v1/fairness/fastSeed/rotate', player.cookie),
      ]);
      const placed = replies
        .map((r) => json<FastBetResult>(r))
        .filter((b) => b.code === 1)
        .map((b) => b.data!);
      expect(placed).toHaveLength(12);
      const seeds = await queryRows<{
        id: string;
        server_seed: string;
        next_nonce: number;
        revealed_at: string | null;
      }>(
        db,
        sql`SELECT id::text, server_seed, next_nonce, revealed_at::text FROM fast_seed WHERE user_id = ${player.userId} ORDER BY fast_seed.id`,
      );
      expect(seeds).toHaveLength(2);
      expect(seeds[0]!.revealed_at).not.toBeNull();
      // every round verifies against the seed it names, and no nonce is at or past its seed's count
      for (const r of placed) {
        const seed = seeds.find((s) => r.issue.startsWith(`F${s.id}-`))!;
        expect(r.nonce).toBeLessThan(seed.next_nonce);
        expect(instantDraw(K3, seed.server_seed, r.clientSeed, r.nonce).join(',')).toBe(r.openNum);
      }
      expect(seeds.reduce((n, s) => n + s.next_nonce, 0)).toBe(12);
    },
  );
});
