// The public surface of the lottery module: what other modules, jobs, realtime and the CLI may use.
export { tenantLotteries } from './catalogue';
export { syncLotteryCatalogue } from './catalogue-sync';
export { allLotteryData } from './service';
