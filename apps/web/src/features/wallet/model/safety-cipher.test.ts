import { createDecipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptSafetyPassword } from './safety-cipher';

/** The server's side of docs/wallet.md §6, written out independently with node:crypto. */
function decrypt(wire: string, userName: string): string {
  const bytes = Buffer.from(wire, 'base64url');
  const key = createHash('sha256').update(userName.toLowerCase()).digest();
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

describe('encryptSafetyPassword', () => {
  it('seals "<password>|<ms>" with AES-256-GCM keyed by sha256(lower(userName)), base64url', async () => {
    const wire = await encryptSafetyPassword('482913', 'Player01', 1_763_900_000_000);
    expect(wire).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decrypt(wire, 'player01')).toBe('482913|1763900000000');
  });

  it('uses a fresh iv each time and fails under another user name', async () => {
    const a = await encryptSafetyPassword('482913', 'player01', 1);
    const b = await encryptSafetyPassword('482913', 'player01', 1);
    expect(a).not.toBe(b);
    expect(() => decrypt(a, 'player02')).toThrow();
  });
});
