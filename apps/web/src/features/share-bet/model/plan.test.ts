import { describe, expect, it } from 'vitest';
import { cleanPlanInput, parsePlanCard, planLine } from './plan';
import { followWireLines } from './share';

describe('push-plan follow', () => {
  it('reads a plan card and refuses anything else', () => {
    const card = {
      planId: 1,
      recordId: 9,
      gameName: '极速快三计划',
      lotteryCode: '1401',
      issue: '20260115-0721',
      predictionResult: '大',
      isPrize: 2,
    };
    expect(parsePlanCard(JSON.stringify(card))).toMatchObject({ planId: 1, predictionResult: '大' });
    expect(parsePlanCard('{"planId":"1"}')).toBeNull();
    expect(parsePlanCard('not json')).toBeNull();
  });

  it('places 大 as 和值 11-18 and 小 as 3-10, at the per-bet amount', () => {
    const big = planLine({ lotteryCode: '1401', predictionResult: '大' })!;
    expect(big).toMatchObject({
      playDetailCode: '1401A10',
      bettingNumber: '11,12,13,14,15,16,17,18',
      bettingCount: 8,
    });
    expect(planLine({ lotteryCode: '1401', predictionResult: '小' })?.bettingNumber).toBe('3,4,5,6,7,8,9,10');
    const { lines, totalMinor } = followWireLines([big], { mode: 'perBet', perBetYuan: 5 }, '20260115-0722');
    // spec §5: on a lottery code with 14, mode A10 does not multiply the note count in
    expect(lines[0]).toMatchObject({
      bettingAmount: '5.00',
      graduationCount: 1,
      bettingIssue: '20260115-0722',
    });
    expect(totalMinor).toBe(50_000n);
  });

  it('offers no follow for other families or other picks', () => {
    expect(planLine({ lotteryCode: '1001', predictionResult: '大' })).toBeNull();
    expect(planLine({ lotteryCode: '1401', predictionResult: '单' })).toBeNull();
  });

  it('keeps the field to digits: 7 characters up to 1,000,000, or 5 up to 10000 in multiplier mode', () => {
    expect(cleanPlanInput('12a3', false)).toBe('123');
    expect(cleanPlanInput('99999999', false)).toBe('1000000');
    expect(cleanPlanInput('123456', true)).toBe('10000');
    expect(cleanPlanInput('', false)).toBe('');
  });
});
