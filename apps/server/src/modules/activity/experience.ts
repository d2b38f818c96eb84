import type { UserExperienceData } from '@lottery/contract/account';
import { VIP_GRADE_NAMES } from '@lottery/contract/activity';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import type { Db } from '../../db/client';
import { type Player, userUpGradeBonus } from './service';

/**
 * users/userExperienceData: the user centre's VIP figures, read from the same standing as
 * activity/getUserUpGradeBonus (docs/vip.md: growth = settled turnover + deposits), so the two
 * can never disagree. "Experience" is the spec-side name of growth. Money stays exact: the
 * standing's decimal strings are parsed back to minor units for the difference.
 */
export async function userExperience(db: Db, player: Player): Promise<UserExperienceData> {
  const s = await userUpGradeBonus(db, player);
  const growthMinor = parseMoney(s.growth, 4);
  const nextMinor = s.nextGrowth === null ? null : parseMoney(s.nextGrowth, 4);
  const need = nextMinor === null ? null : nextMinor > growthMinor ? nextMinor - growthMinor : 0n;
  return {
    grade: s.userGrade,
    gradeName: s.gradeName,
    experience: s.growth,
    turnover: s.turnover,
    deposit: s.deposit,
    nextGrade: s.nextGrade,
    nextGradeName: s.nextGrade === null ? null : (VIP_GRADE_NAMES[s.nextGrade] ?? null),
    nextExperience: s.nextGrowth,
    needExperience: need === null ? null : formatMoney(need),
    progress: s.progress,
    claimableAmount: s.claimableAmount,
  };
}
