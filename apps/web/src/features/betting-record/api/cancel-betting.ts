import { BettingApi } from '@lottery/contract/betting';
import { callEnvelope } from '../../../shared/api/call';

/**
 * POST betting/cancelBetting {orderId}: code 1 shows msg; -41 keeps 正在撤单... (passed through). The
 * caller reads the envelope (its msg on success, the in-progress code).
 */
export const cancelBetting = (orderId: string) =>
  callEnvelope(BettingApi.cancelBetting, { orderId }, { passCodes: [-2] });
