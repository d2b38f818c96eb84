import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passwordDigest } from './password';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('password digest on the wire', () => {
  it('is hex(sha256(hex(sha256(lower(userName))) + hex(sha256(password))))', async () => {
    const expected = sha(sha('player01') + sha('Demo@2026'));
    await expect(passwordDigest('Player01', 'Demo@2026')).resolves.toBe(expected);
  });

  it('changes with the password and not with the name case', async () => {
    const a = await passwordDigest('ABCD', 'secret1');
    expect(await passwordDigest('abcd', 'secret1')).toBe(a);
    expect(await passwordDigest('abcd', 'secret2')).not.toBe(a);
  });
});
