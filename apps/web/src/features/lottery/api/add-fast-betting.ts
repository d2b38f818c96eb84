import { BET_PASS_CODES } from '@lottery/contract/codes';
import type { FastBetApi } from '@lottery/contract/fast-bet';
import { FastBetPaths } from '@lottery/contract/paths';
import { callEnvelope } from '../../../shared/api/call';

/**
 * betting/addFastBetting by its path and type only (sent from the play page: no zod in its first
 * load). first-screen-endpoints.test.ts holds it equal to the contract's.
 */
export const AddFastBettingEndpoint: typeof FastBetApi.addFastBetting = {
  method: 'POST',
  path: FastBetPaths.addFastBetting,
  summary:
    'Fast bet: debit 302, draw a private provably fair round, settle it (205/501/204), one transaction',
  login: true,
};

/**
 * POST betting/addFastBetting (form: bettingData with an empty issue, timestamp in seconds from the
 * server-corrected UTC clock, idempotencyKey). One instant round: drawn, settled and paid at once.
 */
export const addFastBetting = (bettingData: unknown[], timestampSec: number, idempotencyKey: string) =>
  callEnvelope(
    AddFastBettingEndpoint,
    { bettingData: JSON.stringify(bettingData), timestamp: timestampSec, idempotencyKey },
    { passCodes: BET_PASS_CODES },
  );
