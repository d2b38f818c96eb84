import type { ActivityKind } from '@lottery/contract/activity';
import type { Executor } from '../../db/sql';
import { plainTitle, sanitizeContentHtml } from '../content/index';
import { luckySplit } from '../redenvelope/index';
import { insertActivity, insertPool, type RateRow, replaceRewardRates } from './centre-repo';

/**
 * What the operator commands and the demo seed use to set up activities and activity red
 * envelopes (docs/activities.md). The HTML is sanitised before it is stored.
 */

export interface NewActivity {
  title: string;
  summary: string;
  imageUrl: string;
  html: string;
  kind: ActivityKind;
  /** turnover_reward: settled turnover needed during the activity, and the reward. */
  thresholdMinor?: bigint;
  rewardMinor?: bigint;
  turnoverPercent?: number;
  minGrade?: number;
  startAt: number;
  endAt: number | null;
  sortOrder?: number;
  /** daily_bonus: the tiers. */
  rates?: readonly RateRow[];
}

/** An operator's mistake in an activity or envelope definition. */
export class ActivitySetupError extends Error {
  override readonly name = 'ActivitySetupError';
}

const OUR_IMAGE = /^\/static\/[\w./-]+\.(svg|png|jpe?g|webp)$/;

export async function createActivity(
  db: Executor,
  tenantId: number,
  input: NewActivity,
  nowMs: number,
): Promise<number> {
  const a = { ...input, title: plainTitle(input.title), summary: plainTitle(input.summary) };
  if (!a.title || a.title.length > 60) throw new ActivitySetupError('title must be 1-60 characters');
  if (!OUR_IMAGE.test(a.imageUrl)) throw new ActivitySetupError('image must be a /static/ path of ours');
  if (a.endAt !== null && a.endAt <= a.startAt) throw new ActivitySetupError('end must be after start');
  const minGrade = a.minGrade ?? 1;
  if (!Number.isInteger(minGrade) || minGrade < 1 || minGrade > 10)
    throw new ActivitySetupError('grade must be 1-10');
  if (a.kind === 'turnover_reward' && !((a.thresholdMinor ?? 0n) > 0n && (a.rewardMinor ?? 0n) > 0n))
    throw new ActivitySetupError('a turnover reward needs a threshold and a reward above 0');
  if (a.kind === 'daily_bonus') {
    const rates = a.rates ?? [];
    if (rates.length === 0) throw new ActivitySetupError('a daily bonus needs at least one tier');
    for (const r of rates)
      if (r.minTurnoverMinor <= 0n || !Number.isInteger(r.rateBp) || r.rateBp < 1 || r.rateBp > 10_000)
        throw new ActivitySetupError('a tier needs a turnover above 0 and a rate of 0.01%-100%');
  }
  const id = await insertActivity(db, tenantId, {
    title: a.title.trim(),
    summary: a.summary.trim(),
    imageUrl: a.imageUrl,
    content: sanitizeContentHtml(a.html),
    kind: a.kind,
    thresholdMinor: a.thresholdMinor ?? 0n,
    rewardMinor: a.rewardMinor ?? 0n,
    turnoverPercent: a.turnoverPercent ?? 100,
    minGrade,
    startAt: a.startAt,
    endAt: a.endAt,
    sortOrder: a.sortOrder ?? 0,
    nowMs,
  });
  if (a.kind === 'daily_bonus') await replaceRewardRates(db, id, a.rates ?? []);
  return id;
}

export interface NewEnvelope {
  title: string;
  remark: string;
  totalMinor: bigint;
  count: number;
  minGrade?: number;
  turnoverPercent?: number;
  startAt: number;
  endAt: number;
}

/** Creates the envelope with its shares drawn now (lucky split, whole cents, summing to the total). */
export async function createEnvelope(
  db: Executor,
  tenantId: number,
  input: NewEnvelope,
  nowMs: number,
): Promise<number> {
  const e = { ...input, title: plainTitle(input.title), remark: plainTitle(input.remark) };
  if (!e.title || e.title.length > 30) throw new ActivitySetupError('title must be 1-30 characters');
  if (!Number.isInteger(e.count) || e.count < 1 || e.count > 100_000)
    throw new ActivitySetupError('count must be 1-100000');
  if (e.totalMinor % 100n !== 0n || e.totalMinor < BigInt(e.count) * 100n)
    throw new ActivitySetupError('total must be whole cents, at least 0.01 yuan per share');
  if (e.endAt <= e.startAt) throw new ActivitySetupError('end must be after start');
  const minGrade = e.minGrade ?? 1;
  if (!Number.isInteger(minGrade) || minGrade < 1 || minGrade > 10)
    throw new ActivitySetupError('grade must be 1-10');
  return insertPool(db, tenantId, {
    title: e.title.trim(),
    remark: e.remark.trim().slice(0, 40),
    shares: luckySplit(e.totalMinor, e.count),
    minGrade,
    turnoverPercent: e.turnoverPercent ?? 100,
    startAt: e.startAt,
    endAt: e.endAt,
    nowMs,
  });
}
