// The public surface of the wallet module: what other modules, jobs, realtime and the CLI may use.
export {
  AccountCodes,
  accountId,
  balanceOf,
  clearingAccount,
  HOUSE_SHARDS,
  houseAccount,
  playerAccount,
  withdrawEscrowAccount,
} from './accounts';
export { auditLedger } from './audit';
export type { EntryAccount, EntryFilter, EntryRow } from './entries';
export { entryPage, entryTotals } from './entries';
export type { TransferInput } from './ledger';
export { LedgerInvariantError, postTransfer, postTransferIn, postTransferLed } from './ledger';
export { MAX_BATCH_TRANSFERS, postTransferBatchIn } from './ledger-batch';
export { beijingDayStartMs, periodRange } from './period';
