import { describe, expect, it } from 'vitest';
import { beijingTime, signClass, signed } from './format';

describe('records formatting', () => {
  it('shows Beijing time whatever the zone', () => {
    expect(beijingTime(Date.parse('2026-03-03T17:30:05Z'))).toBe('03-04 01:30:05');
    expect(beijingTime(Date.parse('2026-03-03T17:30:05Z'), true)).toBe('2026-03-04 01:30:05');
  });

  it('classes and signs amounts from their text', () => {
    expect(signClass('12.00')).toBe('profit');
    expect(signClass('-0.05')).toBe('loss');
    expect(signClass('0.00')).toBe('');
    expect(signed('12.5', (v) => v)).toBe('+12.5');
    expect(signed('-3.00', (v) => v)).toBe('-3.00');
    expect(signed('0.00', (v) => v)).toBe('0.00');
  });
});
