/**
 * A table-game round verified in the browser with the engine itself (packages/rules/games, loaded
 * only when a round is verified so /fairness stays small): sha256(s_k) = s_(k-1), the deal recomputed
 * from s_k equals the published result, and s_(k-1) hashed k-1 more times reaches the day's head.
 */
export interface GameRoundInput {
  gameCode: string;
  roundId: string;
  seq: number;
  secret: string;
  previousSecret: string;
  chainHead: string;
  result: readonly string[];
}

export type GameVerdict = { ok: true; result: string[] } | { ok: false; reason: string; result?: string[] };

export const GAME_REASONS = {
  unknownGame: '游戏不存在',
  badSecret: '密钥格式错误',
  badRoundId: '局号格式错误',
  brokenChain: '密钥与上一密钥不相连（sha256不匹配）',
  resultDiffers: '由密钥重新发牌的结果与公布的结果不一致',
  headMismatch: '哈希链无法回溯到公布的链首',
} as const;

/** At most one day of rounds. */
const MAX_CHAIN_STEPS = 10_000;

export async function verifyGameRound(input: GameRoundInput): Promise<GameVerdict> {
  const [{ verifyRound }, { previousSecret }] = await Promise.all([
    import('@lottery/rules/games/verify'),
    import('@lottery/rules/fair'),
  ]);
  const outcome = verifyRound({
    gameCode: input.gameCode,
    roundId: input.roundId,
    secretHex: input.secret,
    previousSecretHex: input.previousSecret,
    claimedResult: input.result,
  });
  if (!outcome.ok)
    return {
      ok: false,
      reason: GAME_REASONS[outcome.reason],
      ...(outcome.result ? { result: outcome.result } : {}),
    };
  if (!Number.isInteger(input.seq) || input.seq < 1 || input.seq > MAX_CHAIN_STEPS)
    return { ok: false, reason: GAME_REASONS.headMismatch, result: outcome.result };
  let s = input.previousSecret;
  for (let i = 1; i < input.seq; i++) s = previousSecret(s);
  if (s !== input.chainHead) return { ok: false, reason: GAME_REASONS.headMismatch, result: outcome.result };
  return { ok: true, result: outcome.result };
}
