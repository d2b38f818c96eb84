import { ChaseApi } from '@lottery/contract/chase';
import { callEnvelope } from '../../../shared/api/call';

/**
 * POST betting/cancelAutoChaseBetting {chaseId}: the orders not yet closed are refunded (203). The
 * caller reads the envelope (its msg on success).
 */
export const cancelChase = (chaseId: string) =>
  callEnvelope(ChaseApi.cancelAutoChaseBetting, { chaseId }, { passCodes: [-2] });
