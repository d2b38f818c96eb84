// The public surface of the redenvelope module: what other modules, jobs, realtime and the CLI may use.
export { Envelopes } from './service';
export { luckySplit } from './split';
