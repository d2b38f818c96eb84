import { describe, expect, it } from 'vitest';
import { type DrawRecord, dragonBettingNumber, dragonStreaks, longDragonItems } from './dragon';
import { lotteryByCode } from './lotteries';
import { findPlay } from './plays';

const records = (...draws: string[]): DrawRecord[] =>
  draws.map((d, i) => ({ issue: String(1000 - i), numbers: d.split(',') }));

describe('dragon streaks', () => {
  it('counts SSC runs for 总和 and each position, newest first', () => {
    // newest first: 万位 9,8,7,1 -> 大 three times; 总和 sums 27, 26, 25, 10 -> 大 three times
    const history = records('9,5,4,0,9', '8,5,4,0,9', '7,5,4,0,9', '1,0,0,0,9');
    const streaks = dragonStreaks('SSC', history, 3);
    const find = (name: string, kind: string) => streaks.find((s) => s.name === name && s.kind === kind);
    expect(find('万位', 'size')).toMatchObject({ value: '大', times: 3, mode: 'K11', slot: 1, slotCount: 6 });
    expect(find('总和', 'size')).toMatchObject({ value: '大', times: 3, slot: 0 });
    expect(find('个位', 'size')).toMatchObject({ value: '大', times: 4 });
    expect(find('个位', 'parity')).toMatchObject({ value: '单', times: 4 });
    // 万位 parity: 9 单, 8 双 -> run of 1, left out at minTimes 3
    expect(find('万位', 'parity')).toBeUndefined();
    // longest first
    expect(streaks[0]!.times).toBe(4);
  });

  it('reads PK10 positions (6-10 大) and 冠亚和 (12-19 大)', () => {
    const history = records(
      '10,03,01,02,04,05,06,07,08,09',
      '09,04,01,02,03,05,06,07,08,10',
      '02,10,01,03,04,05,06,07,08,09',
    );
    const streaks = dragonStreaks('PK10', history, 2);
    expect(streaks.find((s) => s.name === '冠军' && s.kind === 'size')).toMatchObject({
      value: '大',
      times: 2,
      mode: 'G11',
      slot: 0,
      slotCount: 10,
    });
    // 冠亚和 13, 13, 12 -> 大 ×3, 单 ×2
    expect(streaks.find((s) => s.name === '冠亚和' && s.kind === 'size')).toMatchObject({
      value: '大',
      times: 3,
      mode: 'H11',
    });
    expect(streaks.find((s) => s.name === '冠亚和' && s.kind === 'parity')).toMatchObject({
      value: '单',
      times: 2,
    });
  });

  it('reads the BJ28 sum (14-27 大) and stock 涨/跌 (digit above 4 涨)', () => {
    const bj = dragonStreaks('BJ28', records('5,5,4', '9,0,5', '4,5,4'), 1);
    expect(bj.find((s) => s.kind === 'size')).toMatchObject({
      value: '大',
      times: 2,
      mode: 'A01',
      name: '和值',
    });
    const stock = dragonStreaks('STOCK', records('5,0,0,0,0', '9,1,1,1,1', '4,2,2,2,2'), 2);
    expect(stock.find((s) => s.name === '第一位' && s.kind === 'size')).toMatchObject({
      value: '涨',
      times: 2,
      mode: 'D11',
    });
  });

  it('stops a run at a malformed draw and has none for families without two-face play', () => {
    const history = [...records('9,5,4,0,9'), { issue: 'x', numbers: ['1'] }, ...records('9,5,4,0,9')];
    expect(dragonStreaks('SSC', history, 1).every((s) => s.times === 1)).toBe(true);
    expect(dragonStreaks('K3', records('1,2,3', '1,2,3'), 1)).toEqual([]);
    expect(dragonStreaks('SSC', [], 1)).toEqual([]);
  });
});

describe('dragon lines', () => {
  it('fills the play slots of the two-face play', () => {
    expect(dragonBettingNumber({ slot: 1, slotCount: 10 }, '大')).toBe('|大||||||||');
    expect(dragonBettingNumber({ slot: 0, slotCount: 6 }, '单')).toBe('单|||||');
    expect(dragonBettingNumber({ slot: 0, slotCount: 1 }, '小')).toBe('小');
  });

  it.each([
    ['SSC', records('9,5,4,0,9', '8,5,4,0,9', '7,5,4,0,9')],
    ['PK10', records('10,03,01,02,04,05,06,07,08,09', '09,04,01,02,03,05,06,07,08,10')],
    ['BJ28', records('5,5,4', '9,0,5')],
    ['STOCK', records('5,0,7,3,9', '9,1,7,3,9')],
  ] as const)(
    'gives %s lines that its two-face play accepts as one note and pays on the streak side',
    (family, history) => {
      const streaks = dragonStreaks(family, history, 1);
      expect(streaks.length).toBeGreaterThan(0);
      for (const s of streaks) {
        const play = findPlay(family, s.mode)!;
        expect(play, s.mode).toBeDefined();
        for (const option of s.options) {
          const line = dragonBettingNumber(s, option);
          expect(play.count(line), `${s.name} ${line}`).toBe(1);
          const won = play.settle(line, history[0]!.numbers).hits.reduce((n, h) => n + h.notes, 0);
          expect(won, `${s.name} ${option} on ${s.value}`).toBe(option === s.value ? 1 : 0);
        }
      }
    },
  );

  it('shapes lottery/longDragon items with the issue on sale and its countdown', () => {
    const lottery = lotteryByCode('1005')!;
    const now = Date.parse('2026-03-10T10:07:30+08:00');
    const items = longDragonItems(lottery, records('9,5,4,0,9', '8,5,4,0,9', '7,5,4,0,9'), now, 3);
    const first = items.find((i) => i.name === '万位' && i.desc === '大')!;
    expect(first).toEqual({
      lotteryType: 2,
      lotteryCode: '1005',
      lotteryName: '五分时时彩',
      playCode: '1005K11',
      name: '万位',
      desc: '大',
      currIssue: '20260310122',
      times: 3,
      endTime: '10:09:30',
      nextOpenTime: 120,
      options: [
        { label: '大', bettingNumber: '|大||||' },
        { label: '小', bettingNumber: '|小||||' },
      ],
    });
  });
});
