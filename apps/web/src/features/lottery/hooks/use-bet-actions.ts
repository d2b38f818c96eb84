import type { LotteryDef } from '@lottery/rules/lotteries';
import { showToast } from '../../../shared/ui/feedback';
import type { PlaceRequest } from '../components/use-bet-flow';
import { addLines, type NewLine, wireLines } from '../model/basket';
import { useBasket, useBasketStore, useChase } from '../stores/basket';
import type { BetSlip } from './use-bet-slip';
import type { IssueOnSale } from './use-issue-on-sale';
import type { RebatePoint } from './use-rebate-point';

/**
 * What the bet bar's buttons do with the slip (spec/betting.md §2, §5): 添加号码 into the basket and
 * a single-mode play's 立即投注 (or 马上开奖 in fast mode). Each is refused while the countdown bar
 * blocks betting or the rebate is missing; picking again in chase mode turns chase off once the
 * player confirms (leaveChaseFirst, which the basket's 机选 asks too).
 */
export function useBetActions({
  lottery,
  slip,
  rebate,
  sale,
  place,
  startFast,
}: {
  lottery: LotteryDef;
  slip: BetSlip;
  rebate: RebatePoint;
  sale: IssueOnSale;
  place(request: PlaceRequest): Promise<boolean>;
  startFast(payload: unknown[]): void;
}) {
  const basket = useBasket(lottery.code);
  const setBasket = useBasketStore((s) => s.set);
  const chase = useChase(lottery.code);
  const setChase = useBasketStore((s) => s.setChase);
  const fastMode = lottery.isFastBet;
  const { counted, baseMinor } = slip;
  const { rebateMissing } = rebate;

  /** Picking numbers again in chase mode turns chase off, after the player confirms (spec §5). */
  const leaveChaseFirst = async (): Promise<boolean> => {
    if (!chase) return true;
    const { confirmLeaveChase } = await import('../components/betting-dialogs');
    const ok = await confirmLeaveChase();
    if (ok) setChase(lottery.code, null);
    return ok;
  };

  const addToBasket = (lines: NewLine[]): boolean => {
    const result = addLines(basket, lines);
    if (!result.ok) {
      showToast(result.message);
      return false;
    }
    if (result.message) showToast(result.message);
    setBasket(lottery.code, result.lines);
    return true;
  };

  /**
   * Whether the numbers picked can go no further, said in a toast: the bar's stop text (in fast
   * mode, which draws at once, only a stopped lottery: no issue closes on it), the rebate missing,
   * or nothing picked (spec §5).
   */
  const refused = (): boolean => {
    const bar = sale.barNow();
    if (fastMode ? sale.isStop : bar?.blocked) showToast(bar?.text ?? '暂停销售');
    else if (rebateMissing()) return true;
    else if (counted.count <= 0) showToast(counted.error ?? '请至少选择一注号码投注');
    else return false;
    return true;
  };

  /** 添加号码: the numbers picked become a basket line. */
  const add = async () => {
    if (refused() || !(await leaveChaseFirst())) return;
    if (addToBasket([slip.pickedLine()])) slip.clearSelection();
  };

  /** A single-mode play's 立即投注: the numbers picked placed at once (马上开奖 in fast mode). */
  const betSingle = () => {
    if (refused()) return;
    if (baseMinor <= 0n) return void showToast('请填写您要投注的金额');
    const result = addLines([], [slip.pickedLine()]);
    if (!result.ok) return void showToast(result.message);
    if (fastMode) return startFast(wireLines(result.lines, '', rebate.bettingPoint));
    void place({ lines: result.lines, issue: sale.onSale?.issue, bettingPoint: rebate.bettingPoint }).then(
      (placed) => {
        if (placed) slip.clearSelection();
      },
    );
  };

  return {
    /** The lines in the basket (its badge). */
    basketLines: basket.length,
    add: () => void add(),
    betSingle,
    addToBasket,
    leaveChaseFirst,
  };
}
