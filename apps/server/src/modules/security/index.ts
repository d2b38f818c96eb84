// The public surface of the security module: what other modules, jobs, realtime and the CLI may use.

export { BANKS, bankOfCard, maskAccountNo } from './banks';
export { readOutbox } from './outbox';
export type { PayoutAccount } from './payout-accounts';
export {
  addBankCard,
  addDigitalAddress,
  addWalletAccount,
  boundRealName,
  findPayoutAccount,
  listPayoutAccounts,
  removeBankCard,
  updateBankCard,
  updateDigitalAddress,
  updateWalletAccount,
} from './payout-accounts';
export {
  ensureSecurityRow,
  hasSafetyPassword,
  setSafetyPassword,
  verifySafetyPassword,
} from './safety-password';
export { encryptSafetyPassword } from './safety-password-cipher-client';
export { issueResetToken, RESET_TOKEN_TTL_MS } from './service';
