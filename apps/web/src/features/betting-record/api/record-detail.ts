import { Code } from '@lottery/contract/codes';
import { requestEnvelope } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/envelope';

/**
 * A record's detail (betting/getBetDetail, getChaseDetail ?id=). A failure comes back to the
 * caller, which shows its msg and goes back (spec §8).
 */
export async function getRecordDetail<T>(path: string, id: string, signal?: AbortSignal): Promise<T> {
  const envelope = await requestEnvelope<T>(path, { query: { id }, signal, passCodes: [-2, -500] });
  if (envelope.code !== Code.OK || !envelope.data) {
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  }
  return envelope.data;
}
