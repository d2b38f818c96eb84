/**
 * The load side of bench/betting/place.ts, in a process of its own (as pgbench is its own
 * process), so the server's event loop measured there does not also parse autocannon's replies.
 * Reads its job from the BENCH_LOAD environment variable (JSON) and sends the result back over
 * the IPC channel of `fork`.
 */
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  connections: number;
  seconds: number;
  cookies: string[];
  bettingData: string;
}

export interface LoadResult {
  accepted: number;
  refused: [string, number][];
  latencyP50: number;
  latencyP99: number;
}

const job = JSON.parse(process.env.BENCH_LOAD ?? '{}') as LoadJob;
let seq = 0;
let accepted = 0;
const refused = new Map<string, number>();
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.seconds,
  requests: [
    {
      method: 'POST',
      setupRequest: (req: Record<string, unknown>) => {
        seq++;
        return {
          ...req,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            cookie: job.cookies[seq % job.cookies.length],
          },
          // a new bet each time: its own idempotency key
          body: new URLSearchParams({
            bettingData: job.bettingData,
            idempotencyKey: `bench-${seq}-${process.pid}`,
          }).toString(),
        };
      },
      onResponse: (_status: number, body: string) => {
        const { code, msg } = JSON.parse(body) as { code: number; msg: string };
        if (code === 1) accepted++;
        else refused.set(`${code} ${msg}`, (refused.get(`${code} ${msg}`) ?? 0) + 1);
      },
    },
  ],
});
const answer: LoadResult = {
  accepted,
  refused: [...refused],
  latencyP50: result.latency.p50,
  latencyP99: result.latency.p99,
};
process.send!(answer);
process.disconnect();
