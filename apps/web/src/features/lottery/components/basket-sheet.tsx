import { assertChaseable } from '@lottery/rules/amount';
import type { LotteryDef } from '@lottery/rules/lotteries';
import { RuleError } from '@lottery/rules/play';
import { lazy, Suspense, useMemo, useState } from 'react';
import { serverNow } from '../../../shared/api/server-time';
import { showToast } from '../../../shared/ui/feedback';
import type { BetSlip } from '../hooks/use-bet-slip';
import type { RebatePoint } from '../hooks/use-rebate-point';
import { type NewLine, wireLines } from '../model/basket';
import { atMultiplierOne, type ChaseOptions, chasePlan, DEFAULT_CHASE } from '../model/chase';
import type { CountdownState } from '../model/countdown';
import { useBasket, useBasketStore, useChase } from '../stores/basket';
import { BasketPanel } from './basket-panel';
import type { PlaceRequest } from './use-bet-flow';

/** The chase settings popup loads when first opened (it is not needed to paint the page). */
const ChasePopup = lazy(async () => ({ default: (await import('./chase-popup')).ChasePopup }));

/**
 * The 号码栏 sheet with what its buttons do: 机选 (at the slip's play, unit and multiplier), remove,
 * 清空, 追号 on and off (spec §2, §5: offered where the lottery has chase and fast mode is off) with
 * its settings, and 立即投注 (the basket or the chase placed) or 马上开奖 in fast mode. The betting
 * screen loads it the first time the basket is opened (issue 39): nothing of it is drawn before.
 */
export function BasketSheet(props: {
  lottery: LotteryDef;
  visible: boolean;
  onClose(): void;
  /** A bet is in flight. */
  busy: boolean;
  isStop: boolean;
  /** The issue on sale (the chase plan starts at it). */
  issue: string | undefined;
  slip: BetSlip;
  rebate: RebatePoint;
  /** The countdown bar's state now: a blocked bar refuses the bet. */
  barNow(): CountdownState | undefined;
  /** Lines into the basket (false, with its toast, when they do not fit). */
  addToBasket(lines: NewLine[]): boolean;
  /** In chase mode, asks to leave it first (spec §5): false when the player stays. */
  leaveChaseFirst(): Promise<boolean>;
  place(request: PlaceRequest): Promise<boolean>;
  /** Fast mode's loop (连续开奖) started with the lines as the server takes them. */
  startFast(payload: unknown[]): void;
}) {
  const { lottery, issue, slip } = props;
  const { bettingPoint, rebateMissing } = props.rebate;
  const fastMode = lottery.isFastBet;
  const basket = useBasket(lottery.code);
  const setBasket = useBasketStore((s) => s.set);
  const clearBasket = useBasketStore((s) => s.clear);
  const chase = useChase(lottery.code);
  const setChase = useBasketStore((s) => s.setChase);
  const [chaseOpened, setChaseOpened] = useState<boolean | undefined>(undefined);

  const chaseOffered = lottery.chaseAllowed && !fastMode;
  const plan = useMemo(
    () =>
      chase && basket.length > 0 && issue !== undefined
        ? chasePlan(lottery, basket, chase, serverNow())
        : undefined,
    // the plan starts at the issue on sale: recomputed when it changes, not on every tick
    [chase, basket, lottery, issue],
  );

  const toggleChase = () => {
    if (chase) return setChase(lottery.code, null);
    if (basket.length === 0) return void showToast('请至少选择一注号码投注');
    try {
      assertChaseable(lottery, basket);
    } catch (error) {
      if (error instanceof RuleError) return void showToast(error.message);
      throw error;
    }
    // chase mode forces the basket's multipliers to 1: each issue's multiplier is the chase's
    setBasket(lottery.code, atMultiplierOne(basket));
    setChase(lottery.code, DEFAULT_CHASE);
  };

  /** 机选n注: n random notes of the play into the basket. */
  const quick = async (n: number) => {
    if (rebateMissing()) return;
    if (slip.single && slip.baseMinor <= 0n) return void showToast('请填写您要投注的金额');
    if (!(await props.leaveChaseFirst())) return;
    const { play } = slip;
    const lines: NewLine[] = [];
    for (let i = 0; i < n; i++) {
      const text = play.quickPick(Math.random);
      lines.push(slip.lineOf(play, text, play.count(text)));
    }
    props.addToBasket(lines);
  };

  const bet = () => {
    if (fastMode && !props.isStop) {
      if (rebateMissing()) return;
      if (basket.length === 0) return void showToast('请至少选择一注号码投注');
      props.onClose();
      return props.startFast(wireLines(basket, '', bettingPoint));
    }
    const bar = props.barNow();
    if (bar?.blocked) return void showToast(bar.text);
    if (rebateMissing()) return;
    if (chase && plan?.error) return void showToast(plan.error);
    const current = () => useBasketStore.getState().byLottery[lottery.code] ?? [];
    const chaseSend =
      chase && plan
        ? {
            options: chase,
            rows: plan.rows,
            totalMinor: plan.totalMinor,
            onMaxCount: (chaseCount: number) => setChase(lottery.code, { ...chase, chaseCount }),
          }
        : undefined;
    void props.place({ lines: basket, issue, bettingPoint, chase: chaseSend, current }).then(() => {
      if (current().length === 0) props.onClose();
    });
  };

  return (
    <>
      <BasketPanel
        family={lottery.family}
        visible={props.visible}
        lines={basket}
        busy={props.busy}
        onClose={props.onClose}
        onQuick={(n) => void quick(n)}
        onRemove={(i) =>
          setBasket(
            lottery.code,
            basket.filter((_, j) => j !== i),
          )
        }
        onClear={() => clearBasket(lottery.code)}
        fast={fastMode}
        chase={
          chaseOffered
            ? {
                options: chase,
                totalMinor: plan?.totalMinor ?? 0n,
                onToggle: toggleChase,
                onEdit: () => setChaseOpened(true),
              }
            : undefined
        }
        onBet={bet}
      />
      {chase && chaseOpened !== undefined ? (
        <Suspense fallback={null}>
          <ChasePopup
            lottery={lottery}
            visible={chaseOpened}
            lines={basket}
            options={chase}
            onChange={(options: ChaseOptions) => setChase(lottery.code, options)}
            onClose={() => setChaseOpened(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
