// Fixtures of the wallet module for other modules' tests (imported by *.test.ts only).

export type { LedgerFixture } from './ledger-fixture';
export { ledgerFixture } from './ledger-fixture';
