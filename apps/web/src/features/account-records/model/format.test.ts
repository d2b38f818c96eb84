import { describe, expect, it } from 'vitest';
import { signClass, signed } from './format';

describe('records formatting', () => {
  it('classes and signs amounts from their text', () => {
    expect(signClass('12.00')).toBe('profit');
    expect(signClass('-0.05')).toBe('loss');
    expect(signClass('0.00')).toBe('');
    expect(signed('12.5', (v) => v)).toBe('+12.5');
    expect(signed('-3.00', (v) => v)).toBe('-3.00');
    expect(signed('0.00', (v) => v)).toBe('0.00');
  });
});
