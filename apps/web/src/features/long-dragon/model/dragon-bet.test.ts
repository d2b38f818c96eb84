import type { LongDragonEntry } from '@lottery/contract/long-dragon';
import { TWO_FACE_PLAYS } from '@lottery/rules/long-dragon';
import { describe, expect, it } from 'vitest';
import {
  countdownText,
  DRAGON_FAMILIES,
  isDragonLottery,
  maxWin,
  oddsText,
  refusal,
  secondsLeft,
  toggle,
  wireLine,
} from './dragon-bet';

const entry = (over: Partial<LongDragonEntry> = {}): LongDragonEntry => ({
  lotteryType: 7,
  lotteryCode: '1201',
  lotteryName: '极速赛车',
  playCode: '1201G11',
  playName: '双面盘',
  name: '亚军',
  desc: '大',
  times: 4,
  lastIssue: '202611260720',
  currIssue: '202611260721',
  endTime: '12:00:55',
  closeTime: 0,
  nextOpenTime: 42,
  options: [
    { label: '大', bettingNumber: '|大||||||||', odds: '1.9' },
    { label: '小', bettingNumber: '|小||||||||', odds: '1.9' },
  ],
  ...over,
});

describe('long-dragon bet model', () => {
  it('selects one button, deselects on a second tap, moves to another button', () => {
    const a = toggle(undefined, entry(), 0)!;
    expect(a.option).toBe(0);
    expect(toggle(a, entry({ times: 5 }), 0)).toBeUndefined();
    expect(toggle(a, entry(), 1)).toMatchObject({ option: 1 });
    expect(toggle(a, entry({ name: '冠军' }), 0)).toMatchObject({ option: 0, entry: { name: '冠军' } });
  });

  it('shows 最高可中 = amount × odds floored to cents', () => {
    expect(maxWin('10', '1.8888')).toBe('18.88');
    expect(maxWin('3', '1.7')).toBe('5.10');
    expect(maxWin('', '1.7')).toBeUndefined();
    expect(maxWin('3', undefined)).toBeUndefined();
    expect(oddsText('1.9125')).toBe('1.91');
    expect(oddsText('1.7')).toBe('1.70');
  });

  it('counts down from the answer and shows 开奖中 at 0', () => {
    expect(secondsLeft(entry(), 1_000, 1_000)).toBe(42);
    expect(secondsLeft(entry(), 1_000, 11_999)).toBe(32);
    expect(secondsLeft(entry(), 1_000, 60_000)).toBe(0);
    expect(countdownText(3725)).toBe('01:02:05');
    expect(countdownText(0)).toBe('开奖中');
  });

  it('sends one note, unit 1, multiplier 1, on the issue on sale', () => {
    const selection = toggle(undefined, entry(), 1)!;
    expect(wireLine(selection, '20')).toEqual({
      lotteryCode: '1201',
      playDetailCode: '1201G11',
      bettingNumber: '|小||||||||',
      bettingCount: 1,
      bettingAmount: '20',
      bettingPoint: '0',
      bettingUnit: '1',
      bettingIssue: '202611260721',
      graduationCount: 1,
    });
    expect(refusal(undefined, '20')).toBe('请选择一注号码投注');
    expect(refusal(selection, '')).toBe('投注金额不能为空');
    expect(refusal(selection, '20')).toBeUndefined();
  });

  it('knows the families with long dragons as the rules do', () => {
    expect([...DRAGON_FAMILIES].sort()).toEqual(Object.keys(TWO_FACE_PLAYS).sort());
    expect(isDragonLottery('1201')).toBe(true);
    expect(isDragonLottery('1401')).toBe(false);
  });
});
