import type { ChaseBettingData } from '@lottery/contract/chase';
import {
  type ChaseSettings,
  chaseOrders,
  chaseTotalMinor,
  MAX_CHASE_ISSUES,
  MAX_MULTIPLIER,
} from '@lottery/rules/amount';
import type { LotteryDef } from '@lottery/rules/lotteries';
import { chaseIssues, type IssueTimes } from '@lottery/rules/schedule';
import { type BasketLine, priced, yuan } from './basket';

/**
 * 追号 in the basket (spec/betting.md §2, §3 chase settings, §5 chase rules): defaults power 1,
 * 10 issues, 中奖即停 on, 翻倍 off with every 2 issues ×2; 中奖循环 and 中奖即停 exclude each other;
 * chase mode forces the basket's multipliers to 1; each issue's amount = basket sum × its
 * multiplier (power × multiple^floor(index / each) with 翻倍), priced by packages/rules.
 */
export interface ChaseOptions extends ChaseSettings {
  /** 中奖即停: stop after a winning issue (the rest refunded). */
  stopAfterWin: boolean;
  /** 中奖循环: keep chasing after a win. */
  loopAfterWin: boolean;
}

export const DEFAULT_CHASE: ChaseOptions = {
  chaseCount: 10,
  power: 1,
  doubling: false,
  chaseEach: 2,
  chaseEachMultiple: 2,
  stopAfterWin: true,
  loopAfterWin: false,
};

export const CHASE_LIMITS = { maxIssues: MAX_CHASE_ISSUES, maxPower: MAX_MULTIPLIER } as const;

/** Ticking one of 中奖即停 / 中奖循环 unticks the other. */
export function setStopOption(options: ChaseOptions, which: 'stop' | 'loop', on: boolean): ChaseOptions {
  if (which === 'stop')
    return { ...options, stopAfterWin: on, loopAfterWin: on ? false : options.loopAfterWin };
  return { ...options, loopAfterWin: on, stopAfterWin: on ? false : options.stopAfterWin };
}

/** The basket in chase mode: every line at multiplier 1. */
export function atMultiplierOne(lines: readonly BasketLine[]): BasketLine[] {
  return lines.map((l) => (l.graduationCount === 1 ? l : priced({ ...l, graduationCount: 1 })));
}

export interface ChaseRow {
  index: number;
  issue: string;
  multiplier: number;
  amountMinor: bigint;
}

/** Every issue of the chase with its multiplier and amount; empty when a multiplier outgrows 10000. */
export function chasePlan(
  lottery: LotteryDef,
  lines: readonly BasketLine[],
  options: ChaseOptions,
  nowMs: number,
): { rows: ChaseRow[]; totalMinor: bigint; error?: string } {
  const basketMinor = atMultiplierOne(lines).reduce((s, l) => s + l.amountMinor, 0n);
  const orders = chaseOrders(basketMinor, options);
  const over = orders.find((o) => o.graduationCount > BigInt(MAX_MULTIPLIER));
  if (over) return { rows: [], totalMinor: 0n, error: `最多${MAX_MULTIPLIER}倍` };
  const issues: IssueTimes[] = chaseIssues(lottery, nowMs, options.chaseCount);
  const rows = orders.map((o) => ({
    index: o.index,
    issue: issues[o.index]!.issue,
    multiplier: Number(o.graduationCount),
    amountMinor: o.amountMinor,
  }));
  return { rows, totalMinor: chaseTotalMinor(orders) };
}

/** 投N倍，追N期 (the summary in the basket and the confirm popup). */
export const chaseSummary = (options: ChaseOptions) => `投${options.power}倍，追${options.chaseCount}期`;

/** chaseBettingData as the server takes it (spec §3 chase payload). */
export function chaseRequest(
  lottery: LotteryDef,
  lines: readonly BasketLine[],
  rows: readonly ChaseRow[],
  options: ChaseOptions,
  bettingPoint: string,
): ChaseBettingData {
  const base = atMultiplierOne(lines);
  const total = rows.reduce((s, r) => s + r.amountMinor, 0n);
  return {
    lotteryCode: lottery.code,
    startIssue: rows[0]!.issue,
    chaseCount: rows.length,
    isStopAfterWinning: options.stopAfterWin ? 1 : 0,
    autoBuyIfStopAfterWinning: options.loopAfterWin ? 1 : 0,
    playDetailCode: base[0]!.playDetailCode,
    bettingPoint,
    bettingUnit: base[0]!.bettingUnit,
    bettingAllAmount: yuan(total),
    eachInfo: base.map((l) => ({
      lotteryCode: l.lotteryCode,
      playDetailCode: l.playDetailCode,
      bettingNumber: l.bettingNumber,
      bettingCount: l.bettingCount,
      bettingAmount: yuan(l.amountMinor),
      bettingPoint,
      bettingUnit: l.bettingUnit,
      graduationCount: 1,
    })),
    eachOrder: rows.map((r) => ({
      bettingIssue: r.issue,
      graduationCount: r.multiplier,
      bettingAmount: yuan(r.amountMinor),
    })),
  };
}
