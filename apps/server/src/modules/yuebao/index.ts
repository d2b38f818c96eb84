// The public surface of the yuebao module: what the scheduler, the CLI, the seed, app.ts and the
// console's players desk (a player's pledge orders) may use.

export { pledgeAccount, savingsAccount, YuebaoAccountCodes } from './accounts';
export type { DayResult } from './accrual';
export { accrueDay, runAccrual } from './accrual';
export { runYuebaoDaily } from './daily';
export { beijingDay, dailyInterest, dayLabel, dayStartMs } from './interest';
export { runMaturity } from './pledge';
export type { ActivityRow, OrderRow, ProductRow, YuebaoConfig } from './repo';
export {
  activities,
  deleteActivity,
  findConfig,
  insertActivity,
  lastAccruedDay,
  pledgeOrdersBefore,
  products,
  recordDayLow,
  setProductEnabled,
  upsertConfig,
  upsertProduct,
} from './repo';

export { yuebaoEnabledOn } from './service';
