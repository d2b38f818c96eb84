import { isChainLink } from '../fair';
import { tableGameByCode } from './catalogue';
import { isSecretHex, ROUND_ID } from './stream';

/**
 * Verifying a revealed round (/fairness): the round's chain secret s_k recomputes the deal; with the
 * previous link s_(k-1) (or the chain head for the first round) it also proves s_k was committed to
 * in advance, sha256(s_k) = s_(k-1).
 */

export interface RoundVerifyInput {
  gameCode: string;
  roundId: string;
  /** s_k, revealed after the round. */
  secretHex: string;
  /** s_(k-1), the previous round's secret or the published head; omitted to check the deal only. */
  previousSecretHex?: string;
  /** The result the operator published, spelled as the game's `spell` does. */
  claimedResult: readonly string[];
}

export type RoundVerifyOutcome =
  | { ok: true; result: string[] }
  | {
      ok: false;
      reason: 'unknownGame' | 'badSecret' | 'badRoundId' | 'brokenChain' | 'resultDiffers';
      result?: string[];
    };

export function verifyRound(input: RoundVerifyInput): RoundVerifyOutcome {
  const game = tableGameByCode(input.gameCode);
  if (!game) return { ok: false, reason: 'unknownGame' };
  if (!isSecretHex(input.secretHex)) return { ok: false, reason: 'badSecret' };
  if (input.previousSecretHex !== undefined) {
    if (!isSecretHex(input.previousSecretHex)) return { ok: false, reason: 'badSecret' };
    if (!isChainLink(input.secretHex, input.previousSecretHex)) return { ok: false, reason: 'brokenChain' };
  }
  if (!ROUND_ID.test(input.roundId)) return { ok: false, reason: 'badRoundId' };
  const result = game.spell(game.deal(input.secretHex, input.roundId));
  const same =
    result.length === input.claimedResult.length && result.every((r, i) => r === input.claimedResult[i]);
  return same ? { ok: true, result } : { ok: false, reason: 'resultDiffers', result };
}
