// The public surface of the agent module: what other modules, jobs and the CLI may use.
export { depthBelow } from './repo';
export { runReportDaily as runAgentReportDaily } from './report-daily';
export { rebateTenthsForType, type TypeRebate } from './type-rebate';
