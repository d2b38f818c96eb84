// The public surface of the audit module: the writer every console action and operator command
// calls in its own transaction, and the reads of the console and of audit-verify.
export { canonicalJson, GENESIS, rowHash } from './chain';
export { type AuditRecord, auditBatches, type ChainCheck, listAudit, verifyChain } from './repo';
export { type AuditEntry, appendAudit } from './writer';
