import { execFile, execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, type Database } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';

/** Shared by bench/betting/*.ts: a fresh PostgreSQL schema and the docs/bench.md writer. */

export const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

function pgbenchBinary(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort().reverse() : [];
  for (const v of versions) if (existsSync(`${root}/${v}/bin/pgbench`)) return `${root}/${v}/bin/pgbench`;
  return 'pgbench';
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(BENCH_URL), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export interface PgbenchResult {
  tps: number;
  version: string;
  command: string;
  /** CPU ms per transaction: pgbench's own process plus its PostgreSQL backends. */
  cpuMsPerTx: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU ms (user + system) a process has used so far, from /proc; 0 when it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    // fields after the parenthesised command name: state is field 3, utime 14, stime 15
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Pids of the PostgreSQL backends serving `application_name` (or database) sessions now. */
export async function backendPids(filter: {
  applicationName?: string;
  database?: string;
}): Promise<number[]> {
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(BENCH_URL), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    const rows = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend'
         AND ($1::text IS NULL OR application_name = $1) AND ($2::text IS NULL OR datname = $2)`,
      [filter.applicationName ?? null, filter.database ?? null],
    );
    return rows.rows.map((r) => r.pid);
  } finally {
    await admin.end();
  }
}

/**
 * pgbench TPC-B on a private database (`bench_pgbench`, created and dropped here) of the same
 * server, so a figure is always compared with the server's capacity in the same minute. Its CPU
 * (the pgbench process and its backends, sampled every 200 ms since backends exit with the run,
 * so a little is missed at the end) is what one transaction costs the machine.
 */
export async function pgbenchTpcb(clients: number, seconds: number): Promise<PgbenchResult> {
  const bin = pgbenchBinary();
  const url = Object.assign(new URL(BENCH_URL), { pathname: '/bench_pgbench' }).toString();
  await adminQuery('DROP DATABASE IF EXISTS bench_pgbench');
  await adminQuery('CREATE DATABASE bench_pgbench');
  try {
    execFileSync(bin, ['-i', '-s', '1', '-q', url], { stdio: 'pipe' });
    const args = ['-c', String(clients), '-j', '2', '-T', String(seconds), '-n', url];
    const child = execFile(bin, args, { encoding: 'utf8' });
    const done = new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: string) => {
        out += d;
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench exited ${code}`))));
    });
    const cpuByPid = new Map<number, number>();
    const sample = async () => {
      const pids = [child.pid!, ...(await backendPids({ database: 'bench_pgbench' }))];
      for (const pid of pids) cpuByPid.set(pid, Math.max(cpuByPid.get(pid) ?? 0, cpuMsOf(pid)));
    };
    let finished = false;
    const out = done.finally(() => {
      finished = true;
    });
    while (!finished) {
      await sample();
      await new Promise((r) => setTimeout(r, 200));
    }
    const text = await out;
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(text)?.[1];
    const processed = /number of transactions actually processed: (\d+)/.exec(text)?.[1];
    if (!tps || !processed) throw new Error(`could not read pgbench output:\n${text}`);
    const cpuMs = [...cpuByPid.values()].reduce((a, b) => a + b, 0);
    const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
    return {
      tps: Number(tps),
      version,
      command: `pgbench -i -s 1; pgbench ${args.slice(0, -1).join(' ')}`,
      cpuMsPerTx: cpuMs / Number(processed),
    };
  } finally {
    await adminQuery('DROP DATABASE IF EXISTS bench_pgbench');
  }
}

/** A migrated schema of its own on the bench database; `drop` removes it. */
export async function benchSchema(
  poolSize: number,
): Promise<{ database: Database; schema: string; drop: () => Promise<void> }> {
  await ensureDatabase(BENCH_URL);
  const schema = `bench_betting_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await createDb({ url: BENCH_URL, poolSize, searchPath: schema });
  await migrate(database);
  return {
    database,
    schema,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: BENCH_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** Replaces (or appends) `### {key}` inside the `## betting` section of docs/bench.md. */
export function writeBettingBlock(key: string, markdown: string): void {
  const file = fileURLToPath(new URL('../../docs/bench.md', import.meta.url));
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const sectionPattern = /## betting\n[\s\S]*?(?=\n## |$)/;
  if (!sectionPattern.test(text)) text = `${text.trimEnd()}\n\n## betting\n`;
  const section = sectionPattern.exec(text)![0];
  const block = `### ${key}\n\n${markdown.trim()}\n`;
  const blockPattern = new RegExp(`### ${key}\\n[\\s\\S]*?(?=\\n### |$)`);
  const nextSection = blockPattern.test(section)
    ? section.replace(blockPattern, block)
    : `${section.trimEnd()}\n\n${block}`;
  const next = text.replace(sectionPattern, `${nextSection.trimEnd()}\n`);
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}

/**
 * Runs a load script in its own process (as pgbench runs in its own): the job goes in BENCH_LOAD,
 * the result comes back as the child's one message.
 */
export function forkLoad<J, R>(script: URL, job: J): Promise<R> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_LOAD: JSON.stringify(job) },
    });
    let answer: R | undefined;
    child.on('message', (m) => {
      answer = m as R;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      answer ? resolve(answer) : reject(new Error(`load process exited with ${code} and no result`)),
    );
  });
}
