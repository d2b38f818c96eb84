// The public surface of the draw module: what other modules, jobs, realtime and the CLI may use.
export { ensureChain } from './chain';
export { drawChainIssue, enterOfficialResult } from './drawer';
export { readCursor, recentDraws, unsettledDraws } from './repo';
