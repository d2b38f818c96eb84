import { FastBetApi } from '@lottery/contract/fast-bet';
import { call } from '../../../shared/api/call';

/** Instant rounds (连续开奖) fairness calls; business refusals (-2) come back to the page. */
const toPage = { passCodes: [-2] };

/** GET fairness/fastSeed: the committed server seed hash, client seed, next nonce, last revealed seed. */
export const getFastSeed = () => call(FastBetApi.fastSeed, undefined, toPage);

/** POST fairness/fastSeed/client: the client seed of the next rounds. */
export const setClientSeed = (clientSeed: string) => call(FastBetApi.setClientSeed, { clientSeed }, toPage);

/** POST fairness/fastSeed/rotate: reveals the current server seed and commits a new one. */
export const rotateFastSeed = () => call(FastBetApi.rotateSeed, undefined, toPage);

/** GET fairness/fastRound?orderId=: one own round with its seeds (server seed once revealed). */
export const getFastRound = (orderId: string) => call(FastBetApi.fastRound, { orderId }, toPage);
