import { BettingApi } from '@lottery/contract/betting';
import { Codes } from '@lottery/contract/codes';
import { callEnvelope } from '../../../shared/api/call';

/** Business codes the long-dragon footer answers itself (spec/betting.md §8). */
const PASS_CODES = [
  Codes.INVALID_PARAM.code,
  Codes.REBATE_CHANGED.code,
  Codes.ACCOUNT_ABNORMAL.code,
  Codes.BET_IN_PROGRESS.code,
  Codes.INSUFFICIENT_BALANCE.code,
  Codes.SERVER_ERROR.code,
  Codes.NOT_FOUND.code,
] as const;

/** POST betting/addBetting (form: bettingData = JSON of the lines, idempotencyKey). */
export const addBetting = (lines: unknown[], idempotencyKey: string) =>
  callEnvelope(
    BettingApi.addBetting,
    { bettingData: JSON.stringify(lines), idempotencyKey },
    { passCodes: PASS_CODES },
  );
