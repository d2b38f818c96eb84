import {
  type BettingUnit,
  checkUnit,
  lineAmountMinor,
  MINOR_PER_YUAN,
  normaliseMultiplier,
  normalisePerBetAmount,
} from '@lottery/rules/amount';
import { describeSelection } from '@lottery/rules/describe';
import type { Family } from '@lottery/rules/family';
import { defaultOf, offeredPlays } from '@lottery/rules/family-plays';
import type { LotteryDef } from '@lottery/rules/lotteries';
import type { PlayDef } from '@lottery/rules/play';
import { playDetailCode } from '@lottery/rules/play-code';
import { useCallback, useMemo, useState } from 'react';
import { useSiteStore } from '../../../shared/stores/site';
import { showToast } from '../../../shared/ui/feedback';
import type { NewLine } from '../model/basket';
import { bettingNumberOf, countSelection, emptySelection, type Selection } from '../model/selection';

/** Standard footer base: 2 yuan a note (spec §3: set to 2 on route change). */
const STANDARD_BASE_MINOR = 2n * MINOR_PER_YUAN;

/**
 * The bet being written on the betting screen: the play chosen, the numbers picked, the multiplier,
 * the unit (元/角/分) or the per-bet amount of a single-mode play, and what they come to (notes and
 * amount, spec/betting.md §3). Each edit is normalised as the spec says, with its toast.
 */
export function useBetSlip(lottery: LotteryDef, familyPlays: readonly PlayDef[]) {
  const family = lottery.family as Family;
  const plays = useMemo(
    () => offeredPlays(familyPlays, lottery.resultLength),
    [familyPlays, lottery.resultLength],
  );
  const [playCode, setPlayCode] = useState(() => defaultOf(plays).code);
  const play = plays.find((p) => p.code === playCode) ?? defaultOf(plays);
  const [selection, setSelection] = useState<Selection>(() => emptySelection(play.input));
  const [multiplierText, setMultiplierText] = useState('1');
  const [unitChoice, setUnit] = useState<BettingUnit | undefined>(undefined);
  const [perBetText, setPerBetText] = useState('');

  const centEnabled = Boolean(useSiteStore((s) => s.site?.stockCentEnable));
  // Stock bets are made in a unit, 分 (0.01) by default where cent mode is on, at multiplier 1
  // (spec/betting.md §3); other single-mode plays bet whole yuan.
  const stock = family === 'STOCK';
  const unit: BettingUnit = unitChoice ?? (stock && centEnabled ? '0.01' : '1');
  const single = play.credit;
  const lineUnit: BettingUnit = single && !stock ? '1' : unit;
  const counted = countSelection(play, selection);
  const multiplier = normaliseMultiplier(multiplierText).value;
  const perBet = normalisePerBetAmount(perBetText);
  const baseMinor = single ? BigInt(perBet ?? 0) * MINOR_PER_YUAN : STANDARD_BASE_MINOR;
  const amountMinor =
    counted.count > 0 && baseMinor > 0n
      ? lineAmountMinor({
          lotteryCode: lottery.code,
          playDetailCode: playDetailCode(lottery.code, play.code),
          count: counted.count,
          multiplier: single ? 1 : multiplier,
          unit: lineUnit,
          baseMinor,
        })
      : 0n;
  const selectionNumber = bettingNumberOf(play, selection);

  const playInput = play.input;
  const clearSelection = useCallback(() => setSelection(emptySelection(playInput)), [playInput]);

  const choosePlay = (code: string) => {
    const next = plays.find((p) => p.code === code);
    if (!next) return;
    setPlayCode(code);
    setSelection(emptySelection(next.input));
  };

  /** A basket line of `p` at this slip's unit, multiplier and base. */
  const lineOf = (p: PlayDef, bettingNumber: string, count: number): NewLine => ({
    lotteryCode: lottery.code,
    playDetailCode: playDetailCode(lottery.code, p.code),
    playName: p.name,
    betDetail: describeSelection(p, bettingNumber),
    bettingNumber,
    bettingCount: count,
    bettingUnit: lineUnit,
    graduationCount: single ? 1 : multiplier,
    baseMinor,
  });

  /** The numbers picked as one line, when they make at least a note. */
  const pickedLine = () => lineOf(play, selectionNumber, counted.count);

  const chooseUnit = (u: BettingUnit) => {
    const checked = checkUnit(u, centEnabled);
    if (checked.message) showToast(checked.message);
    setUnit(checked.unit);
  };

  const commitMultiplier = () => {
    const m = normaliseMultiplier(multiplierText);
    if (m.message) showToast(m.message);
    setMultiplierText(String(m.value));
  };

  const stepMultiplier = (delta: number) => {
    const m = normaliseMultiplier(String(multiplier + delta));
    if (m.message) showToast(m.message);
    setMultiplierText(String(m.value));
  };

  const commitPerBet = () => setPerBetText(String(normalisePerBetAmount(perBetText) ?? ''));

  return {
    family,
    plays,
    play,
    choosePlay,
    selection,
    setSelection,
    clearSelection,
    selectionNumber,
    counted,
    /** Single mode (K3, LHC and one-mode plays): a per-bet amount, placed at once, no basket. */
    single,
    stock,
    unit,
    chooseUnit,
    multiplierText,
    setMultiplierText,
    commitMultiplier,
    stepMultiplier,
    perBetText,
    setPerBetText,
    commitPerBet,
    baseMinor,
    amountMinor,
    lineOf,
    pickedLine,
  };
}

export type BetSlip = ReturnType<typeof useBetSlip>;
