import type { FairnessIssue } from '@lottery/contract/draw';
import { previousSecret, verifyDraw } from '@lottery/rules/fair';

/**
 * Verification of one draw in the browser with the rules' own code (packages/rules/fair.ts):
 * 1. sha256(s_k) = s_(k-1) and the numbers recomputed from s_k equal the published ones;
 * 2. hashing s_(k-1) another k-1 times reaches the day's head s_0 that was published beforehand.
 */
export type Verdict = { ok: true; numbers: string[] } | { ok: false; reason: string; numbers?: string[] };

export const REASONS = {
  unknownLottery: '彩种不存在',
  badSecret: '密钥格式错误',
  brokenChain: '密钥与上一密钥不相连（sha256不匹配）',
  numbersDiffer: '由密钥计算出的号码与公布的开奖号码不一致',
  headMismatch: '哈希链无法回溯到公布的链首',
} as const;

/** At most one day of one-minute issues. */
const MAX_CHAIN_STEPS = 100_000;

export function verifyIssue(data: FairnessIssue, publishedHead: string): Verdict {
  const outcome = verifyDraw({
    lotteryCode: data.lotteryCode,
    issue: data.issue,
    secretHex: data.secret,
    previousSecretHex: data.previousSecret,
    claimedNumbers: data.numbers,
  });
  if (!outcome.ok) {
    return {
      ok: false,
      reason: REASONS[outcome.reason],
      ...(outcome.numbers ? { numbers: outcome.numbers } : {}),
    };
  }
  if (!Number.isInteger(data.k) || data.k < 1 || data.k > MAX_CHAIN_STEPS) {
    return { ok: false, reason: REASONS.headMismatch, numbers: outcome.numbers };
  }
  let s = data.previousSecret;
  for (let i = 1; i < data.k; i++) s = previousSecret(s);
  if (s !== publishedHead) return { ok: false, reason: REASONS.headMismatch, numbers: outcome.numbers };
  return { ok: true, numbers: outcome.numbers };
}
