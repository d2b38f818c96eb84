import { BettingApi } from '@lottery/contract/betting';
import { BET_PASS_CODES } from '@lottery/contract/codes';
import { DrawApi } from '@lottery/contract/draw';
import { call, callEnvelope } from '../../../shared/api/call';
import type { FollowWireLine } from '../model/share';

/** GET chat/getNowIssue?lotteryCode=&issueNum=1: the issue on sale now. */
export const getNowIssue = (lotteryCode: string) => call(DrawApi.nowIssue, { lotteryCode, issueNum: 1 });

/** POST betting/addBetting: a real bet, every business code handed back to the follow dialog. */
export const addFollowBet = (lines: FollowWireLine[], idempotencyKey: string) =>
  callEnvelope(
    BettingApi.addBetting,
    { bettingData: JSON.stringify(lines), idempotencyKey },
    {
      passCodes: BET_PASS_CODES,
    },
  );
