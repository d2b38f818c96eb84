import { type LotteryDef, lotteryByCode } from './lotteries';
import { RuleError } from './play';
import { MAX_CHASE_ISSUES } from './schedule';

/**
 * Bet amounts of spec/betting.md §5 in bigint minor units (1 yuan = 10000n). No floats anywhere:
 * "truncated to 2 decimals" means rounded down to a multiple of 100n minor units (0.01 yuan).
 */

export const MINOR_PER_YUAN = 10_000n;
/** One cent, the amount grid of bet amounts. */
const CENT_MINOR = 100n;

/** Spec §9 limits and their messages. */
export const MAX_MULTIPLIER = 10_000;
export const MAX_BASKET_LINES = 20;
export { MAX_CHASE_ISSUES };
/** Per-bet amount input: at most 1,000,000 yuan and 7 characters. */
export const MAX_PER_BET_YUAN = 1_000_000;
export const MAX_PER_BET_CHARS = 7;
/** Multiplier-mode amount input (push plan): at most 10000 and 5 characters. */
export const MAX_MULTIPLIER_MODE_CHARS = 5;
/** Default per-bet base amount (set to 2 on route change). */
export const DEFAULT_BASE_YUAN = 2;
export const CHASE_DEFAULTS = { chaseCount: 10, power: 1, chaseEach: 2, chaseEachMultiple: 2 } as const;

export const MESSAGES = {
  basketFull: `方案注数最多${MAX_BASKET_LINES}笔`,
  maxMultiplier: `最多${MAX_MULTIPLIER}倍`,
  maxChase: `最多${MAX_CHASE_ISSUES}期`,
  chaseMixed: '追号不支持混投，请确保您的投注都为同一玩法且元角分模式一致。',
  chaseNotOffered: '当前彩种不支持追号',
  unitYuanOnly: '目前只支持元哦',
  noSelection: '请至少选择一注号码投注',
  noSelectionDragon: '请选择一注号码投注',
  noAmount: '请填写您要投注的金额',
  noAmountDragon: '投注金额不能为空',
  noRebate: '返点获取失败，请刷新再试',
  basketLost: '选号超时，请重新选号',
} as const;

/** bettingUnit: 元 1, 角 0.1, 分 0.01, as the wire spells it. */
export const BETTING_UNITS = ['1', '0.1', '0.01'] as const;
export type BettingUnit = (typeof BETTING_UNITS)[number];
const UNIT_DIVISOR: Readonly<Record<BettingUnit, bigint>> = { '1': 1n, '0.1': 10n, '0.01': 100n };
export const UNIT_LABEL: Readonly<Record<BettingUnit, string>> = { '1': '元', '0.1': '角', '0.01': '分' };

export function isBettingUnit(value: unknown): value is BettingUnit {
  return typeof value === 'string' && (BETTING_UNITS as readonly string[]).includes(value);
}

export function unitDivisor(unit: BettingUnit): bigint {
  return UNIT_DIVISOR[unit];
}

/** Rounds a non-negative exact fraction num/den down to whole cents, in minor units. */
function truncateToCents(num: bigint, den: bigint): bigint {
  if (num < 0n || den <= 0n) throw new RangeError('amounts are non-negative');
  return (num / (den * CENT_MINOR)) * CENT_MINOR;
}

/** Whether a line's amount ignores the note count (spec §5: stock A11, and "14"-codes with A10). */
export function amountIgnoresCount(lotteryCode: string, playDetailCode: string): boolean {
  const mode = playDetailCode.slice(-3);
  if (mode === 'A11' && lotteryByCode(lotteryCode)?.family === 'STOCK') return true;
  return mode === 'A10' && lotteryCode.includes('14');
}

export interface LineAmountInput {
  lotteryCode: string;
  /** Lottery code plus mode code; its last 3 characters are the mode. */
  playDetailCode: string;
  /** bettingCount: notes of the line. */
  count: number;
  /** graduationCount: 1..10000. */
  multiplier: number;
  unit: BettingUnit;
  /** Per-bet base amount in minor units (2 yuan = 20000n by default). */
  baseMinor: bigint;
}

/** bettingAmount of one line = base × count × unit × multiplier, truncated to 2 decimals. */
export function lineAmountMinor(line: LineAmountInput): bigint {
  if (!Number.isSafeInteger(line.count) || line.count < 1) throw new RuleError(MESSAGES.noSelection);
  assertMultiplier(line.multiplier);
  const count = amountIgnoresCount(line.lotteryCode, line.playDetailCode) ? 1n : BigInt(line.count);
  return truncateToCents(line.baseMinor * count * BigInt(line.multiplier), UNIT_DIVISOR[line.unit]);
}

function assertMultiplier(multiplier: number): void {
  if (!Number.isSafeInteger(multiplier) || multiplier < 1) throw new RuleError('倍数有误');
  if (multiplier > MAX_MULTIPLIER) throw new RuleError(MESSAGES.maxMultiplier);
}

export interface ChaseSettings {
  /** Issues to chase, 1..50. */
  chaseCount: number;
  /** Multiplier applied to every issue (chasePower). */
  power: number;
  /** 翻倍 on: every `chaseEach` issues the multiple grows by `chaseEachMultiple`. */
  doubling: boolean;
  chaseEach: number;
  chaseEachMultiple: number;
}

/** One issue of a chase plan (spec §3 eachOrder). */
export interface ChaseOrder {
  index: number;
  /** Multiplier of this issue: power × chaseEachMultiple^floor(index / chaseEach) when doubling. */
  graduationCount: bigint;
  amountMinor: bigint;
}

/**
 * Per-issue chase amounts: line sum × power, times chaseEachMultiple raised to
 * floor(issue index / chaseEach) when the multiple option is on (spec §5). Multipliers are bigint
 * because doubling over 50 issues outgrows a double.
 */
export function chaseOrders(lineSumMinor: bigint, settings: ChaseSettings): ChaseOrder[] {
  const count = settings.chaseCount;
  if (!Number.isInteger(count) || count < 1) throw new RuleError('追号期数有误');
  if (count > MAX_CHASE_ISSUES) throw new RuleError(MESSAGES.maxChase);
  assertMultiplier(settings.power);
  if (settings.doubling) {
    for (const v of [settings.chaseEach, settings.chaseEachMultiple]) {
      if (!Number.isInteger(v) || v < 1) throw new RuleError('翻倍设置有误');
    }
  }
  const orders: ChaseOrder[] = [];
  for (let index = 0; index < count; index++) {
    const growth = settings.doubling
      ? BigInt(settings.chaseEachMultiple) ** BigInt(Math.floor(index / settings.chaseEach))
      : 1n;
    const graduationCount = BigInt(settings.power) * growth;
    orders.push({ index, graduationCount, amountMinor: lineSumMinor * graduationCount });
  }
  return orders;
}

/** bettingAllAmount of a chase. */
export function chaseTotalMinor(orders: readonly ChaseOrder[]): bigint {
  return orders.reduce((sum, o) => sum + o.amountMinor, 0n);
}

/** Maximum win shown on a long-dragon line = amount × odds, floored to 2 decimals (odds in minor per yuan). */
export function maxWinMinor(amountMinor: bigint, oddsMinorPerYuan: bigint): bigint {
  return truncateToCents(amountMinor * oddsMinorPerYuan, MINOR_PER_YUAN);
}

// ---------- basket and chase rules ----------

export function assertBasketRoom(linesAfterAdding: number): void {
  if (linesAfterAdding > MAX_BASKET_LINES) throw new RuleError(MESSAGES.basketFull);
}

/** A chase needs one play and one unit across its lines, on a lottery that offers chase. */
export function assertChaseable(
  lottery: LotteryDef,
  lines: readonly { playDetailCode: string; bettingUnit: BettingUnit }[],
): void {
  if (!lottery.chaseAllowed) throw new RuleError(MESSAGES.chaseNotOffered);
  if (lines.length === 0) throw new RuleError(MESSAGES.noSelection);
  const [first] = lines;
  if (lines.some((l) => l.playDetailCode !== first!.playDetailCode || l.bettingUnit !== first!.bettingUnit)) {
    throw new RuleError(MESSAGES.chaseMixed);
  }
}

/** Unit check: only 元 while cent mode (stockCentEnable) is off. */
export function checkUnit(unit: BettingUnit, centEnabled: boolean): { unit: BettingUnit; message?: string } {
  return centEnabled || unit === '1' ? { unit } : { unit: '1', message: MESSAGES.unitYuanOnly };
}

// ---------- input normalisers (what the footer does to typed text) ----------

export interface Normalised {
  value: number;
  /** Shown as a toast when the input was capped. */
  message?: string;
}

function leadingInteger(text: string): number {
  const digits = /^\s*(\d+)/.exec(text)?.[1];
  return digits === undefined ? 0 : Number(digits.slice(0, 16));
}

/** Multiplier box: digits only, at least 1; 0, negative or non-numeric -> 1; above 10000 -> 10000 with 最多10000倍. */
export function normaliseMultiplier(text: string, max = MAX_MULTIPLIER): Normalised {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim().slice(0, 16)) : 0;
  if (value < 1) return { value: 1 };
  return value > max ? { value: max, message: `最多${max}倍` } : { value };
}

/** Chase issue count box: like the multiplier, capped at 50 with 最多50期. */
export function normaliseChaseCount(text: string, max = MAX_CHASE_ISSUES): Normalised {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim().slice(0, 16)) : 0;
  if (value < 1) return { value: 1 };
  return value > max ? { value: max, message: `最多${max}期` } : { value };
}

/** Chase-each inputs: whole numbers only, decimals truncated; at least 1. */
export function normaliseChaseEach(text: string): number {
  return Math.max(1, leadingInteger(text));
}

/**
 * Per-bet amount box: digits only, at most 7 characters, above 1,000,000 capped at 1,000,000;
 * a non-integer or zero is cleared (undefined).
 */
export function normalisePerBetAmount(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed.slice(0, MAX_PER_BET_CHARS));
  if (value === 0) return undefined;
  return Math.min(value, MAX_PER_BET_YUAN);
}
