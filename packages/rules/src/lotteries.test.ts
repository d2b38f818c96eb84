import { describe, expect, it } from 'vitest';
import { FAMILIES } from './family';
import { LOTTERIES, lotteriesOf, lotteryByCode, lotteryForRoute } from './lotteries';

describe('lottery catalogue', () => {
  it('has unique codes and every family', () => {
    const codes = LOTTERIES.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const family of FAMILIES) expect(lotteriesOf(family).length).toBeGreaterThan(0);
  });

  it('keeps "14" for K3 codes only (the A10 amount exception must not reach KL8)', () => {
    for (const l of LOTTERIES) expect(l.code.includes('14')).toBe(l.family === 'K3');
  });

  it('has the special rollover lotteries 1001 and 1309', () => {
    expect(lotteryByCode('1001')?.issueFormat.kind).toBe('serial');
    expect(lotteryByCode('1309')?.schedule).toEqual({ kind: 'interval', minutes: 5, firstDrawAt: '13:10' });
  });

  it('offers 1-, 3-, 5- and 10-minute house schedules, a two-minute stock code and daily draws', () => {
    const minutes = new Set(
      LOTTERIES.flatMap((l) => (l.schedule.kind === 'interval' ? [l.schedule.minutes] : [])),
    );
    expect([...minutes].sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 10]);
    const stockInterval = lotteriesOf('STOCK').filter((l) => l.schedule.kind === 'interval');
    expect(stockInterval.map((l) => l.code)).toEqual(['1902']);
    expect(lotteryByCode('1501')?.schedule).toEqual({ kind: 'daily', at: '21:15' });
    expect(lotteryByCode('1301')?.schedule.kind).toBe('lhc');
  });

  it('does not offer chase for FC3D and PL35', () => {
    for (const l of LOTTERIES) expect(l.chaseAllowed).toBe(!['FC3D', 'PL35'].includes(l.family));
  });

  it('resolves a route only when the code belongs to the family', () => {
    expect(lotteryForRoute('K3', '1401')?.name).toBe('极速快三');
    expect(lotteryForRoute('SSC', '1401')).toBeUndefined();
    expect(lotteryForRoute('K3', '9999')).toBeUndefined();
  });

  it('gives PL5 five numbers and PL3 three', () => {
    expect(lotteryByCode('1601')?.resultLength).toBe(3);
    expect(lotteryByCode('1602')?.resultLength).toBe(5);
  });
});

describe('index-based stock codes', () => {
  /**
   * Latest close of each exchange in Beijing time (the index's official closing value exists from
   * then on): A-shares 15:00 CST; Hang Seng 16:10 HKT (closing auction); Nikkei 15:30 JST;
   * New York 16:00 EST = 05:00 the next morning (04:00 in summer time).
   */
  const CLOSE: Record<string, string> = {
    '1911': '15:00',
    '1912': '15:00',
    '1913': '15:00',
    '1915': '16:10',
    '1916': '14:30',
    '1917': '05:00',
    '1918': '05:00',
  };
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

  it('draws at least five minutes after the exchange closes, never before the value exists', () => {
    for (const [code, close] of Object.entries(CLOSE)) {
      const { schedule } = lotteryByCode(code)!;
      if (schedule.kind !== 'daily') throw new Error(`${code} is not a daily draw`);
      expect(minutes(schedule.at) - minutes(close), code).toBeGreaterThanOrEqual(5);
    }
  });

  it('lists every index-based code in the close table', () => {
    const indexCodes = lotteriesOf('STOCK')
      .filter((l) => !l.houseDrawn)
      .map((l) => l.code);
    expect(indexCodes.sort()).toEqual(Object.keys(CLOSE).sort());
  });
});
