import { describe, expect, it } from 'vitest';
import { bankOfCard, maskAccountNo } from '../security/index';
import { checkCallbackSignature, signCallback } from './callback-signature';
import { depositBonus } from './deposits';
import type { WalletSetting } from './settings';

const SECRET = '0f'.repeat(32);
const NOW = Date.UTC(2026, 2, 1);

describe('provider callback signature', () => {
  const body = '{"orderNo":"D1","amount":"10.00","status":"paid","providerRef":"x"}';
  const headers = (over: Partial<{ timestamp: string; nonce: string; signature: string }> = {}) => {
    const nonce = over.nonce ?? 'abcdefghijklmnop';
    const timestamp = over.timestamp ?? String(NOW);
    return { timestamp, nonce, signature: signCallback(SECRET, Number(timestamp), nonce, body), ...over };
  };

  it('accepts its own signature and refuses any change', () => {
    expect(checkCallbackSignature(SECRET, headers(), body, NOW)).toEqual({ ok: true });
    expect(checkCallbackSignature(SECRET, headers(), body.replace('10.00', '100.0'), NOW)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(checkCallbackSignature('1f'.repeat(32), headers(), body, NOW).ok).toBe(false);
    expect(checkCallbackSignature(SECRET, headers({ nonce: 'short' }), body, NOW)).toEqual({
      ok: false,
      reason: 'bad nonce',
    });
    expect(checkCallbackSignature(SECRET, headers(), body, NOW + 5 * 60_000 + 1)).toEqual({
      ok: false,
      reason: 'stale',
    });
  });
});

describe('deposit bonus (getRechargeDiscount)', () => {
  const setting = {
    bonusBasisPoints: 100,
    bonusMinDepositMinor: 1_000_000n,
    bonusMaxMinor: 8_880_000n,
  } as WalletSetting;
  it('is the rate of the deposit, from the minimum, capped, in exact minor units', () => {
    expect(depositBonus(setting, 999_999n)).toBe(0n);
    expect(depositBonus(setting, 1_000_000n)).toBe(10_000n);
    expect(depositBonus(setting, 1_234_567n)).toBe(12_345n);
    expect(depositBonus(setting, 10_000_000_000n)).toBe(8_880_000n);
    expect(depositBonus({ ...setting, bonusBasisPoints: 0 }, 5_000_000n)).toBe(0n);
  });
});

describe('banks', () => {
  it('recognises a card by its longest known prefix and masks numbers', () => {
    expect(bankOfCard('6222021234567890123')?.bankCode).toBe('ICBC');
    expect(bankOfCard('6228481234567890')?.bankCode).toBe('ABC');
    expect(bankOfCard('9999991234567890')).toBeUndefined();
    expect(maskAccountNo('6222021234567890123')).toBe('6222 **** **** 0123');
  });
});
