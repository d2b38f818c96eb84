import { describe, expect, it } from 'vitest';
import { formatMoney, MoneyFormatError, parseMoney, yuan } from './money';

describe('money codec', () => {
  it('parses decimal strings to minor units exactly', () => {
    expect(parseMoney('12.5')).toBe(125_000n);
    expect(parseMoney('0.02')).toBe(200n);
    expect(parseMoney('0.0001')).toBe(1n);
    expect(parseMoney('-3.25')).toBe(-32_500n);
    expect(parseMoney('100')).toBe(yuan(100));
  });

  it('rejects floats in disguise and junk', () => {
    for (const bad of ['1e3', '1.23456', '', '.5', '5.', '0x10', '1,000', 'abc', '--1', '+1']) {
      expect(() => parseMoney(bad), bad).toThrow(MoneyFormatError);
    }
    expect(() => parseMoney('1.234', 2)).toThrow(MoneyFormatError);
  });

  it('formats with 2 or 4 decimals, truncating toward zero', () => {
    expect(formatMoney(125_000n)).toBe('12.50');
    expect(formatMoney(1_234_567n, 4)).toBe('123.4567');
    expect(formatMoney(1_234_567n)).toBe('123.45');
    expect(formatMoney(-1_234_567n)).toBe('-123.45');
    expect(formatMoney(-50n)).toBe('0.00');
    expect(formatMoney(0n)).toBe('0.00');
  });

  it('round-trips every 4-decimal value', () => {
    for (const text of ['0.0000', '1.0001', '99999.9999', '-7.0500']) {
      expect(formatMoney(parseMoney(text), 4)).toBe(text.replace(/^-0\.0000$/, '0.0000'));
    }
  });
});
