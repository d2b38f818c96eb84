/**
 * Wallet bench: debits per second through `postTransfer` against PostgreSQL with 1, 10 and 1000
 * distinct player accounts, then a pgbench TPC-B run on the same database for the ratio.
 * Writes the figures to docs/bench.md, section "wallet" (other sections are kept).
 *
 *   npx tsx bench/wallet/debits.ts            # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench
 *   BENCH_SECONDS=10 BENCH_CLIENTS=8 npx tsx bench/wallet/debits.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { formatMoney, yuan } from '@lottery/contract/money';
import pg from 'pg';
import {
  auditLedger,
  HOUSE_SHARDS,
  houseAccount,
  playerAccount,
  postTransfer,
} from '../../apps/server/src/modules/wallet/index';
import { ledgerFixture } from '../../apps/server/src/modules/wallet/testing';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const ACCOUNT_COUNTS = [1, 10, 1000];
const DEBIT_MINOR = 100n; // 0.01 yuan

async function ensureDatabase(): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

async function walletRun(accountCount: number): Promise<{ tps: number; debits: number; refused: number }> {
  const fx = await ledgerFixture({ url, poolSize: clients });
  try {
    const db = fx.database.db;
    const userIds = await fx.addUsers(accountCount);
    const players: { player: number; house: number }[] = [];
    for (const userId of userIds) {
      const player = await playerAccount(db, fx.tenantId, userId);
      const house = await houseAccount(db, fx.tenantId, userId);
      await postTransfer(
        db,
        {
          idempotencyKey: `bench-fund:${userId}`,
          typeCode: 401,
          lines: [
            { accountId: house, amountMinor: -yuan(1_000_000) },
            { accountId: player, amountMinor: yuan(1_000_000) },
          ],
        },
        Date.now(),
      );
      players.push({ player, house });
    }
    let debits = 0;
    let refused = 0;
    let seq = 0;
    const deadline = Date.now() + seconds * 1000;
    const worker = async (w: number) => {
      while (Date.now() < deadline) {
        const n = seq++;
        const { player, house } = players[(n + w) % players.length]!;
        try {
          await postTransfer(
            db,
            {
              idempotencyKey: `bench:${n}`,
              typeCode: 302,
              lines: [
                { accountId: player, amountMinor: -DEBIT_MINOR },
                { accountId: house, amountMinor: DEBIT_MINOR },
              ],
              related: { kind: 'bet', id: String(n) },
            },
            Date.now(),
          );
          debits++;
        } catch {
          refused++;
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, (_, w) => worker(w)));
    const elapsed = (performance.now() - started) / 1000;
    const audit = await auditLedger(db, fx.tenantId);
    if (!audit.ok)
      throw new Error(
        `ledger audit failed after the run: ${JSON.stringify(audit, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`,
      );
    return { tps: debits / elapsed, debits, refused };
  } finally {
    await fx.close();
  }
}

function pgbenchBinary(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort().reverse() : [];
  for (const v of versions) if (existsSync(`${root}/${v}/bin/pgbench`)) return `${root}/${v}/bin/pgbench`;
  return 'pgbench';
}

function pgbenchRun(): { tps: number; version: string } {
  const bin = pgbenchBinary();
  execFileSync(bin, ['-i', '-s', '1', '-q', url], { stdio: 'pipe' });
  const out = execFileSync(bin, ['-c', String(clients), '-j', '2', '-T', String(seconds), '-n', url], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
  if (!tps) throw new Error(`could not read pgbench output:\n${out}`);
  execFileSync(bin, ['-i', '-I', 'd', url], { stdio: 'pipe' });
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  return { tps: Number(tps), version };
}

function writeSection(markdown: string): void {
  const file = fileURLToPath(new URL('../../docs/bench.md', import.meta.url));
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = `## wallet\n\n${markdown.trim()}\n`;
  const pattern = /## wallet\n[\s\S]*?(?=\n## |$)/;
  const next = pattern.test(current)
    ? current.replace(pattern, section)
    : `${current.trimEnd()}\n\n${section}`;
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}

await ensureDatabase();
const rows: string[] = [];
const results: { accounts: number; tps: number; debits: number; refused: number }[] = [];
for (const accounts of ACCOUNT_COUNTS) {
  const r = await walletRun(accounts);
  results.push({ accounts, ...r });
  console.log(
    `wallet debits, ${accounts} account(s): ${r.tps.toFixed(0)}/s (${r.debits} debits, ${r.refused} refused)`,
  );
}
const pgb = pgbenchRun();
console.log(`pgbench TPC-B: ${pgb.tps.toFixed(0)} tps`);
for (const r of results) {
  rows.push(
    `| ${r.accounts} | ${r.tps.toFixed(0)} | ${(r.tps / pgb.tps).toFixed(2)} | ${r.debits} | ${r.refused} |`,
  );
}
writeSection(`
\`npx tsx bench/wallet/debits.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}),
${clients} concurrent clients, ${seconds} s per run, PostgreSQL at \`${new URL(url).host}\` (${pgb.version}).

Each debit is one \`postTransfer\`: a single SQL statement in autocommit that locks the player
and house rows in a fixed order, checks the floor, claims the idempotency key, updates both
balances and writes two entries with balance-after. It is a ${formatMoney(DEBIT_MINOR)}-yuan bet debit (302)
from a player to the player's house shard (the house is ${HOUSE_SHARDS} accounts, so players do not
all queue on one row). With one player account every debit queues on that player's row, like
the single branch row of pgbench at scale 1. The ledger audit (sums zero, balances = entries) is
checked after each run and the run fails if it does not hold.

| player accounts | debits/s | ratio to pgbench | debits | refused |
|---:|---:|---:|---:|---:|
${rows.join('\n')}

pgbench TPC-B (\`pgbench -i -s 1\`, then \`-c ${clients} -j 2 -T ${seconds} -n\`) on the same database: **${pgb.tps.toFixed(0)} tps**.
Goal: at least half of pgbench's TPS.
`);
console.log('docs/bench.md: wallet section written');
