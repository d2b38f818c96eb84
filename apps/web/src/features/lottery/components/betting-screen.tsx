import { type LotteryDef, lotteriesOf } from '@lottery/rules/lotteries';
import type { PlayDef } from '@lottery/rules/play';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useOpenResult } from '../api/open-result';
import { useBetActions } from '../hooks/use-bet-actions';
import { useBetSlip } from '../hooks/use-bet-slip';
import { useIssueClosedDialog } from '../hooks/use-issue-closed-dialog';
import { useIssueOnSale } from '../hooks/use-issue-on-sale';
import { useMaxWin } from '../hooks/use-max-win';
import { useOpenedOnce } from '../hooks/use-opened-once';
import { useRebatePoint } from '../hooks/use-rebate-point';
import { resultPollMs } from '../model/countdown';
import { useBasketStore } from '../stores/basket';
import { BetBar } from './bet-bar';
import { FastResultCard, useFastBetLoop } from './fast-bet-loop';
import { IssueStatus } from './issue-status';
import { LotteryHeader } from './lottery-header';
import { NumberPicker } from './number-picker';
import { PlayTip } from './play-tip';
import { useBetFlow } from './use-bet-flow';

/** The basket sheet loads the first time it is opened: the first paint does not draw it (issue 39). */
const BasketSheet = lazy(async () => ({ default: (await import('./basket-sheet')).BasketSheet }));

/**
 * The betting screen of one lottery (spec/betting.md §2): header, issue and results, the play's
 * tip, the number picker and the bet bar; the basket sheet once opened. What it does lives in its
 * hooks: the slip being written (useBetSlip), the issue on sale (useIssueOnSale), the rebate taken
 * (useRebatePoint), 最高可中 (useMaxWin), placing (useBetFlow), fast mode's loop (useFastBetLoop) and
 * the bet bar's buttons (useBetActions).
 */
export function BettingScreen({
  lottery,
  familyPlays,
  isStopListed,
}: {
  lottery: LotteryDef;
  familyPlays: readonly PlayDef[];
  isStopListed: boolean;
}) {
  const family = lottery.family;
  // Fast mode (连续开奖) on the 1-minute lotteries: rounds are drawn at once, no issue, no confirm.
  const fastMode = lottery.isFastBet;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const slip = useBetSlip(lottery, familyPlays);
  const sale = useIssueOnSale(lottery, isStopListed);
  const issue = sale.onSale?.issue;
  useIssueClosedDialog(issue, fastMode);
  const results = useOpenResult(lottery.code, resultPollMs(lottery));
  const rebate = useRebatePoint(lottery.lotteryType);
  const maxWinMinor = useMaxWin(slip, rebate.group);

  const clearBasket = useBasketStore((s) => s.clear);
  const setChase = useBasketStore((s) => s.setChase);
  const flow = useBetFlow(
    lottery,
    () => {
      // a placed chase resets its flags (spec §5)
      clearBasket(lottery.code);
      setChase(lottery.code, null);
    },
    () => clearBasket(lottery.code),
  );
  const { clearSelection } = slip;
  const resetAfterFast = useCallback(() => {
    clearSelection();
    clearBasket(lottery.code);
  }, [clearSelection, clearBasket, lottery.code]);
  const fastLoop = useFastBetLoop(resetAfterFast);
  const actions = useBetActions({
    lottery,
    slip,
    rebate,
    sale,
    place: flow.confirmAndPlace,
    startFast: fastLoop.start,
  });

  const [basketOpen, setBasketOpen] = useState(false);
  const basketMounted = useOpenedOnce(basketOpen);

  const onBack = () => {
    const from = search.get('from');
    void navigate(from?.startsWith('/') ? from : '/home');
  };
  const siblings = lotteriesOf(family).map((l) => ({ code: l.code, name: l.name }));

  return (
    <div className={`lottery-page lottery-page--${family}${fastMode ? ' lottery-page--fast' : ''}`}>
      {flow.shareView}
      <LotteryHeader
        lotteryName={lottery.name}
        play={slip.play}
        plays={slip.plays}
        siblings={siblings}
        onBack={onBack}
        onPlay={slip.choosePlay}
        onLottery={(code) => void navigate(`/lottery/${family}/${code}`)}
        onChat={() => void navigate('/chatList')}
      />
      <IssueStatus
        lottery={lottery}
        synced={sale.synced}
        isStop={sale.isStop}
        onSale={sale.onSale}
        results={results.data}
        fast={fastMode}
      />
      <div className="lottery-body">
        <PlayTip play={slip.play} group={rebate.group} error={slip.counted.error} />
        <NumberPicker
          family={family}
          play={slip.play}
          selection={slip.selection}
          onChange={slip.setSelection}
          group={rebate.group}
        />
      </div>
      {fastLoop.shown ? (
        <Suspense fallback={null}>
          <FastResultCard family={family} round={fastLoop.shown} tally={fastLoop.tally} />
        </Suspense>
      ) : null}
      <BetBar
        slip={slip}
        rebate={rebate}
        maxWinMinor={maxWinMinor}
        busy={flow.busy}
        basketLines={actions.basketLines}
        fast={
          fastMode
            ? {
                times: fastLoop.times,
                onTimes: fastLoop.setTimes,
                running: fastLoop.running,
                sending: fastLoop.sending,
                onStop: fastLoop.stop,
              }
            : undefined
        }
        onAdd={actions.add}
        onBetSingle={actions.betSingle}
        onOpenBasket={() => setBasketOpen(true)}
      />
      {basketMounted ? (
        <Suspense fallback={null}>
          <BasketSheet
            lottery={lottery}
            visible={basketOpen}
            onClose={() => setBasketOpen(false)}
            busy={flow.busy}
            isStop={sale.isStop}
            issue={issue}
            slip={slip}
            rebate={rebate}
            barNow={sale.barNow}
            addToBasket={actions.addToBasket}
            leaveChaseFirst={actions.leaveChaseFirst}
            place={flow.confirmAndPlace}
            startFast={fastLoop.start}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
