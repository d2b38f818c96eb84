import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) of the client's 64-hex digest; the digest is never stored. */
export function hashPasswordDigest(digest: string): Promise<string> {
  return hash(digest.toLowerCase());
}

export function verifyPasswordDigest(stored: string, digest: string): Promise<boolean> {
  return verify(stored, digest.toLowerCase());
}

const sha256hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * What the web sends for a login password (DESIGN.md §4):
 * hex(sha256(hex(sha256(lower(userName))) + hex(sha256(password)))). Used by the seed and tests.
 */
export function passwordDigest(userName: string, password: string): string {
  return sha256hex(sha256hex(userName.toLowerCase()) + sha256hex(password));
}

/** A fixed hash to verify against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('0'.repeat(64));
  return dummyHash;
}
