import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Payment provider callback signature. The provider POSTs a JSON body and these headers:
 *   x-pay-timestamp: epoch ms, x-pay-nonce: 16-64 [A-Za-z0-9_-],
 *   x-pay-signature: hex(HMAC-SHA256(secret, `${timestamp}.${nonce}.${rawBody}`))
 * We accept it only within CALLBACK_MAX_SKEW_MS and only once per nonce.
 */
export const CALLBACK_MAX_SKEW_MS = 5 * 60 * 1000;

export function signCallback(secretHex: string, timestampMs: number, nonce: string, rawBody: string): string {
  return createHmac('sha256', Buffer.from(secretHex, 'hex'))
    .update(`${timestampMs}.${nonce}.${rawBody}`, 'utf8')
    .digest('hex');
}

export type CallbackCheck = { ok: true } | { ok: false; reason: string };

export function checkCallbackSignature(
  secretHex: string,
  headers: { timestamp?: string; nonce?: string; signature?: string },
  rawBody: string,
  nowMs: number,
): CallbackCheck {
  const { timestamp, nonce, signature } = headers;
  if (!timestamp || !/^\d{13}$/.test(timestamp)) return { ok: false, reason: 'bad timestamp' };
  if (!nonce || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return { ok: false, reason: 'bad nonce' };
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'bad signature' };
  if (Math.abs(Number(timestamp) - nowMs) > CALLBACK_MAX_SKEW_MS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(signCallback(secretHex, Number(timestamp), nonce, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    return { ok: false, reason: 'bad signature' };
  return { ok: true };
}
