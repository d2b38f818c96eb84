import { afterEach, describe, expect, it } from 'vitest';
import { LOTTERIES, type LotteryDef, lotteryByCode } from './lotteries';
import { RuleError } from './play';
import {
  beijingClock,
  beijingDate,
  chainSlot,
  chaseIssues,
  currentIssue,
  dayPlan,
  isOnSale,
  isPresale,
  issueContaining,
  issueLabel,
  issuesDrawnBetween,
  issueTimes,
  lastDrawnIssue,
  lhcMonthPlan,
} from './schedule';

const lottery = (code: string): LotteryDef => lotteryByCode(code)!;
/** Epoch ms of a Beijing wall-clock time. */
const bj = (iso: string): number => Date.parse(`${iso}+08:00`);

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('interval schedules', () => {
  it.each([
    ['1401', 1440, '0001', '00:00:00', '00:01:00'],
    ['1403', 480, '001', '00:00:00', '00:03:00'],
    ['1405', 288, '001', '00:00:00', '00:05:00'],
    ['1410', 144, '001', '00:00:00', '00:10:00'],
    ['1902', 720, '001', '00:00:00', '00:02:00'],
  ])('%s has %i issues a day', (code, count, firstSeq, start, end) => {
    const plan = dayPlan(lottery(code), bj('2026-03-10T12:00:00'));
    expect(plan).toHaveLength(count);
    expect(plan[0]).toEqual({ issue: `20260310${firstSeq}`, startTime: start, endTime: end });
    expect(plan[count - 1]!.issue).toBe(`20260310${String(count).padStart(firstSeq.length, '0')}`);
    expect(plan[count - 1]!.endTime).toBe('00:00:00');
  });

  it('numbers issues of a 5-minute lottery by Beijing time', () => {
    const t = issueContaining(lottery('1405'), bj('2026-03-10T10:07:30'));
    expect(t.issue).toBe('20260310122'); // 10:05-10:10 is the 122nd five-minute slot
    expect(beijingClock(t.startMs)).toBe('10:05:00');
    expect(beijingClock(t.drawMs)).toBe('10:10:00');
    expect(t.closeMs).toBe(t.drawMs - 30_000);
  });

  it('rolls over at Beijing midnight, not UTC or host midnight', () => {
    const l = lottery('1401');
    expect(issueContaining(l, bj('2026-03-10T23:59:30')).issue).toBe('202603101440');
    expect(issueContaining(l, bj('2026-03-11T00:00:00')).issue).toBe('202603110001');
    // 16:00 UTC is Beijing midnight
    expect(issueContaining(l, Date.parse('2026-03-10T16:00:30Z')).issue).toBe('202603110001');
  });

  it('gives the same answers whatever the host time zone', () => {
    const l = lottery('1405');
    const ms = bj('2026-07-01T00:02:00');
    const answers = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'].map((tz) => {
      process.env.TZ = tz;
      return [issueContaining(l, ms).issue, beijingDate(ms), beijingClock(ms), dayPlan(l, ms)[0]!.issue];
    });
    for (const a of answers) expect(a).toEqual(['20260701001', '2026-07-01', '00:02:00', '20260701001']);
  });

  it('puts the close-to-draw window into the next issue for sales', () => {
    const l = lottery('1405');
    const draw = bj('2026-03-10T10:10:00');
    expect(currentIssue(l, draw - 31_000).issue).toBe('20260310122');
    expect(currentIssue(l, draw - 30_000).issue).toBe('20260310123');
    expect(isOnSale(l, '20260310122', draw - 31_000)).toBe(true);
    expect(isOnSale(l, '20260310122', draw - 10_000)).toBe(false);
    expect(lastDrawnIssue(l, draw).issue).toBe('20260310122');
    expect(lastDrawnIssue(l, draw - 1).issue).toBe('20260310121');
  });

  it('parses issues back to their times and rejects impossible ones', () => {
    const l = lottery('1401');
    const t = issueTimes(l, '202603100601')!;
    expect(beijingClock(t.startMs)).toBe('10:00:00');
    expect(t.businessDate).toBe('2026-03-10');
    for (const bad of ['202603101441', '202603100000', '202602300001', '20260310001', 'abc', '']) {
      expect(issueTimes(l, bad)).toBeUndefined();
    }
  });
});

describe('special rollovers', () => {
  it('1309 runs its business day from 13:05 to 13:05', () => {
    const l = lottery('1309');
    const first = issueContaining(l, bj('2026-03-10T13:06:00'));
    expect(first.issue).toBe('20260310001');
    expect(beijingClock(first.drawMs)).toBe('13:10:00');
    // after midnight, still the 10th's business day
    const night = issueContaining(l, bj('2026-03-11T02:00:00'));
    expect(night.issue).toBe('20260310156'); // 13:05 to 02:00 is 155 five-minute slots;
    expect(night.businessDate).toBe('2026-03-10');
    expect(issueContaining(l, bj('2026-03-11T13:04:59')).issue).toBe('20260310288');
    expect(dayPlan(l, bj('2026-03-11T02:00:00'))[0]!.startTime).toBe('13:05:00');
  });

  it('1001 numbers issues in one series across midnight', () => {
    const l = lottery('1001');
    expect(issueContaining(l, bj('2024-01-01T00:00:10')).issue).toBe('1000001');
    expect(issueContaining(l, bj('2024-01-01T23:59:00')).issue).toBe('1000288');
    expect(issueContaining(l, bj('2024-01-02T00:00:10')).issue).toBe('1000289');
    const t = issueTimes(l, '1000289')!;
    expect(beijingDate(t.startMs)).toBe('2024-01-02');
    expect(issueTimes(l, '999999')).toBeUndefined();
  });
});

describe('daily and six-mark schedules', () => {
  it('draws FC3D daily at 21:15 with a year sequence and rolls over after the draw', () => {
    const l = lottery('1501');
    const t = currentIssue(l, bj('2026-02-01T10:00:00'));
    expect(t.issue).toBe('2026032');
    expect(beijingClock(t.drawMs)).toBe('21:15:00');
    expect(t.closeMs).toBe(t.drawMs - 900_000);
    expect(beijingDate(t.startMs)).toBe('2026-01-31');
    expect(currentIssue(l, bj('2026-02-01T21:00:00')).issue).toBe('2026033');
    expect(issueContaining(l, bj('2026-12-31T22:00:00')).issue).toBe('2027001');
    expect(issueTimes(l, '2026032')!.drawMs).toBe(t.drawMs);
    expect(issueTimes(l, '2026366')).toBeUndefined();
    expect(dayPlan(l, bj('2026-02-01T10:00:00'))).toEqual([
      { issue: '2026032', startTime: '21:15:00', endTime: '21:15:00' },
    ]);
  });

  it('is in presale while more than presaleSec remain before close', () => {
    const l = lottery('1501');
    const t = currentIssue(l, bj('2026-02-01T10:00:00'));
    expect(isPresale(l, t, bj('2026-02-01T10:00:00'))).toBe(true);
    expect(isPresale(l, t, t.closeMs - l.presaleSec * 1000)).toBe(false);
    const fast = lottery('1405');
    const ft = currentIssue(fast, bj('2026-02-01T10:00:00'));
    expect(isPresale(fast, ft, ft.startMs)).toBe(false);
  });

  it('draws six-mark only on open days at 21:30', () => {
    const l = lottery('1301'); // Tue, Thu, Sat
    // 2026-03-10 is a Tuesday
    const t = currentIssue(l, bj('2026-03-10T12:00:00'));
    expect(beijingDate(t.drawMs)).toBe('2026-03-10');
    expect(beijingClock(t.drawMs)).toBe('21:30:00');
    const next = currentIssue(l, bj('2026-03-10T21:20:00'));
    expect(beijingDate(next.drawMs)).toBe('2026-03-12');
    expect(beijingDate(next.startMs)).toBe('2026-03-10');
    const sat = currentIssue(l, bj('2026-03-14T22:00:00'));
    expect(beijingDate(sat.drawMs)).toBe('2026-03-17');
    // issue = year + sequence of open days: Jan 2026 has 14 Tue/Thu/Sat, Feb 12, Mar 1-10 has 4
    expect(t.issue).toBe('2026030');
  });

  it('honours closed and extra six-mark dates', () => {
    const base = lottery('1301');
    if (base.schedule.kind !== 'lhc') throw new Error('expected lhc');
    const edited: LotteryDef = {
      ...base,
      schedule: { ...base.schedule, closedDates: ['2026-03-10'], extraDates: ['2026-03-11'] },
    };
    expect(beijingDate(currentIssue(edited, bj('2026-03-10T12:00:00')).drawMs)).toBe('2026-03-11');
  });

  it('gives the six-mark month plan', () => {
    expect(lhcMonthPlan(lottery('1301'), bj('2026-03-10T12:00:00'))).toEqual({
      month: 3,
      openDay: '3,5,7,10,12,14,17,19,21,24,26,28,31',
      nextMonthOpenDay: '2,4,7,9,11,14,16,18,21,23,25,28,30',
      currMonthBeforeIssue: 26,
      openTime: '21:30',
    });
  });

  it('draws index-based stock codes on trading days only', () => {
    const l = lottery('1911');
    // 2026-03-13 is a Friday: after its 15:05 draw, next is Monday the 16th
    const t = currentIssue(l, bj('2026-03-13T16:00:00'));
    expect(t.issue).toBe('20260316');
    expect(issueTimes(l, '20260314')).toBeUndefined();
  });
});

describe('chase issues', () => {
  it('lists up to 50 consecutive issues across midnight', () => {
    const l = lottery('1410');
    const list = chaseIssues(l, bj('2026-03-10T23:21:00'), 5);
    expect(list.map((t) => t.issue)).toEqual([
      '20260310141',
      '20260310142',
      '20260310143',
      '20260310144',
      '20260311001',
    ]);
    expect(chaseIssues(l, bj('2026-03-10T10:00:00'), 50)).toHaveLength(50);
  });

  it('refuses more than 50 issues and a closed start issue', () => {
    const l = lottery('1401');
    expect(() => chaseIssues(l, bj('2026-03-10T10:00:00'), 51)).toThrow(new RuleError('最多50期'));
    expect(() => chaseIssues(l, bj('2026-03-10T10:00:00'), 3, '202603100001')).toThrow(RuleError);
    expect(chaseIssues(l, bj('2026-03-10T10:00:00'), 2, '202603100610').map((t) => t.issue)).toEqual([
      '202603100610',
      '202603100611',
    ]);
  });
});

describe('issue label', () => {
  it('strips a leading year 2019-2025 only', () => {
    expect(issueLabel('20250310001')).toBe('0310001');
    expect(issueLabel('2019001')).toBe('001');
    expect(issueLabel('20260310001')).toBe('20260310001');
    expect(issueLabel('20180310001')).toBe('20180310001');
    expect(issueLabel('1000289')).toBe('1000289');
  });
});

describe('every catalogue lottery', () => {
  it('round-trips its current issue through issueTimes', () => {
    const ms = bj('2026-06-18T11:11:11');
    for (const l of LOTTERIES) {
      const t = currentIssue(l, ms);
      expect(issueTimes(l, t.issue), l.code).toEqual(t);
      expect(t.startMs).toBeLessThan(t.drawMs);
      expect(t.closeMs).toBeGreaterThan(ms);
    }
  });
});

describe('scheduler helpers', () => {
  it('lists the issues drawn between two instants for catch-up', () => {
    const l = lottery('1405');
    const list = issuesDrawnBetween(l, bj('2026-03-10T23:52:00'), bj('2026-03-11T00:10:00'));
    expect(list.map((t) => t.issue)).toEqual(['20260310287', '20260310288', '20260311001', '20260311002']);
    expect(issuesDrawnBetween(l, bj('2026-03-10T10:00:00'), bj('2026-03-10T10:00:00'))).toEqual([]);
    expect(issuesDrawnBetween(l, bj('2026-03-10T00:00:00'), bj('2026-03-12T00:00:00'), 10)).toHaveLength(10);
    const six = issuesDrawnBetween(lottery('1301'), bj('2026-03-09T00:00:00'), bj('2026-03-15T00:00:00'));
    expect(six.map((t) => beijingDate(t.drawMs))).toEqual(['2026-03-10', '2026-03-12', '2026-03-14']);
  });

  it('places issues in their hash chain', () => {
    const fast = lottery('1401');
    expect(chainSlot(fast, issueTimes(fast, '202603100601')!)).toEqual({
      chainKey: '2026-03-10',
      index: 601,
      length: 1440,
    });
    const flyer = lottery('1309');
    expect(chainSlot(flyer, issueContaining(flyer, bj('2026-03-11T02:00:00')))).toEqual({
      chainKey: '2026-03-10',
      index: 156,
      length: 288,
    });
    const six = lottery('1301');
    expect(chainSlot(six, issueTimes(six, '2026030')!)).toEqual({
      chainKey: '2026-03-10',
      index: 1,
      length: 1,
    });
  });
});
