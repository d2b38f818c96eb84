import { createCipheriv, randomBytes } from 'node:crypto';
import { safetyPasswordKey } from './safety-password-cipher';

/** The client side of the scheme (what the web does with WebCrypto); used by tests, CLI and bench. */
export function encryptSafetyPassword(password: string, userName: string, nowMs: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', safetyPasswordKey(userName), iv);
  const body = Buffer.concat([cipher.update(`${password}|${nowMs}`, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}
