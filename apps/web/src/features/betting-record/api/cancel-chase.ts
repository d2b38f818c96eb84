import type { cancelChaseData } from '@lottery/contract/chase';
import { ChasePaths } from '@lottery/contract/paths';
import type { z } from 'zod';
import { requestEnvelope } from '../../../shared/api/client';

export type CancelChaseData = z.infer<typeof cancelChaseData>;

/** POST betting/cancelAutoChaseBetting {chaseId}: the orders not yet closed are refunded (203). */
export const cancelChase = (chaseId: string) =>
  requestEnvelope<CancelChaseData>(ChasePaths.cancelAutoChaseBetting, { form: { chaseId }, passCodes: [-2] });
