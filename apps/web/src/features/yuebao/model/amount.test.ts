import { describe, expect, it } from 'vitest';
import {
  allOf,
  amountProblem,
  cancelPenalty,
  minorOf,
  pledgeLimits,
  shortMoney,
  transferInLimits,
  transferOutLimits,
  typeable,
} from './amount';

const info = {
  yuebaoBalance: '4999000.1234',
  balance: '2500.5',
  minTransferIn: '1.00',
  maxTransferIn: '1000000.00',
  maxYuebaoBalance: '5000000.00',
};

describe('yuebao amounts', () => {
  it('parses server money exactly and shows what can be typed', () => {
    expect(minorOf('1000.1000')).toBe(10_001_000n);
    expect(minorOf('not money')).toBe(0n);
    expect(typeable('1000.1099')).toBe('1000.10');
    expect(typeable('0.0099')).toBe('0.00');
    expect(shortMoney('1.0000')).toBe('1.00');
    expect(shortMoney('0.0958')).toBe('0.0958');
    expect(shortMoney('-1000.0000')).toBe('-1000.00');
  });

  it('rejects bad shapes, zero and amounts under the minimum', () => {
    const rules = { minMinor: 10_000n, limits: [] };
    expect(amountProblem('', rules)).toBe('请输入金额');
    expect(amountProblem('1.234', rules)).toBe('金额最多两位小数');
    expect(amountProblem('-5', rules)).toBe('金额格式不正确');
    expect(amountProblem('abc', rules)).toBe('金额格式不正确');
    expect(amountProblem('0.00', rules)).toBe('金额须大于0');
    expect(amountProblem('0.99', rules)).toBe('最低金额为1.00元');
    expect(amountProblem(' 1 ', rules)).toBeUndefined();
  });

  it('names the limit that binds first for a transfer in', () => {
    const limits = transferInLimits(info);
    expect(amountProblem('2500.50', { limits })).toBe('余额宝最多还可转入999.87元');
    expect(amountProblem('999.87', { limits })).toBeUndefined();
    expect(amountProblem('2500.51', { limits })).toBe('余额不足，可用余额2500.50元');
    // 全部: the lowest ceiling, in whole fen
    expect(allOf(limits)).toBe('999.87');
    const roomy = transferInLimits({ ...info, yuebaoBalance: '0.0000', balance: '3000000' });
    expect(amountProblem('1000000.01', { limits: roomy })).toBe('单笔最高转入1000000.00元');
    expect(allOf(roomy)).toBe('1000000.00');
  });

  it('caps at the room left and never offers a negative 全部', () => {
    const full = transferInLimits({ ...info, yuebaoBalance: '5000000.0000' });
    expect(allOf(full)).toBe('0.00');
    expect(amountProblem('0.01', { limits: full })).toBe('余额宝最多还可转入0.00元');
  });

  it('lets out only whole fen of the yuebao balance', () => {
    const limits = transferOutLimits({ ...info, yuebaoBalance: '1000.1099' });
    expect(allOf(limits)).toBe('1000.10');
    expect(amountProblem('1000.10', { limits })).toBeUndefined();
    expect(amountProblem('1000.11', { limits })).toBe('最多可转出1000.10元');
  });

  it('checks a pledge against the wallet, then the product maximum', () => {
    const limits = pledgeLimits('150000.00', { maxAmount: '100000.00' });
    expect(amountProblem('120000', { limits })).toBe('该产品最高质押100000.00元');
    expect(amountProblem('150000.01', { limits })).toBe('余额不足，可用余额150000.00元');
    expect(allOf(limits)).toBe('100000.00');
  });

  it('computes the cancel penalty as the server does (rounded down)', () => {
    expect(cancelPenalty('100.00', '1.00')).toBe('1.00');
    expect(cancelPenalty('100.55', '1.5')).toBe('1.5082');
    expect(cancelPenalty('0.01', '1')).toBe('0.0001');
    expect(cancelPenalty('100', '0')).toBe('0.00');
  });
});
