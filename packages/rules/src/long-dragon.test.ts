import { describe, expect, it } from 'vitest';
import {
  type DrawnRecord,
  dragonMaxWinMinor,
  dragonOddsMinor,
  dragonTracks,
  LONG_DRAGON_MIN,
  longDragonStreaks,
} from './long-dragon';
import { lotteryByCode } from './lotteries';

const records = (...draws: string[]): DrawnRecord[] =>
  draws.map((d, i) => ({ issue: String(1000 - i), numbers: d.split(',') }));

const ssc = lotteryByCode('1001')!;
const pk10 = lotteryByCode('1201')!;
const bj28 = lotteryByCode('1801')!;
const stock = lotteryByCode('1902')!;

describe('long-dragon tracks', () => {
  it('come from the two-face plays: PK10 ten positions and 冠亚和, SSC six slots and 龙虎', () => {
    const pk = dragonTracks(pk10);
    const g11 = pk.filter((t) => t.play.code === 'G11');
    expect(new Set(g11.map((t) => t.name)).size).toBe(10);
    // 大小 and 单双 for every position, 龙虎 for 冠军..第五名, and 冠亚和 大小 单双
    expect(g11).toHaveLength(10 * 2 + 5);
    expect(pk.filter((t) => t.play.code === 'H11').map((t) => t.options.map((o) => o.label))).toEqual([
      ['大', '小'],
      ['单', '双'],
    ]);
    const s = dragonTracks(ssc);
    expect([...new Set(s.filter((t) => t.play.code === 'K11').map((t) => t.name))]).toEqual([
      '总和',
      '万位',
      '千位',
      '百位',
      '十位',
      '个位',
    ]);
    expect(s.find((t) => t.play.code === 'L11')!.options.map((o) => o.label)).toEqual(['龙', '虎']);
    // J11 (forms), BJ28 B01 (colours) and C01 (numbers) have no button pairs
    expect(s.some((t) => t.play.code === 'J11')).toBe(false);
    expect(dragonTracks(bj28).map((t) => t.play.code)).toEqual(['A01', 'A01']);
    expect(new Set(dragonTracks(stock).map((t) => t.play.code))).toEqual(new Set(['B11', 'C11', 'D11']));
    expect(dragonTracks(lotteryByCode('1401') ?? { family: 'K3', resultLength: 3 })).toEqual([]);
  });

  it('send lines of one note that the play accepts', () => {
    for (const lottery of [ssc, pk10, bj28, stock]) {
      for (const t of dragonTracks(lottery)) {
        for (const o of t.options) expect(t.play.count(o.bettingNumber)).toBe(1);
      }
    }
    const second = dragonTracks(pk10).find((t) => t.name === '亚军' && t.options[0].label === '大')!;
    expect(second.options.map((o) => o.bettingNumber)).toEqual(['|大||||||||', '|小||||||||']);
  });
});

describe('long-dragon streaks', () => {
  it('counts SSC runs of at least N, newest first, longest first', () => {
    // newest first: 万位 9,8,7 大 then 1 小; 个位 9 four times (大, 单); 总和 27, 26, 25, 10
    const history = records('9,5,4,0,9', '8,5,4,0,9', '7,5,4,0,9', '1,0,0,0,9');
    const streaks = longDragonStreaks(ssc, history);
    const find = (name: string, value: string) => streaks.find((s) => s.name === name && s.value === value);
    expect(LONG_DRAGON_MIN).toBe(3);
    expect(find('万位', '大')).toMatchObject({ times: 3, playCode: '1001K11', lastIssue: '1000' });
    expect(find('总和', '大')).toMatchObject({ times: 3 });
    expect(find('个位', '大')).toMatchObject({ times: 4 });
    expect(find('个位', '单')).toMatchObject({ times: 4 });
    // 万位 parity 9, 8: a run of 1
    expect(streaks.some((s) => s.name === '万位' && (s.value === '单' || s.value === '双'))).toBe(false);
    expect(streaks[0]!.times).toBe(4);
    expect(streaks.map((s) => s.times)).toEqual([...streaks.map((s) => s.times)].sort((a, b) => b - a));
    // 龙虎: 万 9 > 个 9? no: 和 -> no dragon at all
    expect(streaks.some((s) => s.playCode === '1001L11')).toBe(false);
    expect(longDragonStreaks(ssc, history, 5)).toEqual([]);
    expect(longDragonStreaks(ssc, [])).toEqual([]);
  });

  it('breaks a 龙虎 run on a tie and a 牛熊 run on a stock tie', () => {
    const dragon = longDragonStreaks(ssc, records('9,0,0,0,1', '8,0,0,0,2', '5,0,0,0,5', '7,0,0,0,1'));
    expect(dragon.find((s) => s.playCode === '1001L11')).toBeUndefined();
    const run = longDragonStreaks(ssc, records('9,0,0,0,1', '8,0,0,0,2', '6,0,0,0,5', '5,0,0,0,5'));
    expect(run.find((s) => s.playCode === '1001L11')).toMatchObject({ name: '龙虎', value: '龙', times: 3 });
    const bull = longDragonStreaks(stock, records('5,1,0,0,0', '6,2,0,0,0', '7,3,0,0,0', '4,4,0,0,0'));
    expect(bull.find((s) => s.playCode === '1902B11')).toMatchObject({ value: '牛', times: 3 });
  });

  it('reads PK10 positions (06-10 大) and the BJ28 sum (14-27 大)', () => {
    const history = records(
      '10,03,01,02,04,05,06,07,08,09',
      '09,04,01,02,03,05,06,07,08,10',
      '07,10,01,03,04,05,06,08,02,09',
    );
    const streaks = longDragonStreaks(pk10, history);
    expect(streaks.find((s) => s.name === '冠军' && s.value === '大')).toMatchObject({
      times: 3,
      playCode: '1201G11',
      options: [
        { label: '大', bettingNumber: '大|||||||||' },
        { label: '小', bettingNumber: '小|||||||||' },
      ],
    });
    // 冠亚和 13, 13, 17: 大 ×3, 单 ×3
    expect(streaks.find((s) => s.name === '冠亚和' && s.value === '大')).toMatchObject({ times: 3 });
    expect(streaks.find((s) => s.name === '冠亚和' && s.value === '单')).toMatchObject({ times: 3 });
    const bj = longDragonStreaks(bj28, records('5,5,4', '9,0,5', '4,5,9', '1,1,1'));
    expect(bj.find((s) => s.value === '大')).toMatchObject({ name: '和值', times: 3, playCode: '1801A01' });
  });
});

describe('long-dragon odds', () => {
  it('pay G/(2000·p) per yuan, floored to the minor unit, and 最高可中 floors to cents', () => {
    const big = dragonTracks(pk10)[0]!;
    // 大 on one position: p = 1/2, so odds = G/1000 yuan = 1700 / 1000 = 1.7 at G 1700
    expect(dragonOddsMinor(big.play, big.options[0].bettingNumber, 1700)).toBe(17_000n);
    expect(dragonOddsMinor(big.play, big.options[0].bettingNumber, 1880)).toBe(18_800n);
    // 龙 (万 > 个): p = 45/100, odds = 1700 / 900 = 1.88888… -> 1.8888
    const dragon = dragonTracks(ssc).find((t) => t.play.code === 'L11')!;
    expect(dragonOddsMinor(dragon.play, '龙', 1700)).toBe(18_888n);
    // 10 yuan at 1.8888: 18.888 -> 18.88
    expect(dragonMaxWinMinor(18_888n, 100_000n)).toBe(188_800n);
    expect(dragonMaxWinMinor(17_000n, 30_000n)).toBe(51_000n);
  });
});
