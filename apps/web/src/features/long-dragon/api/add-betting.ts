import type { AddBettingData } from '@lottery/contract/betting';
import { Codes } from '@lottery/contract/codes';
import { BettingPaths } from '@lottery/contract/paths';
import { requestEnvelope } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/api/envelope';

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
export function addBetting(lines: unknown[], idempotencyKey: string): Promise<Envelope<AddBettingData>> {
  return requestEnvelope<AddBettingData>(BettingPaths.addBetting, {
    form: { bettingData: JSON.stringify(lines), idempotencyKey },
    passCodes: PASS_CODES,
  });
}
