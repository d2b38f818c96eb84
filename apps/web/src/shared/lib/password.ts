/**
 * Password digest on the wire (DESIGN.md §4):
 * hex(sha256(hex(sha256(lower(userName))) + hex(sha256(password)))).
 * The server stores argon2id of this value; the plain password never leaves the browser.
 */
async function sha256Hex(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function passwordDigest(userName: string, password: string): Promise<string> {
  const [nameHash, passwordHash] = await Promise.all([
    sha256Hex(userName.toLowerCase()),
    sha256Hex(password),
  ]);
  return sha256Hex(nameHash + passwordHash);
}
