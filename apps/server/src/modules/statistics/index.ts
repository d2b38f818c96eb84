// The public surface of the statistics module: what other modules, jobs, realtime and the CLI may use.
export { storeClientEvent } from './repo';
