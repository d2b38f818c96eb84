import { Code } from '@lottery/contract/codes';
import { GamePaths, type GameRoundData } from '@lottery/contract/games';
import { requestEnvelope } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/envelope';

/** game/getGameRound: a settled table-game round's published values (no login). Errors go to the page. */
export async function getGameRound(gameCode: string, roundId: string): Promise<GameRoundData> {
  const envelope = await requestEnvelope<GameRoundData>(GamePaths.getGameRound, {
    query: { gameCode, roundId },
    passCodes: [-2],
  });
  if (envelope.code !== Code.OK || !envelope.data)
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  return envelope.data;
}
