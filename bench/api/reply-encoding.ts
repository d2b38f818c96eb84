/**
 * Reply encoding (issue 18): what checking and serialising one code-1 reply by its response schema
 * costs, the library's way (zod `encode`, as fastify-type-provider-zod's serializer does) against
 * ours (a forward parse, http/compilers.ts), on real replies of the app, in one run. Each figure
 * is the median of 5 batches of 20,000 replies, CPU time on one core (no I/O).
 *
 *   npx tsx bench/api/reply-encoding.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DrawApi } from '@lottery/contract/draw';
import type { Endpoint } from '@lottery/contract/endpoint';
import { successEnvelope } from '@lottery/contract/endpoint';
import { LotteryApi, SiteApi } from '@lottery/contract/site';
import { z } from 'zod';
import { build } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';

const BATCH = 20_000;
const CALLS: { endpoint: Endpoint; url: string }[] = [
  { endpoint: SiteApi.getServerTimeMillisecond, url: '/v1/betting/getServerTimeMillisecond' },
  { endpoint: DrawApi.nextIssueOpenData, url: '/v1/betting/nextIssueOpenData?lotteryCode=1401' },
  { endpoint: SiteApi.getTenantConfig, url: '/v1/management/tenant/getTenantConfig' },
  { endpoint: LotteryApi.getAllLotteryDataFront, url: '/v1/management/content/getAllLotteryDataFront' },
];

/** Microseconds per reply: the median of 5 batches. */
function perReply(work: () => unknown): number {
  const batches: number[] = [];
  for (let b = 0; b < 6; b++) {
    const start = process.cpuUsage();
    for (let i = 0; i < BATCH; i++) work();
    const used = process.cpuUsage(start);
    if (b > 0) batches.push((used.user + used.system) / BATCH); // the first batch warms up
  }
  return batches.sort((a, c) => a - c)[2]!;
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-encoding-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  TENANT_CODE: 'demo',
  DATA_DIR: dataDir,
  WEB_DIST: '/nonexistent',
});
const app = await build({ config, logLevel: 'warn' });
try {
  console.log('| call | reply bytes | zod encode (µs) | forward parse (µs) | JSON.stringify alone (µs) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const { endpoint, url } of CALLS) {
    const reply = (await app.inject({ url })).json();
    const schema = successEnvelope(endpoint.data);
    const encode = perReply(() => JSON.stringify(z.encode(schema, reply)));
    const parse = perReply(() => JSON.stringify(schema.parse(reply)));
    const plain = perReply(() => JSON.stringify(reply));
    const bytes = Buffer.byteLength(JSON.stringify(reply));
    console.log(
      `| \`${endpoint.path}\` | ${bytes} | ${encode.toFixed(2)} | ${parse.toFixed(2)} | ${plain.toFixed(2)} |`,
    );
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
