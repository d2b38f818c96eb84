import type { FastRoundData } from '@lottery/contract/fast-bet';
import { verifyInstantRound } from '@lottery/rules/instant-draw';

/**
 * Verification of one instant round (连续开奖) in the browser with the rules' own code
 * (packages/rules/instant-draw.ts): sha256(serverSeed) equals the hash committed before the round,
 * and HMAC-SHA256(serverSeed, lotteryCode:clientSeed:nonce:i) gives the published numbers.
 */
export type InstantVerdict =
  | { ok: true; numbers: string[] }
  | { ok: false; reason: string; numbers?: string[] };

export const INSTANT_REASONS = {
  notRevealed: '该轮的服务器种子尚未公开，请先点击“更换种子”公开它',
  unknownLottery: '彩种不存在',
  badSeed: '种子格式错误',
  hashDiffers: '公开的服务器种子与事先承诺的哈希不一致',
  numbersDiffer: '由种子计算出的号码与公布的开奖号码不一致',
} as const;

export function verifyRound(round: FastRoundData): InstantVerdict {
  if (round.serverSeed === null) return { ok: false, reason: INSTANT_REASONS.notRevealed };
  const outcome = verifyInstantRound({
    lotteryCode: round.lotteryCode,
    serverSeedHex: round.serverSeed,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    claimedNumbers: round.numbers,
  });
  if (outcome.ok) return outcome;
  return {
    ok: false,
    reason: INSTANT_REASONS[outcome.reason],
    ...(outcome.numbers ? { numbers: outcome.numbers } : {}),
  };
}
