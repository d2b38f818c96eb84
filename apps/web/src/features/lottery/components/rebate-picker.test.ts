import { describe, expect, it } from 'vitest';
import { rebatePoints, rebateSheetTitle } from './betting-dialogs';
import { bettingPointText } from './rebate-picker';

describe('the rebate chip', () => {
  it('offers 0 to the whole rebate in half-percent steps, the whole rebate last', () => {
    expect(rebatePoints(75)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75]);
    expect(rebatePoints(12)).toEqual([0, 5, 10, 12]);
    expect(rebatePoints(0)).toEqual([0]);
  });

  it("titles the sheet with the player's whole range (issue 37: 0-0.0% is the part taken)", () => {
    expect(rebateSheetTitle(75)).toBe('选择返点（0.0%-7.5%）');
    expect(rebateSheetTitle(0)).toBe('选择返点（0.0%-0.0%）');
  });

  it('writes the point as the footer does, "0-" and the point', () => {
    expect(bettingPointText(75)).toBe('0-7.5');
    expect(bettingPointText(0)).toBe('0-0.0');
  });
});
