import { describe, expect, it } from 'vitest';
import {
  AMOUNT_TEXT,
  amountError,
  rechargeRange,
  sanitizeAmountInput,
  withdrawFee,
  withdrawRange,
} from './amount';

const limits = { minAmount: '10.00', maxAmount: '50000.00' };

describe('sanitizeAmountInput', () => {
  it.each([
    ['100', '100'],
    ['1a0b0', '100'],
    ['12.345', '12.34'],
    ['1.2.3', '1.23'],
    ['.5', '0.5'],
    ['007', '7'],
    ['0.05', '0.05'],
    ['-20', '20'],
    ['１２', ''],
    ['1234567890123', '123456789'],
    ['100.', '100.'],
  ])('%s -> %s', (raw, kept) => {
    expect(sanitizeAmountInput(raw)).toBe(kept);
  });
});

describe('amountError', () => {
  it('asks for an amount and refuses bad formats', () => {
    expect(amountError('', limits, rechargeRange)).toBe(AMOUNT_TEXT.required);
    expect(amountError('12.345', limits, rechargeRange)).toBe(AMOUNT_TEXT.format);
    expect(amountError('100.', limits, rechargeRange)).toBe(AMOUNT_TEXT.format);
    expect(amountError('1e3', limits, rechargeRange)).toBe(AMOUNT_TEXT.format);
    expect(amountError('0.00', limits, rechargeRange)).toBe(AMOUNT_TEXT.zero);
  });

  it('keeps to the channel limits exactly, at the cent', () => {
    expect(amountError('10', limits, rechargeRange)).toBeUndefined();
    expect(amountError('50000.00', limits, rechargeRange)).toBeUndefined();
    expect(amountError('9.99', limits, rechargeRange)).toBe('单笔充值金额范围为10.00-50000.00元');
    expect(amountError('50000.01', limits, rechargeRange)).toBe('单笔充值金额范围为10.00-50000.00元');
    expect(amountError('5', limits, withdrawRange)).toBe('单笔提现金额范围为10.00-50000.00元');
  });

  it('compares with the balance without floats (0.1 + 0.2 style cases stay exact)', () => {
    expect(amountError('300.30', limits, withdrawRange, '300.30')).toBeUndefined();
    expect(amountError('300.31', limits, withdrawRange, '300.30')).toBe('余额不足');
    expect(
      amountError('100', { minAmount: '0.10', maxAmount: '999999999.99' }, withdrawRange, '99.9999'),
    ).toBe('余额不足');
  });
});

describe('withdrawFee', () => {
  it('is amount × rate%, truncated to the cent like the server', () => {
    expect(withdrawFee('100', '1.00')).toBe('1.00');
    expect(withdrawFee('123.45', '1.50')).toBe('1.85');
    expect(withdrawFee('100', '0.00')).toBe('0.00');
    expect(withdrawFee('abc', '1.00')).toBe('0.00');
  });
});
