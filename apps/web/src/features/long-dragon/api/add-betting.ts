import { BettingApi } from '@lottery/contract/betting';
import { BET_PASS_CODES } from '@lottery/contract/codes';
import { callEnvelope } from '../../../shared/api/call';

/** POST betting/addBetting (form: bettingData = JSON of the lines, idempotencyKey). */
export const addBetting = (lines: unknown[], idempotencyKey: string) =>
  callEnvelope(
    BettingApi.addBetting,
    { bettingData: JSON.stringify(lines), idempotencyKey },
    { passCodes: BET_PASS_CODES },
  );
