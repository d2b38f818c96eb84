import { describe, expect, it } from 'vitest';
import { depositStatusText } from './labels';

describe('labels', () => {
  it('says a pending bank transfer waits for confirmation, a pending provider order for payment', () => {
    expect(depositStatusText('pending', 'banktransfer')).toBe('等待确认');
    expect(depositStatusText('pending', 'alipay')).toBe('待支付');
    expect(depositStatusText('paid', 'banktransfer')).toBe('已到账');
  });
});
