import { Code } from '@lottery/contract/codes';
import type { FastRoundData, FastSeedData } from '@lottery/contract/fast-bet';
import { FastBetPaths } from '@lottery/contract/paths';
import { requestEnvelope } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/envelope';

/** Instant rounds (连续开奖) fairness calls; business refusals come back to the page. */
async function call<T>(path: string, options: Parameters<typeof requestEnvelope>[1]): Promise<T> {
  const envelope = await requestEnvelope<T>(path, { ...options, passCodes: [-2] });
  if (envelope.code !== Code.OK || !envelope.data)
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  return envelope.data;
}

/** GET fairness/fastSeed: the committed server seed hash, client seed, next nonce, last revealed seed. */
export const getFastSeed = () => call<FastSeedData>(FastBetPaths.fastSeed, {});

/** POST fairness/fastSeed/client: the client seed of the next rounds. */
export const setClientSeed = (clientSeed: string) =>
  call<FastSeedData>(FastBetPaths.setClientSeed, { method: 'POST', form: { clientSeed } });

/** POST fairness/fastSeed/rotate: reveals the current server seed and commits a new one. */
export const rotateFastSeed = () => call<FastSeedData>(FastBetPaths.rotateSeed, { method: 'POST', form: {} });

/** GET fairness/fastRound?orderId=: one own round with its seeds (server seed once revealed). */
export const getFastRound = (orderId: string) =>
  call<FastRoundData>(FastBetPaths.fastRound, { query: { orderId } });
