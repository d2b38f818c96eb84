import { describe, expect, it } from 'vitest';
import { betErrorAction } from './bet-errors';

describe('addBetting answers (spec §8)', () => {
  it('keeps placing on -40 and ignores -33', () => {
    expect(betErrorAction(-40, '正在投注')).toEqual({ kind: 'keepPlacing' });
    expect(betErrorAction(-33, 'x')).toEqual({ kind: 'ignore' });
  });

  it('offers recharge on 余额不足', () => {
    expect(betErrorAction(-2001, '余额不足')).toEqual({ kind: 'recharge', message: '余额不足' });
    expect(betErrorAction(-2, '您的余额不足')).toMatchObject({ kind: 'recharge' });
  });

  it('reloads rebates on -9 or a 返点 message', () => {
    expect(betErrorAction(-9, '返点不正确，请刷新后重试')).toMatchObject({ kind: 'rebate' });
    expect(betErrorAction(-2, '返点不正确')).toMatchObject({ kind: 'rebate' });
  });

  it('refetches the plan on 期号错误 / 投注期号错误', () => {
    expect(betErrorAction(-2, '投注期号错误')).toEqual({ kind: 'issue', message: '投注期号错误' });
  });

  it('shows anything else in a confirm dialog', () => {
    expect(betErrorAction(-2, '投注金额有误')).toEqual({ kind: 'other', message: '投注金额有误' });
  });
});
