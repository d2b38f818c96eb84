// The public surface of the betting module: what other modules, jobs, realtime and the CLI may use.
export { ensureAccounts } from './accounts';
export { linePayout, settleIssue, settlementDraw } from './settler';
