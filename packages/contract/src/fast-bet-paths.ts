/**
 * Fast bet's paths and constants, free of zod (like paths.ts): the play screen names them without
 * loading the schema library. fast-bet.ts re-exports them with the schemas.
 */
export const FastBetPaths = {
  addFastBetting: 'betting/addFastBetting',
  fastSeed: 'fairness/fastSeed',
  setClientSeed: 'fairness/fastSeed/client',
  rotateSeed: 'fairness/fastSeed/rotate',
  fastRound: 'fairness/fastRound',
} as const;

/** A stale request: its timestamp is more than this far from the server's clock (投资类型校验错误). */
export const FAST_BET_MAX_SKEW_SEC = 30;
/** Auto-mode round counts of the footer's 连续开奖 selector (spec §9). */
export const FAST_BET_TIMES = [1, 20, 50, 100] as const;
