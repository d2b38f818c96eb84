import { BettingPaths } from '@lottery/contract/paths';
import { requestEnvelope } from '../../../shared/api/client';

/** POST betting/cancelBetting {orderId}: code 1 shows msg; -41 keeps 正在撤单... (passed through). */
export const cancelBetting = (orderId: string) =>
  requestEnvelope<{ balance: string }>(BettingPaths.cancelBetting, { form: { orderId }, passCodes: [-2] });
