import { Codes } from '@lottery/contract/codes';
import { describe, expect, it } from 'vitest';
import { FAST_BET_TIMES, startTally } from './fast-bet';
import { addRound, fastErrorAction, INVEST_CHANGED_WEB, netMinor } from './fast-round';

describe('fast mode tally', () => {
  it('offers 1, 20, 50 and 100 rounds', () => {
    expect([...FAST_BET_TIMES]).toEqual([1, 20, 50, 100]);
  });

  it('counts rounds down and adds stakes, winnings and rebates exactly', () => {
    let t = startTally(3);
    t = addRound(t, { betMoney: '2.0000', winMoney: '0.0000', rebateMoney: '0.0000' });
    t = addRound(t, { betMoney: '2.0000', winMoney: '3.9100', rebateMoney: '0.0100' });
    expect(t).toEqual({ remaining: 1, rounds: 2, stakeMinor: 40_000n, winMinor: 39_100n, rebateMinor: 100n });
    expect(netMinor(t)).toBe(-800n);
    t = addRound(addRound(t, { betMoney: '1', winMoney: '0', rebateMoney: '0' }), {
      betMoney: '1',
      winMoney: '0',
      rebateMoney: '0',
    });
    expect(t.remaining).toBe(0);
  });

  it('reloads on 投资类型校验错误, offers 充值 on 余额不足, stops on anything else', () => {
    expect(fastErrorAction(-9, '投资类型校验错误')).toEqual({ kind: 'reload', message: INVEST_CHANGED_WEB });
    expect(fastErrorAction(Codes.INSUFFICIENT_BALANCE.code, '余额不足').kind).toBe('recharge');
    expect(fastErrorAction(-2, '投注金额有误')).toEqual({ kind: 'stop', message: '投注金额有误' });
  });
});
