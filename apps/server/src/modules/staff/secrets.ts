import { createHash, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_ALPHABET, RECOVERY_CODE_COUNT } from '@lottery/contract/console/auth';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * The staff module's secrets: opaque tokens (session, ticket, enrolment link), recovery codes and
 * TOTP. Tokens and recovery codes are stored as sha256 (each carries at least 49 random bits and is
 * guessed under the account lockout, so a slow hash buys nothing); the password is argon2id.
 */

export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Ten fresh recovery codes as shown once (`abcde-fghij`). */
export function newRecoveryCodes(): string[] {
  const one = () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A recovery code's stored hash: per staff member, dash and case ignored. */
export function recoveryCodeHash(staffId: number, code: string): string {
  return sha256hex(`${staffId}:${code.toLowerCase().replace('-', '')}`);
}

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;

export const newTotpSecret = (): string => generateSecret();

export function otpauthUrl(account: string, secret: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret });
}

/**
 * The time step of `code` when it is valid at `nowMs` give or take one step and newer than
 * `lastStep` (a code, or an older one, is never accepted twice); null otherwise.
 */
export async function acceptTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: PERIOD_S,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    // a TOTP verify reports its step (the HOTP branch of the union has none)
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
