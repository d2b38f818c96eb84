import type { LongDragonEntry } from '@lottery/contract/long-dragon';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, type IssueTimes, issueAfter, lastDrawnIssue } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build } from '../../app';
import { createDb } from '../../db/client';
import { json, testApp, testConfig } from '../../test/app';
import { newPlayer } from '../betting/testing';
import { enterOfficialResult } from '../draw/index';
import { longDragonList } from './long-dragon';

// 上证指数: an official-result STOCK code, so each test decides its draws (the index's last five
// digits are the draw: 3756.78 -> 7,5,6,7,8).
const STOCK = lotteryByCode('1911')!;
const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(pgUrl);

describe('lottery/longDragon', async () => {
  const { app, clock, database } = await testApp();
  const db = database.db;
  // Six consecutive issues, the clock after the sixth's draw.
  const issues: IssueTimes[] = [lastDrawnIssue(STOCK, clock.now())];
  for (let i = 1; i < 6; i++) issues.push(issueAfter(STOCK, issues[i - 1]!));
  clock.set(issues[5]!.drawMs + 60_000);
  const player = await newPlayer(app, 0);
  const user = { userId: player.userId, tenantId: player.tenantId };
  const enter = (i: number, index: string) =>
    enterOfficialResult(db, STOCK, issues[i]!, { indexValue: index }, clock.now());
  const stockEntries = async () =>
    (await longDragonList(app, user)).filter((e) => e.lotteryCode === STOCK.code);
  const group = async () =>
    json<{ group: number }>(
      await app.inject({
        method: 'GET',
        url: `/v1/betting/getBetRebate?lotteryType=${STOCK.lotteryType}`,
        headers: { cookie: player.cookie },
      }),
    ).data!.group;

  it('lists runs of three or more with the issue on sale, its close and both buttons priced', async () => {
    expect(await stockEntries()).toEqual([]);
    // 第一位 7, 8, 6: 涨 three times; 总和 33, 31, 29: 大 three times; 第二位 5, 2, 5: no run
    await enter(0, '3756.78');
    await enter(1, '3825.79');
    await enter(2, '3658.73');
    const entries = await stockEntries();
    const onSale = currentIssue(STOCK, clock.now());
    const first = entries.find((e) => e.name === '第一位' && e.desc === '涨')!;
    const g = await group();
    expect(first).toMatchObject({
      lotteryType: STOCK.lotteryType,
      lotteryName: STOCK.name,
      playCode: '1911D11',
      times: 3,
      lastIssue: issues[2]!.issue,
      currIssue: onSale.issue,
      closeTime: onSale.closeMs,
      nextOpenTime: Math.floor((onSale.closeMs - clock.now()) / 1000),
      options: [
        // p = 1/2 for 涨 and 跌: odds G/1000 per yuan
        { label: '涨', bettingNumber: '涨||||', odds: String(g / 1000) },
        { label: '跌', bettingNumber: '跌||||', odds: String(g / 1000) },
      ],
    } satisfies Partial<LongDragonEntry>);
    expect(entries.find((e) => e.playCode === '1911C11' && e.desc === '大')).toMatchObject({ times: 3 });
    expect(entries.some((e) => e.name === '第二位' && (e.desc === '涨' || e.desc === '跌'))).toBe(false);
    expect(entries.every((e) => e.times >= 3)).toBe(true);
  });

  it('keeps the streaks until a draw is announced, then recomputes them', async () => {
    const before = await stockEntries();
    // A row written without the draw event (as by hand): the list is not recomputed per request.
    await db.execute(
      sql`INSERT INTO draw_issue (lottery_code, issue, business_date, seq, draw_ms, numbers, index_value, source, drawn_at)
          VALUES (${STOCK.code}, ${issues[3]!.issue}, ${issues[3]!.businessDate}, ${issues[3]!.seq},
                  ${issues[3]!.drawMs}, '1,5,6,7,8', '3156.78', 'official', ${clock.now()})`,
    );
    expect(await stockEntries()).toEqual(before);
    // The next official result announces its draw: 第一位 9 after 1 ends the 涨 run (1 涨 only).
    expect(await enter(4, '3996.78')).toBe(true);
    const after = await stockEntries();
    expect(after.some((e) => e.name === '第一位' && e.desc === '涨')).toBe(false);
    expect(after.every((e) => e.lastIssue === issues[4]!.issue)).toBe(true);
    // 总和 9+9+6+7+8 = 39, 1+5+6+7+8 = 27, then 29, 31, 33: 大 five times
    expect(after.find((e) => e.playCode === '1911C11' && e.desc === '大')).toMatchObject({ times: 5 });
  });

  it('answers the list over HTTP to players only, and nothing for other types', async () => {
    // the draw module's older route is still registered
    const get = async (url: string, cookie?: string) =>
      json<LongDragonEntry[]>(await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }));
    expect((await get('/v1/lottery/longDragon?type=1')).code).toBe(0);
    const list = await get('/v1/lottery/longDragon?type=1', player.cookie);
    expect(list.code).toBe(1);
    expect(list.data).toEqual(await longDragonList(app, user));
    expect((await get('/v1/lottery/longDragon?type=2', player.cookie)).data).toEqual([]);
  });

  it.runIf(onPostgres && Boolean(redisUrl))(
    'drops the streaks of another process when a draw lands here, through Redis',
    async () => {
      // Two instances on two connections to the same database, as two processes would be.
      const [{ schema }] = await database.query<{ schema: string }>('SELECT current_schema() AS schema');
      const config = testConfig({ REDIS_URL: redisUrl! });
      const otherDatabase = await createDb({ url: pgUrl, poolSize: 2, searchPath: schema });
      const writer = await build({ config, database, clock, logLevel: 'silent' });
      const reader = await build({ config, database: otherDatabase, clock, logLevel: 'silent' });
      const sumBig = async () =>
        (await longDragonList(reader, user)).find((e) => e.playCode === '1911C11' && e.desc === '大')?.times;
      try {
        expect(await sumBig()).toBe(5);
        // 总和 0+0+0+0+1: 小 ends the run. The clock stands still: only the announcement can tell.
        expect(await enter(5, '3000.01')).toBe(true);
        const deadline = Date.now() + 2000;
        while ((await sumBig()) !== undefined && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(await sumBig()).toBeUndefined();
        expect((await longDragonList(reader, user)).every((e) => e.lastIssue === issues[5]!.issue)).toBe(
          true,
        );
      } finally {
        await reader.close();
        await writer.close();
        await otherDatabase.close();
      }
    },
  );
});
