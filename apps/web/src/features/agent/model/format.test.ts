import { describe, expect, it } from 'vitest';
import { memberStatus, money, periodRange, trend } from './format';

describe('money', () => {
  it('keeps every decimal the server sent and groups thousands', () => {
    expect(money('1234567.89')).toBe('1,234,567.89');
    expect(money('0.005')).toBe('0.005');
    expect(money('-12000.5000')).toBe('-12,000.5000');
    expect(money('999')).toBe('999');
  });
  it('shows -- without a value and anything unexpected as it came', () => {
    expect(money(undefined)).toBe('--');
    expect(money('')).toBe('--');
    expect(money('abc')).toBe('abc');
  });
});

describe('trend', () => {
  it('reads the sign from the string, zero is flat', () => {
    expect(trend('5.36')).toBe('up');
    expect(trend('-0.01')).toBe('down');
    expect(trend('0.00')).toBe('');
    expect(trend('-0.00')).toBe('');
    expect(trend(undefined)).toBe('');
  });
});

describe('periodRange and memberStatus', () => {
  it('shows one day or a range', () => {
    expect(periodRange('2026-11-20', '2026-11-20')).toBe('11-20');
    expect(periodRange('2026-11-01', '2026-11-20')).toBe('11-01 至 11-20');
  });
  it('names the account states', () => {
    expect(memberStatus('active')).toBe('正常');
    expect(memberStatus('frozen')).toBe('冻结');
    expect(memberStatus('other')).toBe('other');
  });
});
