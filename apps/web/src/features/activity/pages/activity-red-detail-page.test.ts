import { describe, expect, it } from 'vitest';
import { receivedAmount } from './activity-red-detail-page';

describe('receivedAmount (已领取x/y个，共a/b元)', () => {
  it('sums every grab to the cent', () => {
    expect(receivedAmount(3, [{ amount: '0.10' }, { amount: '0.20' }, { amount: '1.05' }])).toBe('1.35');
    expect(receivedAmount(0, [])).toBe('0.00');
  });
  it('is unknown when the reply does not list every grab', () => {
    expect(
      receivedAmount(
        21,
        Array.from({ length: 20 }, () => ({ amount: '1.00' })),
      ),
    ).toBeUndefined();
  });
});
