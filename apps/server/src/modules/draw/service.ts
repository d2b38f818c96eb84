import { Codes, Messages } from '@lottery/contract/codes';
import type {
  FairnessChain,
  FairnessIssue,
  IssueDetail,
  ResultEntry,
  StockLastTrend,
  StockTrendPoint,
  TrendChartDay,
} from '@lottery/contract/draw';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { zodiacOf, zodiacYearAt } from '@lottery/rules/lhc-zodiac';
import { type LotteryDef, lotteryByCode } from '@lottery/rules/lotteries';
import {
  beijingDate,
  beijingDayNumber,
  beijingMidnightMs,
  currentIssue,
  DAY_MS,
  isPresale,
  issueTimes,
} from '@lottery/rules/schedule';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import { chainPosition, chainSecret, findChain, findChainById } from './chain';
import { issueOnSale } from './issue-on-sale';
import { type DrawnIssue, drawsBetween, findDraw, recentDraws } from './repo';

export function lotteryOrThrow(code: string): LotteryDef {
  const lottery = lotteryByCode(code);
  if (!lottery) throw DomainError.of(Codes.INVALID_PARAM, Messages.lotteryMissing);
  return lottery;
}

export function issueDetail(lottery: LotteryDef, nowMs: number, isStop: boolean): IssueDetail {
  const { times, lastIssue } = issueOnSale(lottery, nowMs);
  return {
    lotteryCode: lottery.code,
    lotteryName: lottery.name,
    issue: times.issue,
    startTime: times.startMs,
    endTime: times.closeMs,
    openTime: times.drawMs,
    serverTime: nowMs,
    remainTime: Math.max(0, Math.floor((times.closeMs - nowMs) / 1000)),
    isPresale: isPresale(lottery, times, nowMs),
    lastIssue,
    isStop,
    closeBeforeDrawSec: lottery.closeBeforeDrawSec,
  };
}

export function resultEntry(lottery: LotteryDef, d: DrawnIssue): ResultEntry {
  const entry: ResultEntry = {
    lotteryCode: d.lotteryCode,
    issue: d.issue,
    openNumber: d.numbers.join(','),
    openTime: d.drawMs,
    open: true,
  };
  if (lottery.family === 'LHC') {
    const year = zodiacYearAt(d.drawMs);
    entry.natal = d.numbers.map((n) => zodiacOf(Number(n), year)).join(',');
  }
  if (d.indexValue) entry.indexValue = d.indexValue;
  return entry;
}

export async function openResults(db: Db, lottery: LotteryDef, limit: number): Promise<ResultEntry[]> {
  return (await recentDraws(db, lottery.code, limit)).map((d) => resultEntry(lottery, d));
}

// ---------- stock trends ----------

function stockPoint(d: DrawnIssue): StockTrendPoint {
  return {
    issue: d.issue,
    indexValue: d.indexValue ?? '',
    openNumber: d.numbers.join(','),
    openTime: d.drawMs,
  };
}

function requireStock(lottery: LotteryDef): void {
  if (lottery.family !== 'STOCK') throw DomainError.of(Codes.INVALID_PARAM, '该彩种不是股指');
}

/** Today's draws (Beijing day), oldest first. */
export async function todayTrend(db: Db, lottery: LotteryDef, nowMs: number): Promise<StockTrendPoint[]> {
  requireStock(lottery);
  const start = beijingMidnightMs(beijingDayNumber(nowMs));
  return (await drawsBetween(db, lottery.code, start, start + DAY_MS, 1000)).map(stockPoint);
}

export async function lastTrend(db: Db, lottery: LotteryDef): Promise<StockLastTrend | null> {
  requireStock(lottery);
  const [last, before] = await recentDraws(db, lottery.code, 2);
  if (!last?.indexValue) return null;
  const value = parseMoney(last.indexValue);
  const prev = before?.indexValue ? parseMoney(before.indexValue) : value;
  const change = value - prev;
  // percent with 2 decimals, truncated toward zero: change/prev × 100, in hundredths
  const rateHundredths = prev === 0n ? 0n : (change * 10_000n) / prev;
  const sign = rateHundredths < 0n ? '-' : '';
  const abs = rateHundredths < 0n ? -rateHundredths : rateHundredths;
  return {
    ...stockPoint(last),
    change: formatMoney(change),
    changeRate: `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`,
  };
}

/** One candle per Beijing day over the last `days` days (days without draws left out). */
export async function trendChart(
  db: Db,
  lottery: LotteryDef,
  days: number,
  nowMs: number,
): Promise<TrendChartDay[]> {
  requireStock(lottery);
  const today = beijingDayNumber(nowMs);
  const out: TrendChartDay[] = [];
  for (let day = today - days + 1; day <= today; day++) {
    const start = beijingMidnightMs(day);
    const draws = (await drawsBetween(db, lottery.code, start, start + DAY_MS, 2000)).filter(
      (d) => d.indexValue,
    );
    if (draws.length === 0) continue;
    const values = draws.map((d) => parseMoney(d.indexValue!));
    const max = values.reduce((a, b) => (b > a ? b : a));
    const min = values.reduce((a, b) => (b < a ? b : a));
    out.push({
      date: beijingDate(start),
      open: formatMoney(values[0]!),
      close: formatMoney(values[values.length - 1]!),
      high: formatMoney(max),
      low: formatMoney(min),
      draws: draws.length,
    });
  }
  return out;
}

// ---------- fairness ----------

export async function fairnessChain(
  db: Db,
  lottery: LotteryDef,
  date: string | undefined,
  nowMs: number,
): Promise<FairnessChain> {
  const businessDate = date ?? currentIssue(lottery, nowMs).businessDate;
  const chain = await findChain(db, lottery.code, businessDate);
  if (!chain && !lottery.houseDrawn)
    throw DomainError.of(Codes.INVALID_PARAM, '该彩种为官方开奖，不使用哈希链');
  if (!chain) throw DomainError.of(Codes.INVALID_PARAM, '该日哈希链尚未发布');
  return {
    lotteryCode: lottery.code,
    businessDate,
    head: chain.head,
    length: chain.length,
    publishedAt: chain.publishedAt,
    firstIssueStartMs: chain.firstIssueStartMs,
    publishedBeforeFirstIssue: chain.publishedAt <= chain.firstIssueStartMs,
  };
}

export async function fairnessIssue(db: Db, lottery: LotteryDef, issue: string): Promise<FairnessIssue> {
  const times = issueTimes(lottery, issue);
  if (!times) throw DomainError.of(Codes.INVALID_PARAM, Messages.issueWrong);
  const draw = await findDraw(db, lottery.code, issue);
  if (!draw) throw DomainError.of(Codes.INVALID_PARAM, '该期尚未开奖');
  if (draw.source !== 'chain' || draw.chainId === null || draw.secret === null) {
    throw DomainError.of(Codes.INVALID_PARAM, '该期为官方开奖，不使用哈希链');
  }
  const chain = await findChainById(db, draw.chainId);
  if (!chain) throw new Error(`chain ${draw.chainId} missing`);
  const { k } = chainPosition(lottery, times);
  const result: FairnessIssue = {
    lotteryCode: lottery.code,
    issue,
    numbers: draw.numbers,
    businessDate: draw.businessDate,
    k,
    secret: draw.secret,
    // s_(k-1) = sha256(s_k) is public once s_k is; it is also the secret published with issue k-1.
    previousSecret: chainSecret(chain, k - 1),
    head: chain.head,
    drawTime: draw.drawMs,
  };
  if (draw.indexValue) result.indexValue = draw.indexValue;
  return result;
}
