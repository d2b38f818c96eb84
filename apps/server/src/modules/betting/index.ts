// The public surface of the betting module: what other modules, jobs, realtime and the CLI may use.
export { ensureAccounts } from './accounts';
export { betRebate } from './rebates';
export { linePayout, settleIssue, settlementDraw } from './settler';
