import {
  BEIJING_OFFSET_MS,
  beijingClock,
  beijingDayNumber,
  beijingMidnightMs,
  DAY_MS,
  isoDate,
  pad,
} from './beijing';
import type { LotteryDef, Schedule } from './lotteries';
import { RuleError } from './play';

// The Beijing clock lives in ./beijing; schedule users keep reading it from here.
export {
  BEIJING_OFFSET_MS,
  beijingClock,
  beijingDate,
  beijingDayNumber,
  beijingMidnightMs,
  DAY_MS,
} from './beijing';

/**
 * Issues and their times, derived from a lottery's schedule in Beijing time (UTC+8, no daylight
 * saving) whatever the host's zone: every calculation is on epoch ms with UTC getters only.
 * The clock is never read here; callers pass `nowMs`.
 */

const MINUTE_MS = 60_000;
/** Chase plans at most this many issues (spec §9). */
export const MAX_CHASE_ISSUES = 50;
/** No schedule leaves more than a year between two draws; bounds every search loop. */
const MAX_SEARCH_DAYS = 800;

/** One issue and its times (epoch ms). Sales run from startMs to closeMs; the draw is at drawMs. */
export interface IssueTimes {
  issue: string;
  /** Beijing business date the issue belongs to, 'YYYY-MM-DD'. */
  businessDate: string;
  /** Sequence of the issue within its business date (1-based). */
  seq: number;
  startMs: number;
  closeMs: number;
  /** The draw time, which is also the issue's end time. */
  drawMs: number;
}

/** An entry of today's plan (spec §3 Plan entry): times of day, date stripped. */
export interface PlanEntry {
  issue: string;
  startTime: string;
  endTime: string;
}

function ymd(day: number): { y: number; m: number; d: number } {
  const date = new Date(day * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

function dayOf(y: number, m: number, d: number): number | undefined {
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return undefined;
  return ms / DAY_MS;
}

function compactDate(day: number): string {
  const { y, m, d } = ymd(day);
  return `${y}${pad(m, 2)}${pad(d, 2)}`;
}

/** ISO weekday of a day number: 1 = Monday ... 7 = Sunday. */
function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday
}

function clockOffsetMs(at: string): number {
  const [h, m] = at.split(':').map(Number);
  return (h! * 60 + m!) * MINUTE_MS;
}

/** Issue labels strip a leading year 2019-2025 (spec §9). */
export function issueLabel(issue: string): string {
  const year = Number(issue.slice(0, 4));
  return issue.length > 4 && year >= 2019 && year <= 2025 ? issue.slice(4) : issue;
}

// ---------- interval schedules ----------

type IntervalSchedule = Extract<Schedule, { kind: 'interval' }>;
type DaySchedule = Exclude<Schedule, IntervalSchedule>;

/** Issues per business day of an interval schedule (1440 / 480 / 288 / 144 / 720). */
export function issuesPerDay(schedule: IntervalSchedule): number {
  return 1440 / schedule.minutes;
}

/** Offset from Beijing midnight of the business day's start (0, or 13:05 for 1309). */
function businessDayStartMs(schedule: IntervalSchedule): number {
  return clockOffsetMs(schedule.firstDrawAt) - schedule.minutes * MINUTE_MS;
}

function intervalIssue(
  lottery: LotteryDef,
  schedule: IntervalSchedule,
  day: number,
  seq: number,
): IssueTimes {
  const periodMs = schedule.minutes * MINUTE_MS;
  const startMs = beijingMidnightMs(day) + businessDayStartMs(schedule) + (seq - 1) * periodMs;
  const drawMs = startMs + periodMs;
  return {
    issue: formatIntervalIssue(lottery, schedule, day, seq),
    businessDate: isoDate(day),
    seq,
    startMs,
    closeMs: drawMs - lottery.closeBeforeDrawSec * 1000,
    drawMs,
  };
}

function formatIntervalIssue(
  lottery: LotteryDef,
  schedule: IntervalSchedule,
  day: number,
  seq: number,
): string {
  const format = lottery.issueFormat;
  switch (format.kind) {
    case 'dateSeq':
      return compactDate(day) + pad(seq, format.seqDigits);
    case 'serial': {
      const epoch = parseIsoDate(format.epochDate);
      return String(format.firstIssue + (day - epoch) * issuesPerDay(schedule) + seq - 1);
    }
    default:
      throw new Error(
        `lottery ${lottery.code}: issue format ${format.kind} does not fit an interval schedule`,
      );
  }
}

function parseIsoDate(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const day = match ? dayOf(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
  if (day === undefined) throw new Error(`bad date ${text}`);
  return day;
}

/** The interval issue whose period [start, draw) contains `ms`. */
function intervalIssueContaining(lottery: LotteryDef, schedule: IntervalSchedule, ms: number): IssueTimes {
  const shifted = ms + BEIJING_OFFSET_MS - businessDayStartMs(schedule);
  const day = Math.floor(shifted / DAY_MS);
  const seq = Math.floor((shifted - day * DAY_MS) / (schedule.minutes * MINUTE_MS)) + 1;
  return intervalIssue(lottery, schedule, day, seq);
}

function parseIntervalIssue(
  lottery: LotteryDef,
  schedule: IntervalSchedule,
  issue: string,
): { day: number; seq: number } | undefined {
  const format = lottery.issueFormat;
  const perDay = issuesPerDay(schedule);
  if (format.kind === 'dateSeq') {
    if (!/^\d+$/.test(issue) || issue.length !== 8 + format.seqDigits) return undefined;
    const day = dayOf(Number(issue.slice(0, 4)), Number(issue.slice(4, 6)), Number(issue.slice(6, 8)));
    const seq = Number(issue.slice(8));
    return day !== undefined && seq >= 1 && seq <= perDay ? { day, seq } : undefined;
  }
  if (format.kind === 'serial') {
    if (!/^[1-9]\d*$/.test(issue)) return undefined;
    const index = Number(issue) - format.firstIssue;
    if (!Number.isSafeInteger(index) || index < 0) return undefined;
    return { day: parseIsoDate(format.epochDate) + Math.floor(index / perDay), seq: (index % perDay) + 1 };
  }
  return undefined;
}

// ---------- daily and six-mark schedules ----------

function isOpenDay(schedule: DaySchedule, day: number): boolean {
  if (schedule.kind === 'daily') return !schedule.weekdays || schedule.weekdays.includes(isoWeekday(day));
  const date = isoDate(day);
  if (schedule.closedDates?.includes(date)) return false;
  return schedule.openWeekdays.includes(isoWeekday(day)) || (schedule.extraDates?.includes(date) ?? false);
}

function drawMsOfDay(schedule: DaySchedule, day: number): number {
  return beijingMidnightMs(day) + clockOffsetMs(schedule.at);
}

/** The nearest open day strictly after (step 1) or before (step -1) `day`. */
function stepOpenDay(schedule: DaySchedule, day: number, step: 1 | -1): number {
  for (let i = 1; i <= MAX_SEARCH_DAYS; i++) {
    if (isOpenDay(schedule, day + step * i)) return day + step * i;
  }
  throw new Error('schedule has no open day within the search window');
}

/** Sequence of an open day within its year (1 = the year's first draw). */
function yearSequence(schedule: DaySchedule, day: number): number {
  const first = dayOf(ymd(day).y, 1, 1)!;
  let seq = 0;
  for (let d = first; d <= day; d++) if (isOpenDay(schedule, d)) seq++;
  return seq;
}

function dayIssue(lottery: LotteryDef, schedule: DaySchedule, day: number): IssueTimes {
  const drawMs = drawMsOfDay(schedule, day);
  const seq = lottery.issueFormat.kind === 'yearSeq' ? yearSequence(schedule, day) : 1;
  let issue: string;
  if (lottery.issueFormat.kind === 'yearSeq') issue = `${ymd(day).y}${pad(seq, 3)}`;
  else if (lottery.issueFormat.kind === 'date') issue = compactDate(day);
  else
    throw new Error(
      `lottery ${lottery.code}: issue format ${lottery.issueFormat.kind} needs an interval schedule`,
    );
  return {
    issue,
    businessDate: isoDate(day),
    seq,
    startMs: drawMsOfDay(schedule, stepOpenDay(schedule, day, -1)),
    closeMs: drawMs - lottery.closeBeforeDrawSec * 1000,
    drawMs,
  };
}

/** The first open day whose draw is after `ms`. */
function nextOpenDayAfter(schedule: DaySchedule, ms: number): number {
  const today = beijingDayNumber(ms);
  if (isOpenDay(schedule, today) && drawMsOfDay(schedule, today) > ms) return today;
  return stepOpenDay(schedule, today, 1);
}

function parseDayIssue(lottery: LotteryDef, schedule: DaySchedule, issue: string): number | undefined {
  if (!/^\d+$/.test(issue)) return undefined;
  if (lottery.issueFormat.kind === 'date') {
    if (issue.length !== 8) return undefined;
    const day = dayOf(Number(issue.slice(0, 4)), Number(issue.slice(4, 6)), Number(issue.slice(6, 8)));
    return day !== undefined && isOpenDay(schedule, day) ? day : undefined;
  }
  if (lottery.issueFormat.kind === 'yearSeq') {
    if (issue.length !== 7) return undefined;
    const year = Number(issue.slice(0, 4));
    const wanted = Number(issue.slice(4));
    const first = dayOf(year, 1, 1);
    if (first === undefined || wanted < 1) return undefined;
    let seq = 0;
    for (let d = first; ymd(d).y === year; d++) {
      if (isOpenDay(schedule, d) && ++seq === wanted) return d;
    }
  }
  return undefined;
}

// ---------- public API ----------

/** The issue whose period contains the instant: startMs <= ms < drawMs. */
export function issueContaining(lottery: LotteryDef, ms: number): IssueTimes {
  const { schedule } = lottery;
  if (schedule.kind === 'interval') return intervalIssueContaining(lottery, schedule, ms);
  return dayIssue(lottery, schedule, nextOpenDayAfter(schedule, ms));
}

/**
 * The issue on sale at the instant: the first issue whose sales have not closed (closeMs > ms).
 * Between an issue's close and its draw this is already the following issue.
 */
export function currentIssue(lottery: LotteryDef, ms: number): IssueTimes {
  const containing = issueContaining(lottery, ms);
  return containing.closeMs > ms ? containing : issueAfter(lottery, containing);
}

/** The latest issue drawn at or before the instant (drawMs <= ms). */
export function lastDrawnIssue(lottery: LotteryDef, ms: number): IssueTimes {
  return issueBefore(lottery, issueContaining(lottery, ms));
}

/** Times of a given issue, or undefined when the issue does not exist for the lottery (期号有误). */
export function issueTimes(lottery: LotteryDef, issue: string): IssueTimes | undefined {
  const { schedule } = lottery;
  if (schedule.kind === 'interval') {
    const parsed = parseIntervalIssue(lottery, schedule, issue);
    if (!parsed) return undefined;
    const times = intervalIssue(lottery, schedule, parsed.day, parsed.seq);
    return times.issue === issue ? times : undefined;
  }
  const day = parseDayIssue(lottery, schedule, issue);
  return day === undefined ? undefined : dayIssue(lottery, schedule, day);
}

/** The issue right after `times`. */
export function issueAfter(lottery: LotteryDef, times: IssueTimes): IssueTimes {
  return issueContaining(lottery, times.drawMs);
}

/** The issue right before `times`. */
export function issueBefore(lottery: LotteryDef, times: IssueTimes): IssueTimes {
  return issueContaining(lottery, times.startMs - 1);
}

/**
 * Issues a chase covers, starting with the issue on sale at `ms` (or `startIssue` when given and
 * still on sale). `count` is 1..50; more gives RuleError 最多50期.
 */
export function chaseIssues(
  lottery: LotteryDef,
  ms: number,
  count: number,
  startIssue?: string,
): IssueTimes[] {
  if (!Number.isInteger(count) || count < 1) throw new RuleError('追号期数有误');
  if (count > MAX_CHASE_ISSUES) throw new RuleError(`最多${MAX_CHASE_ISSUES}期`);
  let times = currentIssue(lottery, ms);
  if (startIssue !== undefined && startIssue !== times.issue) {
    const start = issueTimes(lottery, startIssue);
    if (!start || start.closeMs <= ms) throw new RuleError('投注期号错误');
    times = start;
  }
  const out = [times];
  while (out.length < count) out.push(issueAfter(lottery, out[out.length - 1]!));
  return out;
}

/** Whether an issue is in presale (预售中) at `ms`: more than presaleSec left before its close. */
export function isPresale(lottery: LotteryDef, times: IssueTimes, ms: number): boolean {
  return times.closeMs - ms > lottery.presaleSec * 1000;
}

/** Whether a plain (non-chase) bet on `issue` is accepted at `ms`: it must be the issue on sale. */
export function isOnSale(lottery: LotteryDef, issue: string, ms: number): boolean {
  return currentIssue(lottery, ms).issue === issue;
}

/**
 * The plan of the business day containing `ms` (spec §3 Plan entry: issue, startTime, endTime as
 * Beijing times of day). Interval lotteries list every issue of the day; daily lotteries the day's
 * issue (if any) — the next one if today has none.
 */
export function dayPlan(lottery: LotteryDef, ms: number): PlanEntry[] {
  const { schedule } = lottery;
  const entry = (t: IssueTimes): PlanEntry => ({
    issue: t.issue,
    startTime: beijingClock(t.startMs),
    endTime: beijingClock(t.drawMs),
  });
  if (schedule.kind !== 'interval') return [entry(issueContaining(lottery, ms))];
  const first = intervalIssueContaining(lottery, schedule, ms);
  const out: PlanEntry[] = [];
  for (let seq = 1; seq <= issuesPerDay(schedule); seq++) {
    out.push(entry(intervalIssue(lottery, schedule, parseIsoDate(first.businessDate), seq)));
  }
  return out;
}

/** Six-mark month plan (spec §3 LHC plan): open days of this month and the next. */
export interface LhcMonthPlan {
  month: number;
  /** Open days of this month, comma list of day numbers, e.g. '2,4,7'. */
  openDay: string;
  nextMonthOpenDay: string;
  /** Draws of this year before this month: issue of the n-th open day = currMonthBeforeIssue + n. */
  currMonthBeforeIssue: number;
  /** Draw time of day, always '21:30'. */
  openTime: string;
}

export function lhcMonthPlan(lottery: LotteryDef, ms: number): LhcMonthPlan {
  const { schedule } = lottery;
  if (schedule.kind !== 'lhc') throw new Error(`lottery ${lottery.code} is not a six-mark draw`);
  const today = ymd(beijingDayNumber(ms));
  const openDaysOf = (y: number, m: number): number[] => {
    const out: number[] = [];
    for (let d = 1; d <= 31; d++) {
      const day = dayOf(y, m, d);
      if (day !== undefined && isOpenDay(schedule, day)) out.push(d);
    }
    return out;
  };
  let before = 0;
  for (let m = 1; m < today.m; m++) before += openDaysOf(today.y, m).length;
  const next = today.m === 12 ? { y: today.y + 1, m: 1 } : { y: today.y, m: today.m + 1 };
  return {
    month: today.m,
    openDay: openDaysOf(today.y, today.m).join(','),
    nextMonthOpenDay: openDaysOf(next.y, next.m).join(','),
    currMonthBeforeIssue: before,
    openTime: schedule.at,
  };
}

/** Issues drawn in (fromMs, toMs], oldest first, at most `limit`: what a scheduler catches up on start. */
export function issuesDrawnBetween(
  lottery: LotteryDef,
  fromMs: number,
  toMs: number,
  limit = 5000,
): IssueTimes[] {
  const out: IssueTimes[] = [];
  if (toMs <= fromMs) return out;
  let times = issueAfter(lottery, lastDrawnIssue(lottery, fromMs));
  while (times.drawMs <= toMs && out.length < limit) {
    out.push(times);
    times = issueAfter(lottery, times);
  }
  return out;
}

/**
 * Where an issue sits in the provably fair hash chains (docs/rules-fairness.md): interval lotteries
 * use one chain per business day (index = the issue's sequence, length = issues per day); daily and
 * six-mark lotteries one chain of length 1 per draw day, its head published when the issue starts.
 */
export function chainSlot(
  lottery: LotteryDef,
  times: IssueTimes,
): { chainKey: string; index: number; length: number } {
  const { schedule } = lottery;
  if (schedule.kind === 'interval') {
    return { chainKey: times.businessDate, index: times.seq, length: issuesPerDay(schedule) };
  }
  return { chainKey: times.businessDate, index: 1, length: 1 };
}
