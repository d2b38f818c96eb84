// The public surface of the activity module: what other modules, the seed and the CLI may use.

export type { NewActivity, NewEnvelope } from './centre-admin';
export { ActivitySetupError, createActivity, createEnvelope } from './centre-admin';
export { setActivityEnabled } from './centre-repo';
export type { GradeRuleRow, SignRewardRow } from './repo';
export {
  deleteSignRewardsFrom,
  gradeRules,
  signRewards,
  upsertGradeRule,
  upsertSignReward,
} from './repo';
export type { Player } from './service';
export { dailySignStatus, receiveUpGradeBonus, signToday, upgradeConfig, userUpGradeBonus } from './service';
