import type { AddChaseBettingData, ChaseBettingData } from '@lottery/contract/chase';
import { ChasePaths } from '@lottery/contract/paths';
import { requestEnvelope } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/api/envelope';
import { BET_PASS_CODES } from './add-betting';

/**
 * POST betting/addChaseBetting (form: chaseBettingData = JSON of the chase, idempotencyKey). Every
 * business code comes back to the caller, as for a bet; 最多可追号N期 carries data.maxChaseCount.
 */
export function addChaseBetting(
  chase: ChaseBettingData,
  idempotencyKey: string,
): Promise<Envelope<AddChaseBettingData | { maxChaseCount: number }>> {
  return requestEnvelope<AddChaseBettingData | { maxChaseCount: number }>(ChasePaths.addChaseBetting, {
    form: { chaseBettingData: JSON.stringify(chase), idempotencyKey },
    passCodes: BET_PASS_CODES,
  });
}
