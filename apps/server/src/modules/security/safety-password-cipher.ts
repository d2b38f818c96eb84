import { createDecipheriv, createHash } from 'node:crypto';

/**
 * Wire format of every `safetyPassword` field (set, reset, verify, withdraw, pledge):
 *
 *   key        = SHA-256(UTF-8(lower(userName)))                 32 bytes
 *   plaintext  = UTF-8(`${password}|${timestampMs}`)             e.g. "482913|1763900000000"
 *   iv         = 12 random bytes
 *   ciphertext = AES-256-GCM(key, iv, plaintext) incl. 16-byte tag (WebCrypto layout)
 *   wire       = base64url(iv || ciphertext || tag)
 *
 * The key is derived from a public value, so this only keeps the password out of logs and
 * proxies; HTTPS protects it in transit. The timestamp bounds replay of a captured value.
 */
export const SAFETY_CIPHER_MAX_SKEW_MS = 5 * 60 * 1000;

export type DecryptedSafetyPassword = { password: string; timestampMs: number };

export function safetyPasswordKey(userName: string): Buffer {
  return createHash('sha256').update(userName.toLowerCase(), 'utf8').digest();
}

function fromBase64Any(value: string): Buffer {
  return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** Returns null for anything that does not decrypt to `password|timestamp` within the skew. */
export function decryptSafetyPassword(wire: string, userName: string, nowMs: number): string | null {
  if (wire.length > 512) return null;
  const raw = fromBase64Any(wire);
  if (raw.length < 12 + 16 + 3) return null;
  const iv = raw.subarray(0, 12);
  const tag = raw.subarray(raw.length - 16);
  const body = raw.subarray(12, raw.length - 16);
  let text: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', safetyPasswordKey(userName), iv);
    decipher.setAuthTag(tag);
    text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
  const match = /^([^|]{1,64})\|(\d{13})$/.exec(text);
  if (!match) return null;
  if (Math.abs(Number(match[2]) - nowMs) > SAFETY_CIPHER_MAX_SKEW_MS) return null;
  return match[1]!;
}
