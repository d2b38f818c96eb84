import { buildChain, newChainSeed } from '@lottery/rules/fair';
import type { LotteryDef } from '@lottery/rules/lotteries';
import type { IssueTimes } from '@lottery/rules/schedule';
import { issuesPerDay, issueTimes } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { type Executor, queryOne } from '../../db/sql';

/**
 * Hash chains (docs/fairness.md): one per house-drawn lottery per business day. Its length is the
 * number of issues of that day (1 for a once-a-day draw); issue k of the day (its sequence) is drawn
 * from s_k and s_0, the head, is published when the chain is created, before the first issue starts.
 */

export interface ChainRow {
  id: number;
  lotteryCode: string;
  businessDate: string;
  length: number;
  seedSecret: string;
  head: string;
  firstIssueStartMs: number;
  publishedAt: number;
}

/** Length of the chain and position k of an issue in it. */
export function chainPosition(lottery: LotteryDef, times: IssueTimes): { length: number; k: number } {
  return lottery.schedule.kind === 'interval'
    ? { length: issuesPerDay(lottery.schedule), k: times.seq }
    : { length: 1, k: 1 };
}

/** Start of the first issue of the chain covering `times`. */
function firstIssueStartMs(lottery: LotteryDef, times: IssueTimes): number {
  if (lottery.schedule.kind !== 'interval') return times.startMs;
  const first = issueTimes(lottery, firstIssueOfDay(lottery, times));
  return first?.startMs ?? times.startMs;
}

function firstIssueOfDay(lottery: LotteryDef, times: IssueTimes): string {
  // Walk back by sequence: issue numbers of seq 1 are derived by the rules from the same day.
  if (lottery.issueFormat.kind === 'dateSeq') {
    return `${times.businessDate.replaceAll('-', '')}${'1'.padStart(lottery.issueFormat.seqDigits, '0')}`;
  }
  if (lottery.issueFormat.kind === 'serial') return String(Number(times.issue) - (times.seq - 1));
  return times.issue;
}

type Row = {
  id: string;
  lottery_code: string;
  business_date: string;
  length: number;
  seed_secret: string;
  head: string;
  first_issue_start_ms: string;
  published_at: string;
};

const toChain = (r: Row): ChainRow => ({
  id: Number(r.id),
  lotteryCode: r.lottery_code,
  businessDate: r.business_date,
  length: Number(r.length),
  seedSecret: r.seed_secret,
  head: r.head,
  firstIssueStartMs: Number(r.first_issue_start_ms),
  publishedAt: Number(r.published_at),
});

const COLUMNS = sql`id::text, lottery_code, business_date, length, seed_secret, head,
  first_issue_start_ms::text, published_at::text`;

export async function findChain(
  db: Executor,
  lotteryCode: string,
  businessDate: string,
): Promise<ChainRow | undefined> {
  const row = await queryOne<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM draw_chain WHERE lottery_code = ${lotteryCode} AND business_date = ${businessDate}`,
  );
  return row && toChain(row);
}

export async function findChainById(db: Executor, id: number): Promise<ChainRow | undefined> {
  const row = await queryOne<Row>(db, sql`SELECT ${COLUMNS} FROM draw_chain WHERE id = ${id}`);
  return row && toChain(row);
}

/**
 * The chain of the business day of `times`, created (fresh CSPRNG seed) when missing. Concurrent
 * creators agree on one row: the first insert wins, the others read it.
 */
export async function ensureChain(
  db: Executor,
  lottery: LotteryDef,
  times: IssueTimes,
  nowMs: number,
): Promise<ChainRow> {
  const existing = await findChain(db, lottery.code, times.businessDate);
  if (existing) return existing;
  const { length } = chainPosition(lottery, times);
  const seed = newChainSeed();
  const head = buildChain(seed, length)[0]!;
  await db.execute(
    sql`INSERT INTO draw_chain (lottery_code, business_date, length, seed_secret, head, first_issue_start_ms, published_at)
        VALUES (${lottery.code}, ${times.businessDate}, ${length}, ${seed}, ${head},
                ${firstIssueStartMs(lottery, times)}, ${nowMs})
        ON CONFLICT (lottery_code, business_date) DO NOTHING`,
  );
  const row = await findChain(db, lottery.code, times.businessDate);
  if (!row) throw new Error(`chain ${lottery.code} ${times.businessDate} vanished`);
  return row;
}

// Whole chains are cheap to rebuild (≤ 1440 hashes) but drawing walks them issue after issue.
const chainCache = new Map<number, string[]>();
const CHAIN_CACHE_MAX = 64;

/** s_k of a chain (s_0 = head). */
export function chainSecret(chain: ChainRow, k: number): string {
  if (!Number.isInteger(k) || k < 0 || k > chain.length)
    throw new RangeError(`k ${k} outside chain 0..${chain.length}`);
  let secrets = chainCache.get(chain.id);
  if (!secrets) {
    secrets = buildChain(chain.seedSecret, chain.length);
    if (secrets[0] !== chain.head)
      throw new Error(`chain ${chain.id}: seed does not give the published head`);
    if (chainCache.size >= CHAIN_CACHE_MAX) chainCache.delete(chainCache.keys().next().value!);
    chainCache.set(chain.id, secrets);
  }
  return secrets[k]!;
}
