import type { BettingApi } from '@lottery/contract/betting';
import { BET_PASS_CODES } from '@lottery/contract/codes';
import { BettingPaths } from '@lottery/contract/paths';
import { callEnvelope } from '../../../shared/api/call';

/**
 * betting/addBetting by its path and type only (the play page sends it: no zod in its first load).
 * first-screen-endpoints.test.ts holds it equal to the contract's.
 */
export const AddBettingEndpoint: typeof BettingApi.addBetting = {
  method: 'POST',
  path: BettingPaths.addBetting,
  summary: 'Place a bet: basket lines on the issue on sale; debits the ledger (302)',
  login: true,
};

/**
 * POST betting/addBetting (form: bettingData = JSON of the lines, idempotencyKey). Every business
 * code comes back to the caller: the bet flow answers them as spec/betting.md §8 says.
 */
export const addBetting = (bettingData: unknown[], idempotencyKey: string) =>
  callEnvelope(
    AddBettingEndpoint,
    { bettingData: JSON.stringify(bettingData), idempotencyKey },
    { passCodes: BET_PASS_CODES },
  );
