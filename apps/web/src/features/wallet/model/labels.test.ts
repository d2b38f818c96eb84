import { describe, expect, it } from 'vitest';
import { beijingTime, depositStatusText } from './labels';

describe('labels', () => {
  it('shows Beijing time whatever the device zone', () => {
    expect(beijingTime(Date.UTC(2026, 0, 1, 16, 5, 9))).toBe('2026-01-02 00:05:09');
  });

  it('says a pending bank transfer waits for confirmation, a pending provider order for payment', () => {
    expect(depositStatusText('pending', 'banktransfer')).toBe('等待确认');
    expect(depositStatusText('pending', 'alipay')).toBe('待支付');
    expect(depositStatusText('paid', 'banktransfer')).toBe('已到账');
  });
});
