import type { AllLotteryData, LotteryItem } from '@lottery/contract/site';
import { FAMILIES } from '@lottery/rules/family';
import { LOTTERIES } from '@lottery/rules/lotteries';
import { describe, expect, it } from 'vitest';
import { json, testApp } from '../../test/app';
import { syncLotteryCatalogue } from './catalogue-sync';

describe('lottery catalogue', async () => {
  const { app, database, clock } = await testApp();

  it('lists every seeded lottery by family, with its config entry', async () => {
    const data = json<AllLotteryData>(
      await app.inject({ method: 'GET', url: '/v1/management/content/getAllLotteryDataFront' }),
    ).data!;
    expect(data.lotteryList.map((g) => g.family)).toEqual(
      FAMILIES.filter((f) => LOTTERIES.some((l) => l.family === f)),
    );
    const k3 = data.lotteryList.find((g) => g.family === 'K3')!;
    expect(k3.familyName).toBe('快三');
    const listed = data.lotteryList.flatMap((g) => g.lotteries.map((l) => l.lotteryCode)).sort();
    expect(listed).toEqual(LOTTERIES.map((l) => l.code).sort());
    expect(data.lotteryConfig).toHaveLength(LOTTERIES.length);
    const first = LOTTERIES[0];
    const entry = data.lotteryConfig.find((c) => c.lotteryCode === first.code)!;
    expect(entry).toMatchObject({
      lotteryName: first.name,
      lotteryType: String(first.lotteryType),
      isStop: false,
    });
    expect(entry.startTime).toMatch(/^\d{2}:\d{2}$/);
  });

  it('lists the hot lotteries marked in the catalogue', async () => {
    const hot = json<LotteryItem[]>(
      await app.inject({ method: 'GET', url: '/v1/management/content/getHotLottery' }),
    ).data!;
    expect(hot.map((l) => l.lotteryCode)).toEqual(LOTTERIES.filter((l) => l.hot).map((l) => l.code));
    expect(hot.every((l) => l.hot)).toBe(true);
  });

  it('adds lotteries missing from an older database at start, keeping operator choices', async () => {
    const [missing, stopped] = LOTTERIES;
    await database.query('DELETE FROM lotteries WHERE code = $1', [missing.code]);
    await database.query('UPDATE lotteries SET is_stop = true WHERE code = $1', [stopped.code]);
    const [before] = await database.query<{ stamp: string }>(
      'SELECT lottery_order_updated_at AS stamp FROM tenants',
    );
    clock.advance(1000);
    expect(await syncLotteryCatalogue(database, clock)).toBe(1);
    expect(await syncLotteryCatalogue(database, clock)).toBe(0);
    const rows = await database.query<{ code: string; is_stop: boolean }>(
      'SELECT code, is_stop FROM lotteries',
    );
    expect(rows).toHaveLength(LOTTERIES.length);
    expect(rows.find((r) => r.code === stopped.code)?.is_stop).toBe(true);
    const [after] = await database.query<{ stamp: string }>(
      'SELECT lottery_order_updated_at AS stamp FROM tenants',
    );
    expect(Number(after.stamp)).toBeGreaterThan(Number(before.stamp));
    await database.query('UPDATE lotteries SET is_stop = false WHERE code = $1', [stopped.code]);
  });
});
