import { GameApi, type GameCodeName } from '@lottery/contract/games';
import { call } from '../../../shared/api/call';

/** game/getGameRound: a settled table-game round's published values (no login). Errors (-2) go to the page. */
export const getGameRound = (gameCode: GameCodeName, roundId: string) =>
  call(GameApi.getGameRound, { gameCode, roundId }, { passCodes: [-2] });
