// The public surface of the payment module: what other modules, jobs, realtime and the CLI may use.

export { signCallback } from './callback-signature';
export type { DepositStatus } from './deposits';
export { completeDeposit, createDeposit, findDeposit, listDeposits, rejectDeposit } from './deposits';
export { attachProofImages, checkProofUpload, proofFileOf, proofImagesOf, proofRootOf } from './proof-images';
export { ensureWalletDefaults, paymentChannel } from './settings';
export { insertTurnoverRequirement, turnoverStatus } from './turnover';
export type { WithdrawStatus } from './withdrawals';
export { approveWithdraw, listWithdraws, rejectWithdraw, requestWithdraw } from './withdrawals';
