import { describe, expect, it } from 'vitest';
import { followModeOf } from './follow-mode';
import {
  cleanShareEdit,
  editSharedLines,
  followableLines,
  type ShareLine,
  shareEditStart,
  slipTotalMinor,
} from './share';

// An SSC 定位胆 line: 3 notes at 2 yuan, unit 元, multiplier 5 = 30 yuan.
const sscLine: ShareLine = {
  lotteryCode: '1001',
  lotteryName: '重庆时时彩',
  bettingIssue: '20260115-001',
  bettingAmount: 30,
  playDetailCode: '1001A11',
  bettingNumber: '1,2,3||||',
  bettingCount: 3,
  bettingUnit: 1,
  graduationCount: 5,
  betDetailTitle: '定位胆',
  betDetailContent: '1,2,3||||',
};

describe('share edit (spec §8: multiplier 1..10000, per-bet 1..1,000,000)', () => {
  it('resets the multiplier to 10000 above the maximum and to 1 when invalid', () => {
    expect(cleanShareEdit('20000', 'multiplier')).toBe(10_000);
    expect(cleanShareEdit('10000', 'multiplier')).toBe(10_000);
    expect(cleanShareEdit('0', 'multiplier')).toBe(1);
    expect(cleanShareEdit('', 'multiplier')).toBe(1);
    expect(cleanShareEdit('2.5', 'multiplier')).toBe(1);
    expect(cleanShareEdit('abc', 'multiplier')).toBe(1);
    expect(cleanShareEdit(' 7 ', 'multiplier')).toBe(7);
  });

  it('resets the per-bet amount to 1 when invalid or empty and caps it at 1,000,000', () => {
    expect(cleanShareEdit('', 'perBet')).toBe(1);
    expect(cleanShareEdit('0', 'perBet')).toBe(1);
    expect(cleanShareEdit('-3', 'perBet')).toBe(1);
    expect(cleanShareEdit('1000000', 'perBet')).toBe(1_000_000);
    expect(cleanShareEdit('9999999', 'perBet')).toBe(1_000_000);
    expect(cleanShareEdit('25', 'perBet')).toBe(25);
  });

  it('opens at the slip’s own multiplier or per-bet base', () => {
    const lines = followableLines([sscLine])!;
    expect(shareEditStart(lines, 'multiplier')).toBe(5);
    expect(shareEditStart(lines, 'perBet')).toBe(2);
  });

  it('recomputes the shared amounts with the rules, keeping numbers, issue and texts', () => {
    const edited = editSharedLines([sscLine], { mode: 'multiplier', multiplier: 2 })!;
    expect(edited[0]).toEqual({ ...sscLine, bettingAmount: 12, graduationCount: 2 });
    // a unit of 角 scales the amount down
    const jiao = editSharedLines([{ ...sscLine, bettingUnit: 0.1, bettingAmount: 3 }], {
      mode: 'multiplier',
      multiplier: 10_000,
    })!;
    expect(slipTotalMinor(jiao)).toBe((60_000n * 10_000n) / 10n);
  });

  it('one-mode plays edit the per-bet amount at multiplier 1', () => {
    // 极速快三 和值: a credit play, so the per-bet amount is edited
    const k3: ShareLine = {
      lotteryCode: '1401',
      lotteryName: '极速快三',
      bettingIssue: '20260115-0001',
      bettingAmount: 10,
      playDetailCode: '1401A10',
      bettingNumber: '4,5',
      bettingCount: 2,
      bettingUnit: 1,
      graduationCount: 1,
    };
    expect(followModeOf(k3.lotteryCode, k3.playDetailCode!)).toBe('perBet');
    const edited = editSharedLines([k3], { mode: 'perBet', perBetYuan: 7 })!;
    expect(edited[0]!.graduationCount).toBe(1);
    expect(slipTotalMinor(edited)).toBeGreaterThan(0n);
  });

  it('refuses a slip it cannot recompute (请重新修改分享注单金额)', () => {
    const old: ShareLine = { ...sscLine, playDetailCode: undefined, bettingNumber: undefined };
    expect(editSharedLines([old], { mode: 'multiplier', multiplier: 2 })).toBeNull();
  });
});
