import { z } from 'zod';
import { endpoint } from './endpoint';
import { FAST_BET_MAX_SKEW_SEC, FAST_BET_TIMES, FastBetPaths } from './paths';

/**
 * Fast bet (连续开奖, spec/betting.md §3-§5) and its provably fair instant rounds (DESIGN.md §10).
 * Documented in docs/fairness.md ("Instant rounds": the API, the scheme, the rules of a round) and
 * docs/web-betting.md ("Fast bet": the web side).
 */

export { FAST_BET_MAX_SKEW_SEC, FAST_BET_TIMES, FastBetPaths };

const clientSeed = z.string().regex(/^[\w-]{1,64}$/, '客户端种子须为1-64位字母、数字、-或_');

/**
 * POST betting/addFastBetting (form): bettingData = JSON of the lines (bettingIssue empty or
 * absent: the round is its own issue), timestamp = seconds from the UTC clock when the player sent
 * it, idempotencyKey optional (same key = same round, charged once).
 */
export const addFastBettingRequest = z.object({
  bettingData: z.string().min(2).max(200_000),
  timestamp: z.coerce
    .number({ error: '投资类型校验错误' })
    .int('投资类型校验错误')
    .positive('投资类型校验错误'),
  idempotencyKey: z
    .string()
    .regex(/^[\w-]{8,64}$/, 'idempotencyKey须为8-64位字母、数字、-或_')
    .optional(),
});

/** The fast-bet result (spec §3): state 1 = not winning, 2 = winning. */
export const fastBetResult = z.object({
  orderId: z.string(),
  recordCode: z.string(),
  lotteryCode: z.string(),
  /** The round's own issue id: F<seedId>-<nonce> (docs/fairness.md). */
  issue: z.string(),
  betMoney: z.string(),
  winMoney: z.string(),
  /** Immediate rebate (501) credited with the round. */
  rebateMoney: z.string(),
  openNum: z.string(),
  /** 1 not winning, 2 winning (spec: 1 = not winning). */
  state: z.union([z.literal(1), z.literal(2)]),
  createdTime: z.number(),
  balance: z.string(),
  /** What makes the round verifiable: the committed hash, the client seed and the nonce used. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  replayed: z.boolean(),
});
export type FastBetResult = z.infer<typeof fastBetResult>;

/** GET fairness/fastSeed: the player's current commitment (created on first read). */
export const fastSeedData = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce of the next round on this seed. */
  nextNonce: z.number().int(),
  /** The last revealed seed (after a rotation), to verify the rounds played on it. */
  previous: z
    .object({
      serverSeed: z.string(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      rounds: z.number().int(),
    })
    .nullable(),
});
export type FastSeedData = z.infer<typeof fastSeedData>;

export const setClientSeedRequest = z.object({ clientSeed });

/** GET fairness/fastRound?orderId= : one of the player's own fast rounds. */
export const fastRoundQuery = z.object({ orderId: z.coerce.number().int().positive('注单不存在') });
export const fastRoundData = z.object({
  orderId: z.string(),
  lotteryCode: z.string(),
  issue: z.string(),
  numbers: z.array(z.string()),
  serverSeedHash: z.string(),
  /** Null until the seed is rotated (revealed). */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type FastRoundData = z.infer<typeof fastRoundData>;

export const FastBetApi = {
  addFastBetting: endpoint({
    method: 'POST',
    path: FastBetPaths.addFastBetting,
    summary:
      'Fast bet: debit 302, draw a private provably fair round, settle it (205/501/204), one transaction',
    request: addFastBettingRequest,
    data: fastBetResult,
    login: true,
  }),
  fastSeed: endpoint({
    method: 'GET',
    path: FastBetPaths.fastSeed,
    summary: "The player's committed instant-round server seed hash, client seed and next nonce",
    data: fastSeedData,
    login: true,
  }),
  setClientSeed: endpoint({
    method: 'POST',
    path: FastBetPaths.setClientSeed,
    summary: "Set the player's client seed for the next instant rounds",
    request: setClientSeedRequest,
    data: fastSeedData,
    login: true,
  }),
  rotateSeed: endpoint({
    method: 'POST',
    path: FastBetPaths.rotateSeed,
    summary: 'Reveal the current server seed and commit a new one',
    data: fastSeedData,
    login: true,
  }),
  fastRound: endpoint({
    method: 'GET',
    path: FastBetPaths.fastRound,
    summary: 'One own instant round with what verifies it (the server seed once revealed)',
    request: fastRoundQuery,
    data: fastRoundData,
    login: true,
  }),
};
