/**
 * /verifyBankCard checks the safety password, then /setBankcard sends it again (encrypted afresh,
 * the server refuses stale ciphertexts). It is kept in memory only, for a few minutes, and
 * forgotten once used.
 */
const KEEP_MS = 5 * 60_000;
let held: { password: string; untilMs: number } | undefined;

export function holdVerifiedSafetyPassword(password: string, nowMs = Date.now()): void {
  held = { password, untilMs: nowMs + KEEP_MS };
}

export function peekVerifiedSafetyPassword(nowMs = Date.now()): string | undefined {
  if (held && held.untilMs < nowMs) held = undefined;
  return held?.password;
}

export function forgetVerifiedSafetyPassword(): void {
  held = undefined;
}
