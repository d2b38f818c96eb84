/**
 * Safety password on the wire (docs/wallet.md §6): AES-256-GCM with key SHA-256(lower(userName)),
 * plaintext "<password>|<Date.now()>", 12-byte random iv, sent as base64url(iv ‖ ciphertext ‖ tag).
 * The server refuses values older or newer than 5 minutes, so encrypt right before sending.
 */
const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function encryptSafetyPassword(
  password: string,
  userName: string,
  nowMs: number = Date.now(),
): Promise<string> {
  const keyBytes = await crypto.subtle.digest('SHA-256', encoder.encode(userName.toLowerCase()));
  const key = await crypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(`${password}|${nowMs}`)),
  );
  const wire = new Uint8Array(iv.length + sealed.length);
  wire.set(iv, 0);
  wire.set(sealed, iv.length);
  return base64url(wire);
}
