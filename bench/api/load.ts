/**
 * The load side of bench/api/reads.ts, in a process of its own so the server measured does not also
 * run autocannon. Job from BENCH_LOAD (JSON); result back over the IPC channel of `fork`.
 */
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';

export interface ReadLoadJob {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
}

export interface ReadLoadResult {
  /** Mean requests per second over the run. */
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  latencyP50: number;
  latencyP99: number;
}

const job = JSON.parse(process.env.BENCH_LOAD ?? '{}') as ReadLoadJob;
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.seconds,
  headers: job.headers,
});
const answer: ReadLoadResult = {
  rps: result.requests.average,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
  latencyP50: result.latency.p50,
  latencyP99: result.latency.p99,
};
process.send!(answer);
process.disconnect();
