import type { AddChaseBettingData, ChaseApi, ChaseBettingData } from '@lottery/contract/chase';
import { BET_PASS_CODES } from '@lottery/contract/codes';
import { ChasePaths } from '@lottery/contract/paths';
import { callEnvelope } from '../../../shared/api/call';
import type { Envelope } from '../../../shared/api/envelope';

/**
 * betting/addChaseBetting by its path and type only (sent from the play page: no zod in its first
 * load). first-screen-endpoints.test.ts holds it equal to the contract's.
 */
export const AddChaseBettingEndpoint: typeof ChaseApi.addChaseBetting = {
  method: 'POST',
  path: ChasePaths.addChaseBetting,
  summary: 'Chase a basket over consecutive issues; every order debited (307) at once',
  login: true,
};

/**
 * POST betting/addChaseBetting (form: chaseBettingData = JSON of the chase, idempotencyKey). Every
 * business code comes back to the caller, as for a bet; 最多可追号N期 carries data.maxChaseCount.
 */
export const addChaseBetting = (
  chase: ChaseBettingData,
  idempotencyKey: string,
): Promise<Envelope<AddChaseBettingData | { maxChaseCount: number }>> =>
  callEnvelope(
    AddChaseBettingEndpoint,
    { chaseBettingData: JSON.stringify(chase), idempotencyKey },
    { passCodes: BET_PASS_CODES },
  );
