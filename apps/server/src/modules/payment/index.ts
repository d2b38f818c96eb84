// The public surface of the payment module: what other modules, jobs, realtime and the CLI may use.

export { signCallback } from './callback-signature';
export type { DepositStatus } from './deposits';
export { completeDeposit, createDeposit, findDeposit, listDeposits, rejectDeposit } from './deposits';
export { ensureWalletDefaults, paymentChannel } from './settings';
export type { WithdrawStatus } from './withdrawals';
export { approveWithdraw, listWithdraws, rejectWithdraw, requestWithdraw } from './withdrawals';
