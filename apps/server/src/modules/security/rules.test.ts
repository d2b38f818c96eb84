import { encryptSafetyPasswordWeb } from '@lottery/contract/security';
import { describe, expect, it } from 'vitest';
import { safetyPasswordProblem } from './rules';
import { decryptSafetyPassword } from './safety-password-cipher';
import { encryptSafetyPassword } from './safety-password-cipher-client';

const NOW = Date.UTC(2026, 2, 1);

// The field rules themselves are tested once, in packages/contract/src/fields.test.ts.
describe('spec §5 rules', () => {
  it('refuses every listed simple safety password and anything but 6 digits', () => {
    for (const simple of ['123456', '123123', '654321', '111111', '000000', '999999']) {
      expect(safetyPasswordProblem(simple)).toMatch(/^安全密码不能过于简单/);
    }
    expect(safetyPasswordProblem('12345')).toBe('安全密码必须为6位数字');
    expect(safetyPasswordProblem('12345a')).toBe('安全密码必须为6位数字');
    expect(safetyPasswordProblem('482913')).toBeNull();
  });
});

describe('safety password cipher', () => {
  it('round-trips with the lower-cased user name as the key source', () => {
    const wire = encryptSafetyPassword('482913', 'Player01', NOW);
    expect(wire).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decryptSafetyPassword(wire, 'player01', NOW)).toBe('482913');
    // standard base64 is accepted too
    const std = Buffer.from(wire, 'base64url').toString('base64');
    expect(decryptSafetyPassword(std, 'PLAYER01', NOW + 1000)).toBe('482913');
  });

  it('decrypts what the web encrypts with WebCrypto (contract encryptSafetyPasswordWeb)', async () => {
    const wire = await encryptSafetyPasswordWeb('730415', 'Player01', NOW);
    expect(decryptSafetyPassword(wire, 'player01', NOW)).toBe('730415');
  });

  it('refuses another user name, a tampered value and a stale timestamp', () => {
    const wire = encryptSafetyPassword('482913', 'player01', NOW);
    expect(decryptSafetyPassword(wire, 'player02', NOW)).toBeNull();
    const bytes = Buffer.from(wire, 'base64url');
    bytes[14]! ^= 1;
    expect(decryptSafetyPassword(bytes.toString('base64url'), 'player01', NOW)).toBeNull();
    expect(decryptSafetyPassword(wire, 'player01', NOW + 5 * 60_000 + 1)).toBeNull();
    expect(decryptSafetyPassword('482913', 'player01', NOW)).toBeNull();
  });
});
