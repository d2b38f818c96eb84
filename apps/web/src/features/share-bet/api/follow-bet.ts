import type { AddBettingData } from '@lottery/contract/betting';
import { Codes } from '@lottery/contract/codes';
import { BettingPaths, DrawPaths } from '@lottery/contract/paths';
import { request, requestEnvelope } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/api/envelope';
import type { FollowWireLine } from '../model/share';

/** GET chat/getNowIssue?lotteryCode=&issueNum=1: the issue on sale now. */
export const getNowIssue = (lotteryCode: string) =>
  request<string>(DrawPaths.nowIssue, { query: { lotteryCode, issueNum: 1 } });

/** POST betting/addBetting: a real bet, every business code handed back to the follow dialog. */
export function addFollowBet(
  lines: FollowWireLine[],
  idempotencyKey: string,
): Promise<Envelope<AddBettingData>> {
  return requestEnvelope<AddBettingData>(BettingPaths.addBetting, {
    form: { bettingData: JSON.stringify(lines), idempotencyKey },
    passCodes: [
      Codes.INVALID_PARAM.code,
      Codes.REBATE_CHANGED.code,
      Codes.ACCOUNT_ABNORMAL.code,
      Codes.BET_IN_PROGRESS.code,
      Codes.INSUFFICIENT_BALANCE.code,
      Codes.SERVER_ERROR.code,
      Codes.NOT_FOUND.code,
    ],
  });
}
