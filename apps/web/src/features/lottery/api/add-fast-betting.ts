import type { FastBetResult } from '@lottery/contract/fast-bet';
import { FastBetPaths } from '@lottery/contract/paths';
import { requestEnvelope } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/api/envelope';
import { BET_PASS_CODES } from './add-betting';

/**
 * POST betting/addFastBetting (form: bettingData with an empty issue, timestamp in seconds from the
 * server-corrected UTC clock, idempotencyKey). One instant round: drawn, settled and paid at once.
 */
export function addFastBetting(
  bettingData: unknown[],
  timestampSec: number,
  idempotencyKey: string,
): Promise<Envelope<FastBetResult>> {
  return requestEnvelope<FastBetResult>(FastBetPaths.addFastBetting, {
    form: { bettingData: JSON.stringify(bettingData), timestamp: timestampSec, idempotencyKey },
    passCodes: BET_PASS_CODES,
  });
}
