import {
  BETTING_UNITS,
  type BettingUnit,
  lineAmountMinor,
  MAX_BASKET_LINES,
  MAX_MULTIPLIER,
  MESSAGES,
} from '@lottery/rules/amount';
import { formatMinor } from '@lottery/rules/odds';

/**
 * The 号码栏 basket (spec/betting.md §2, §4, §5): lines priced with packages/rules in bigint minor
 * units, identical lines merged by adding multipliers, at most 20 lines.
 */
export interface BasketLine {
  lotteryCode: string;
  playDetailCode: string;
  playName: string;
  /** Display-only (spec §3 betDetail): the selection as a player reads it, never sent. */
  betDetail: string;
  bettingNumber: string;
  bettingCount: number;
  bettingUnit: BettingUnit;
  graduationCount: number;
  /** Per-bet base amount (2 yuan in the standard footer, the typed amount in the single-mode one). */
  baseMinor: bigint;
  amountMinor: bigint;
}

export type NewLine = Omit<BasketLine, 'amountMinor'>;

export function priced(line: NewLine): BasketLine {
  return {
    ...line,
    amountMinor: lineAmountMinor({
      lotteryCode: line.lotteryCode,
      playDetailCode: line.playDetailCode,
      count: line.bettingCount,
      multiplier: line.graduationCount,
      unit: line.bettingUnit,
      baseMinor: line.baseMinor,
    }),
  };
}

function sameBet(a: NewLine, b: NewLine): boolean {
  return (
    a.lotteryCode === b.lotteryCode &&
    a.playDetailCode === b.playDetailCode &&
    a.bettingNumber === b.bettingNumber &&
    a.bettingUnit === b.bettingUnit &&
    a.baseMinor === b.baseMinor
  );
}

export type AddResult = { ok: true; lines: BasketLine[]; message?: string } | { ok: false; message: string };

/**
 * Adds lines: an identical line (same play, numbers, unit and base) gets the multipliers added
 * (capped at 10000 with 最多10000倍); a new line past the 20th is refused with 方案注数最多20笔.
 */
export function addLines(basket: readonly BasketLine[], added: readonly NewLine[]): AddResult {
  const lines = [...basket];
  let message: string | undefined;
  for (const line of added) {
    const i = lines.findIndex((l) => sameBet(l, line));
    if (i >= 0) {
      const existing = lines[i]!;
      let multiplier = existing.graduationCount + line.graduationCount;
      if (multiplier > MAX_MULTIPLIER) {
        multiplier = MAX_MULTIPLIER;
        message = MESSAGES.maxMultiplier;
      }
      lines[i] = priced({ ...existing, graduationCount: multiplier });
      continue;
    }
    if (lines.length >= MAX_BASKET_LINES) return { ok: false, message: MESSAGES.basketFull };
    lines.push(priced(line));
  }
  return message ? { ok: true, lines, message } : { ok: true, lines };
}

export interface BasketTotals {
  lines: number;
  notes: number;
  amountMinor: bigint;
}

export function basketTotals(lines: readonly BasketLine[]): BasketTotals {
  return {
    lines: lines.length,
    notes: lines.reduce((n, l) => n + l.bettingCount, 0),
    amountMinor: lines.reduce((sum, l) => sum + l.amountMinor, 0n),
  };
}

/** Yuan text with 2 decimals from minor units (bet amounts are whole cents). */
export function yuan(minor: bigint): string {
  return formatMinor(minor, 2);
}

/** A line's amount per note and multiple (basket meta "n注 × m倍 × 2.00元 = ..."), never a bare unit. */
export function perNoteYuan(line: {
  amountMinor: bigint;
  bettingCount: number | string;
  graduationCount: number | string;
}): string {
  const notes = BigInt(line.bettingCount) * BigInt(line.graduationCount);
  return yuan(notes > 0n ? line.amountMinor / notes : 0n);
}

/** The bettingData lines as the server takes them (display-only fields left out). */
export function wireLines(lines: readonly BasketLine[], issue: string, bettingPoint: string) {
  return lines.map((l) => ({
    lotteryCode: l.lotteryCode,
    playDetailCode: l.playDetailCode,
    bettingNumber: l.bettingNumber,
    bettingCount: l.bettingCount,
    bettingAmount: yuan(l.amountMinor),
    bettingPoint,
    bettingUnit: l.bettingUnit,
    bettingIssue: issue,
    graduationCount: l.graduationCount,
  }));
}

/** A basket as localStorage keeps it: bigint amounts as decimal strings, for one user. */
export interface StoredBaskets {
  owner: string;
  byLottery: Record<string, Array<Omit<NewLine, 'baseMinor'> & { baseMinor: string }>>;
}

export function storedBaskets(
  owner: string,
  byLottery: Record<string, readonly BasketLine[]>,
): StoredBaskets {
  const stored: StoredBaskets['byLottery'] = {};
  for (const [code, lines] of Object.entries(byLottery)) {
    if (lines.length === 0) continue;
    stored[code] = lines.map(({ amountMinor: _, baseMinor, ...rest }) => ({
      ...rest,
      baseMinor: baseMinor.toString(),
    }));
  }
  return { owner, byLottery: stored };
}

function isStoredLine(value: unknown): value is StoredBaskets['byLottery'][string][number] {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    ['lotteryCode', 'playDetailCode', 'playName', 'betDetail', 'bettingNumber', 'bettingUnit'].every(
      (key) => typeof v[key] === 'string',
    ) &&
    (BETTING_UNITS as readonly unknown[]).includes(v.bettingUnit) &&
    Number.isSafeInteger(v.bettingCount) &&
    Number.isSafeInteger(v.graduationCount) &&
    typeof v.baseMinor === 'string' &&
    /^\d{1,12}$/.test(v.baseMinor)
  );
}

/**
 * The baskets of `owner` read back from storage, each line priced again by packages/rules (the
 * amounts are never trusted from storage); another user's baskets, or anything malformed, read
 * as empty.
 */
export function restoreBaskets(stored: unknown, owner: string): Record<string, BasketLine[]> {
  if (typeof stored !== 'object' || stored === null) return {};
  const { owner: storedOwner, byLottery } = stored as Partial<StoredBaskets>;
  if (storedOwner !== owner || typeof byLottery !== 'object' || byLottery === null) return {};
  const baskets: Record<string, BasketLine[]> = {};
  for (const [code, lines] of Object.entries(byLottery)) {
    if (!Array.isArray(lines) || lines.length > MAX_BASKET_LINES || !lines.every(isStoredLine)) continue;
    try {
      baskets[code] = lines.map((line) => priced({ ...line, baseMinor: BigInt(line.baseMinor) }));
    } catch {
      // a line the rules no longer price (a removed play): that lottery's basket is dropped
    }
  }
  return baskets;
}
