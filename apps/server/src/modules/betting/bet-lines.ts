import { type BetLine, betLine, MAX_BASKET_LINES } from '@lottery/contract/betting';
import { Codes, Messages } from '@lottery/contract/codes';
import { MoneyFormatError, parseMoney } from '@lottery/contract/money';
import {
  amountIgnoresCount,
  isBettingUnit,
  lineAmountMinor,
  MAX_MULTIPLIER,
  MAX_PER_BET_YUAN,
  unitDivisor,
} from '@lottery/rules/amount';
import type { LotteryDef } from '@lottery/rules/lotteries';
import {
  betGroup,
  formatMinor,
  type PrizeGroupPolicy,
  parseRebateTenths,
  playRates,
} from '@lottery/rules/odds';
import { type PlayDef, RuleError } from '@lottery/rules/play';
import { findPlay } from '@lottery/rules/plays';
import { currentIssue, issueTimes } from '@lottery/rules/schedule';
import { DomainError } from '../../errors';

/**
 * A basket's lines as the client sent them, checked and priced with packages/rules: parsed,
 * recounted, the amount recomputed (per-bet base × count × unit × multiplier), the bettingPoint
 * and odds checked against the player's rebate, the issue the one on sale. Pure: no database;
 * every refusal is a DomainError in the spec's words.
 */

const MINOR_PER_YUAN = 10_000n;
const MAX_BASE_MINOR = BigInt(MAX_PER_BET_YUAN) * MINOR_PER_YUAN;

const invalid = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);
const rebateWrong = () => DomainError.of(Codes.REBATE_CHANGED, `${Messages.rebateWrong}，请刷新后重试`);

export interface CheckedLine {
  lineNo: number;
  playDetailCode: string;
  bettingNumber: string;
  bettingCount: number;
  bettingUnit: string;
  multiplier: number;
  amountMinor: bigint;
  prizeGroup: number;
}

export function parseLines(bettingData: string): BetLine[] {
  let raw: unknown;
  try {
    raw = JSON.parse(bettingData);
  } catch {
    throw invalid('bettingData 不是有效的 JSON');
  }
  if (!Array.isArray(raw) || raw.length === 0) throw invalid(Messages.noSelection);
  if (raw.length > MAX_BASKET_LINES) throw invalid(Messages.basketFull);
  return raw.map((item) => {
    const parsed = betLine.safeParse(item);
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? Codes.INVALID_PARAM.msg);
    return parsed.data;
  });
}

/**
 * bettingPoint: "2.5", or the footer's "<odds>-<point>" where the part after the first hyphen is
 * the point. The point is 0..the player's rebate in steps of 0.1 (checked by betGroup); a sign, a
 * hyphen with no odds before it ("-1" is not minus one but nothing else either), or odds that are
 * not a plain decimal are malformed: 返点不正确 like a point above the rebate.
 */
function parsePoint(text: string): { pointTenths: number; odds?: string } {
  const hyphen = text.indexOf('-');
  const odds = hyphen >= 0 ? text.slice(0, hyphen).trim() : undefined;
  if (odds !== undefined && !/^\d+(\.\d+)?$/.test(odds)) throw rebateWrong();
  const tenths = parseRebateTenths(hyphen >= 0 ? text.slice(hyphen + 1) : text);
  if (tenths === null || tenths < 0) throw rebateWrong();
  return odds === undefined || /^0+(\.0+)?$/.test(odds)
    ? { pointTenths: tenths }
    : { pointTenths: tenths, odds };
}

/** The per-note base the amount implies; refused unless it is a whole number of yuan (1..1,000,000). */
function impliedBaseMinor(lotteryCode: string, line: BetLine, count: number, amountMinor: bigint): bigint {
  const unit = line.bettingUnit;
  if (!isBettingUnit(unit)) throw invalid('投注单位有误');
  const notes = amountIgnoresCount(lotteryCode, line.playDetailCode) ? 1n : BigInt(count);
  const scaled = amountMinor * unitDivisor(unit);
  const per = notes * BigInt(line.graduationCount);
  if (scaled % per !== 0n) throw invalid('投注金额有误');
  const base = scaled / per;
  if (base % MINOR_PER_YUAN !== 0n || base < MINOR_PER_YUAN || base > MAX_BASE_MINOR)
    throw invalid('投注金额有误');
  return base;
}

export interface BetContext {
  lottery: LotteryDef;
  userRebateTenths: number;
  centEnabled: boolean;
  policy: PrizeGroupPolicy;
  nowMs: number;
  /** Modes of the lottery's family this tenant does not offer: refused as an unknown play. */
  hiddenModes?: readonly string[];
}

/** Validates and prices the lines of one bet (pure; throws DomainError with the spec's texts). */
export function checkLines(
  lines: readonly BetLine[],
  c: BetContext,
): { lines: CheckedLine[]; pointTenths: number } {
  const { lottery } = c;
  const issue = lines[0]!.bettingIssue;
  if (lines.some((l) => l.lotteryCode !== lottery.code)) throw invalid('一次投注只能包含一个彩种');
  if (lines.some((l) => l.bettingIssue !== issue)) throw invalid(Messages.issueWrong);
  const times = issueTimes(lottery, issue);
  if (!times) throw invalid(Messages.issueWrong);
  const onSale = currentIssue(lottery, c.nowMs);
  if (times.closeMs <= c.nowMs) {
    throw invalid(`${Messages.issueWrong}：${Messages.betClosed(issue, onSale.issue)}`);
  }
  // Only the issue on sale (it may be in presale, 预售中); later issues are for chases.
  if (times.issue !== onSale.issue) throw invalid(Messages.issueWrong);

  const points = lines.map((l) => parsePoint(l.bettingPoint));
  const pointTenths = points[0]!.pointTenths;
  if (points.some((p) => p.pointTenths !== pointTenths)) throw rebateWrong();
  let group: number;
  try {
    group = betGroup(c.policy, c.userRebateTenths, pointTenths);
  } catch {
    throw rebateWrong();
  }

  const checked = lines.map((line, index): CheckedLine => {
    if (!line.playDetailCode.startsWith(lottery.code)) throw invalid(Messages.playMissing);
    const mode = line.playDetailCode.slice(-3);
    const play: PlayDef | undefined = c.hiddenModes?.includes(mode)
      ? undefined
      : findPlay(lottery.family, mode, lottery.resultLength);
    if (!play || line.playDetailCode.length !== lottery.code.length + 3) throw invalid(Messages.playMissing);
    let count: number;
    try {
      count = play.count(line.bettingNumber);
    } catch (error) {
      if (error instanceof RuleError) throw invalid(error.message);
      throw error;
    }
    if (count < 1) throw invalid(Messages.noSelection);
    if (count !== line.bettingCount) throw invalid('投注注数有误');
    if (!isBettingUnit(line.bettingUnit)) throw invalid('投注单位有误');
    if (line.bettingUnit !== '1' && !c.centEnabled) throw invalid(Messages.yuanOnly);
    if (line.graduationCount < 1) throw invalid('倍数有误');
    if (line.graduationCount > MAX_MULTIPLIER) throw invalid(Messages.multiplierMax(MAX_MULTIPLIER));
    const odds = points[index]!.odds;
    if (odds !== undefined) {
      const shown = formatMinor(playRates(play, group).get(play.tiers[0]!.key)!, 3);
      if (odds !== shown) throw rebateWrong();
    }
    let amountMinor: bigint;
    try {
      amountMinor = parseMoney(line.bettingAmount, 2);
    } catch (error) {
      if (error instanceof MoneyFormatError) throw invalid('投注金额有误');
      throw error;
    }
    const baseMinor = impliedBaseMinor(lottery.code, line, count, amountMinor);
    const recomputed = lineAmountMinor({
      lotteryCode: lottery.code,
      playDetailCode: line.playDetailCode,
      count,
      multiplier: line.graduationCount,
      unit: line.bettingUnit,
      baseMinor,
    });
    if (recomputed !== amountMinor || amountMinor <= 0n) throw invalid('投注金额有误');
    return {
      lineNo: index + 1,
      playDetailCode: line.playDetailCode,
      bettingNumber: line.bettingNumber,
      bettingCount: count,
      bettingUnit: line.bettingUnit,
      multiplier: line.graduationCount,
      amountMinor,
      prizeGroup: group,
    };
  });
  return { lines: checked, pointTenths };
}
