import {
  assertChaseable,
  type BettingUnit,
  checkUnit,
  lineAmountMinor,
  MESSAGES,
  MINOR_PER_YUAN,
  normaliseMultiplier,
  normalisePerBetAmount,
} from '@lottery/rules/amount';
import { describeSelection } from '@lottery/rules/describe';
import type { Family } from '@lottery/rules/family';
import { defaultOf, offeredPlays } from '@lottery/rules/family-plays';
import { zodiacYearAt } from '@lottery/rules/lhc-zodiac';
import { type LotteryDef, lotteriesOf, lotteryForRoute } from '@lottery/rules/lotteries';
import { floorToCents, parseRebateTenths } from '@lottery/rules/odds';
import type { PlayDef } from '@lottery/rules/play';
import { RuleError } from '@lottery/rules/play';
import { playDetailCode } from '@lottery/rules/play-code';
import { type IssueTimes, issueBefore } from '@lottery/rules/schedule';
import { useQueryClient } from '@tanstack/react-query';
import type { DialogShowProps } from 'antd-mobile';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { syncServerTime } from '../../../shared/api/clock-sync';
import { serverNow } from '../../../shared/api/server-time';
import { afterNextPaint } from '../../../shared/lib/after-paint';
import { afterFirstScreen } from '../../../shared/lib/first-screen';
import { zhCN } from '../../../shared/locales/zh-CN';
import { useSiteStore } from '../../../shared/stores/site';
import { feedbackWidgets, showAlert, showToast } from '../../../shared/ui/feedback';
import { PageLoading } from '../../../shared/ui/page-loading';
import { footerBalanceQuery } from '../api/balance';
import { betRebateQuery, useBetRebate } from '../api/bet-rebate';
import { useAllLotteryData } from '../api/get-all-lottery-data';
import { useLotteryOpenData } from '../api/lottery-open-data';
import { useOpenResult } from '../api/open-result';
import { BasketPanel } from '../components/basket-panel';
import { SingleFooter, StandardFooter, UnitSwitch } from '../components/bet-footer';
import { LiveCountdownBar } from '../components/countdown-bar';
import { FastResultCard, useFastBetLoop } from '../components/fast-bet-loop';
import { LotteryHeader } from '../components/lottery-header';
import { NumberPicker } from '../components/number-picker';
import { bettingPointText, RebatePicker } from '../components/rebate-picker';
import { ResultsStrip } from '../components/results-strip';
import { useBetFlow } from '../components/use-bet-flow';
import { useFamilyPlays } from '../components/use-family-plays';
import { useServerClockValue } from '../components/use-server-second';
import { addLines, type NewLine, wireLines } from '../model/basket';
import { atMultiplierOne, type ChaseOptions, chasePlan, DEFAULT_CHASE } from '../model/chase';
import { closedMessage, countdown, resultPollMs } from '../model/countdown';
import { prizeLine } from '../model/odds';
import { bettingNumberOf, countSelection, emptySelection, type Selection } from '../model/selection';
import { useBasket, useBasketStore, useChase } from '../stores/basket';
import '../lottery.css';

const CLOSED_DIALOG_MS = 6_000;
/** The chase settings popup loads when first opened (it is not needed to paint the page). */
const ChasePopup = lazy(async () => ({ default: (await import('../components/chase-popup')).ChasePopup }));
/**
 * 最高可中's rules (the largest rules module, every family's payout tables) load once the first
 * screen is shown, not before it can paint: the figure only shows once numbers are picked.
 */
const loadMaxWinRules = afterFirstScreen(() => import('@lottery/rules/max-win'));
type MaxWinRules = Awaited<ReturnType<typeof loadMaxWinRules>>;

function useMaxWinRules(): MaxWinRules | undefined {
  const [rules, setRules] = useState<MaxWinRules | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void loadMaxWinRules().then((loaded) => {
      if (alive) setRules(loaded);
    });
    return () => {
      alive = false;
    };
  }, []);
  return rules;
}

/** Standard footer base: 2 yuan a note (spec §3: set to 2 on route change). */
const STANDARD_BASE_MINOR = 2n * MINOR_PER_YUAN;

/**
 * /lottery/{FAMILY}/{CODE} (spec/betting.md §2): an unknown code for the family gives 当前彩种不存在
 * and goes to /home; otherwise the betting screen.
 */
export default function LotteryPlayPage() {
  const { CODE = '' } = useParams();
  const { pathname } = useLocation();
  const family = pathname.split('/')[2] ?? '';
  const navigate = useNavigate();
  const catalogue = useAllLotteryData();
  const listed = catalogue.data?.lotteryList.flatMap((g) => g.lotteries).find((l) => l.lotteryCode === CODE);
  const lottery = lotteryForRoute(family, CODE);
  const known = Boolean(lottery && listed && listed.family === family);

  useEffect(() => {
    if (catalogue.isPending || known) return;
    showToast(zhCN.lotteryMissing);
    void navigate('/home', { replace: true });
  }, [catalogue.isPending, known, navigate]);

  // The rebate and the balance are asked for while the family's plays load, not once the betting
  // screen mounts (the app asked for the issue on sale and the results as it started: prefetch.ts).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!lottery) return;
    void queryClient.prefetchQuery(betRebateQuery(lottery.lotteryType));
    void queryClient.prefetchQuery(footerBalanceQuery());
  }, [lottery, queryClient]);

  const familyPlays = useFamilyPlays(lottery?.family as Family | undefined);
  if (!known || !lottery || !familyPlays.data) return <PageLoading />;
  return (
    <BettingScreen
      key={lottery.code}
      lottery={lottery}
      familyPlays={familyPlays.data}
      isStopListed={Boolean(listed?.isStop)}
    />
  );
}

/**
 * Whether the server clock offset is measured (the app's own measurement at start-up when it is
 * still under way, betting.md §4); without it the dialog 因无法同步服务器时间... and back to /home.
 */
function useServerClockSynced(): boolean {
  const navigate = useNavigate();
  const [synced, setSynced] = useState(false);
  useEffect(() => {
    let alive = true;
    // once the screen is on show: its answer is not needed to draw it (issue 10)
    afterNextPaint(() => {
      void syncServerTime().then(async (offset) => {
        if (!alive) return;
        if (offset === undefined) {
          await showAlert(zhCN.serverTimeFailed);
          void navigate('/home');
          return;
        }
        setSynced(true);
      });
    });
    return () => {
      alive = false;
    };
  }, [navigate]);
  return synced;
}

/**
 * The issue on sale, read from the server clock: the betting screen re-renders when it changes
 * (a rollover), not on every tick; the countdown bar ticks on its own.
 */
function useIssueOnSale(lottery: LotteryDef, isStop: boolean, synced: boolean): IssueTimes | undefined {
  const issueId = useServerClockValue((now) =>
    synced ? countdown(lottery, now, isStop).issue?.issue : undefined,
  );
  // recomputed when the issue on sale changes (issueId), not on every tick
  return useMemo(
    () => (issueId === undefined ? undefined : countdown(lottery, serverNow(), isStop).issue),
    [issueId, lottery, isStop],
  );
}

function BettingScreen({
  lottery,
  familyPlays,
  isStopListed,
}: {
  lottery: LotteryDef;
  familyPlays: readonly PlayDef[];
  isStopListed: boolean;
}) {
  const family = lottery.family as Family;
  const navigate = useNavigate();
  const [search] = useSearchParams();
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
  const [basketOpen, setBasketOpen] = useState(false);
  const [pointTenths, setPointTenths] = useState(0);

  const centEnabled = Boolean(useSiteStore((s) => s.site?.stockCentEnable));
  // Stock bets are made in a unit, 分 (0.01) by default where cent mode is on, at multiplier 1
  // (spec/betting.md §3); other single-mode plays bet whole yuan.
  const stock = family === 'STOCK';
  const unit: BettingUnit = unitChoice ?? (stock && centEnabled ? '0.01' : '1');
  const synced = useServerClockSynced();
  const openData = useLotteryOpenData(lottery.code);
  const results = useOpenResult(lottery.code, resultPollMs(lottery));
  const rebate = useBetRebate(lottery.lotteryType);
  const basket = useBasket(lottery.code);
  const setBasket = useBasketStore((s) => s.set);
  const clearBasket = useBasketStore((s) => s.clear);
  const chase = useChase(lottery.code);
  const setChase = useBasketStore((s) => s.setChase);
  const [chaseOpened, setChaseOpened] = useState<boolean | undefined>(undefined);
  const rebateTenths = rebate.data ? (parseRebateTenths(rebate.data.rebate) ?? undefined) : undefined;
  const point = Math.min(pointTenths, rebateTenths ?? 0);
  // The prize group the server prices the bet at: 2 points of group per 0.1% of rebate taken.
  const group = rebate.data ? rebate.data.group - 2 * point : 0;
  const bettingPoint = bettingPointText(point);

  // Spec §5: without the rebate nothing can be priced; say so, and every bet action is refused.
  useEffect(() => {
    if (rebate.isError) showToast(MESSAGES.noRebate);
  }, [rebate.isError]);
  const rebateMissing = () => {
    if (rebate.data) return false;
    showToast(MESSAGES.noRebate);
    return true;
  };

  // Spec §8: 投注计划获取失败，即将返回首页 when the issue plan cannot be loaded.
  useEffect(() => {
    if (!openData.isError) return;
    showToast('投注计划获取失败，即将返回首页');
    const timer = setTimeout(() => void navigate('/home', { replace: true }), 1500);
    return () => clearTimeout(timer);
  }, [openData.isError, navigate]);

  const isStop = isStopListed || Boolean(openData.data?.issueDetailData.isStop);
  const onSale = useIssueOnSale(lottery, isStop, synced);
  const issue = onSale?.issue;
  /** The countdown bar's state now (undefined before the clock is synced): what a bet action checks. */
  const barNow = () => (synced ? countdown(lottery, serverNow(), isStop) : undefined);

  // Fast mode (连续开奖) on the 1-minute lotteries: rounds are drawn at once, no issue, no confirm.
  const fastMode = lottery.isFastBet;
  // Issue rollover: the 6-second dialog n期已封盘，当前为m期. Fast mode bets no issue, so its rollover
  // says nothing to the player (and must not clear the loop's 开奖进行中 question).
  const shownIssue = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!issue || fastMode) return;
    const previous = shownIssue.current;
    shownIssue.current = issue;
    if (!previous || previous === issue) return;
    const message = closedMessage(previous, issue);
    let handler: { close(): void } | undefined;
    let closed = false;
    void feedbackWidgets().then(({ Dialog }) => {
      if (closed) return;
      // The closed dialog replaces whatever dialog is open: a 投注确认 for the old issue would fail
      // with 投注期号错误, and 投注成功 is old news. Closing a confirm cancels it; the basket stays and
      // the next 立即投注 prices it for the new issue.
      Dialog.clear();
      // antd-mobile passes aria-label to the dialog element (not in its types): screen readers name it.
      const named: DialogShowProps & { 'aria-label': string } = {
        content: message,
        closeOnMaskClick: true,
        'aria-label': message,
      };
      handler = Dialog.show(named);
    });
    const timer = setTimeout(() => {
      closed = true;
      handler?.close();
    }, CLOSED_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [issue, fastMode]);

  const single = play.credit;
  const lineUnit: BettingUnit = single && !stock ? '1' : unit;
  const counted = countSelection(play, selection);
  const multiplier = normaliseMultiplier(multiplierText).value;
  const perBet = normalisePerBetAmount(perBetText);
  const pdc = playDetailCode(lottery.code, play.code);
  const baseMinor = single ? BigInt(perBet ?? 0) * MINOR_PER_YUAN : STANDARD_BASE_MINOR;
  const amountMinor =
    counted.count > 0 && baseMinor > 0n
      ? lineAmountMinor({
          lotteryCode: lottery.code,
          playDetailCode: pdc,
          count: counted.count,
          multiplier: single ? 1 : multiplier,
          unit: lineUnit,
          baseMinor,
        })
      : 0n;

  // 最高可中: the most the whole line can win on one draw, as the server would pay it.
  const selectionNumber = bettingNumberOf(play, selection);
  const maxWinRules = useMaxWinRules();
  const maxWin = useMemo(
    () =>
      maxWinRules && single && group > 0 && counted.count > 0 && amountMinor > 0n
        ? floorToCents(
            maxWinRules.lineMaxWinMinor(
              play,
              selectionNumber,
              group,
              amountMinor,
              amountMinor,
              BigInt(counted.count),
              zodiacYearAt(serverNow()),
            ),
          )
        : 0n,
    [maxWinRules, single, play, selectionNumber, group, amountMinor, counted.count],
  );

  const flow = useBetFlow(
    lottery,
    () => {
      // a placed chase resets its flags (spec §5)
      clearBasket(lottery.code);
      setChase(lottery.code, null);
    },
    () => clearBasket(lottery.code),
  );

  const playInput = play.input;
  const resetAfterFast = useCallback(() => {
    setSelection(emptySelection(playInput));
    clearBasket(lottery.code);
  }, [playInput, clearBasket, lottery.code]);
  const fastLoop = useFastBetLoop(resetAfterFast);
  const fastControls = fastMode
    ? {
        times: fastLoop.times,
        onTimes: fastLoop.setTimes,
        running: fastLoop.running,
        sending: fastLoop.sending,
        onStop: fastLoop.stop,
      }
    : undefined;

  // 追号 (spec §2, §5): offered where the lottery has chase and fast mode is off.
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
  /** Picking numbers again in chase mode turns chase off, after the player confirms (spec §5). */
  const leaveChaseFirst = async (): Promise<boolean> => {
    if (!chase) return true;
    const { Dialog } = await feedbackWidgets();
    const ok = await Dialog.confirm({
      content: '继续选号将退出追号模式，是否继续？',
      confirmText: '确定',
      cancelText: '取消',
    });
    if (ok) setChase(lottery.code, null);
    return ok;
  };

  const choosePlay = (code: string) => {
    const next = plays.find((p) => p.code === code);
    if (!next) return;
    setPlayCode(code);
    setSelection(emptySelection(next.input));
  };

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

  const onAdd = async () => {
    const bar = barNow();
    if (bar?.blocked) return void showToast(bar.text);
    if (rebateMissing()) return;
    if (counted.count <= 0) return void showToast(counted.error ?? '请至少选择一注号码投注');
    if (!(await leaveChaseFirst())) return;
    if (addToBasket([lineOf(play, bettingNumberOf(play, selection), counted.count)])) {
      setSelection(emptySelection(play.input));
    }
  };

  const onQuick = async (n: number) => {
    if (rebateMissing()) return;
    if (single && baseMinor <= 0n) return void showToast('请填写您要投注的金额');
    if (!(await leaveChaseFirst())) return;
    const lines: NewLine[] = [];
    for (let i = 0; i < n; i++) {
      const text = play.quickPick(Math.random);
      lines.push(lineOf(play, text, play.count(text)));
    }
    addToBasket(lines);
  };

  const onSingleBet = () => {
    const bar = barNow();
    if (fastMode ? isStop : bar?.blocked) return void showToast(bar?.text ?? '暂停销售');
    if (rebateMissing()) return;
    if (counted.count <= 0) return void showToast(counted.error ?? '请至少选择一注号码投注');
    if (baseMinor <= 0n) return void showToast('请填写您要投注的金额');
    const line = lineOf(play, bettingNumberOf(play, selection), counted.count);
    const result = addLines([], [line]);
    if (!result.ok) return void showToast(result.message);
    if (fastMode) return fastLoop.start(wireLines(result.lines, '', bettingPoint));
    void flow.confirmAndPlace({ lines: result.lines, issue, bettingPoint }).then((placed) => {
      if (placed) setSelection(emptySelection(play.input));
    });
  };

  const onUnit = (u: BettingUnit) => {
    const checked = checkUnit(u, centEnabled);
    if (checked.message) showToast(checked.message);
    setUnit(checked.unit);
  };

  const commitMultiplier = () => {
    const m = normaliseMultiplier(multiplierText);
    if (m.message) showToast(m.message);
    setMultiplierText(String(m.value));
  };

  const onBack = () => {
    const from = search.get('from');
    void navigate(from?.startsWith('/') ? from : '/home');
  };

  const rebatePicker = (
    <RebatePicker rebateTenths={rebateTenths} pointTenths={point} onChange={setPointTenths} />
  );

  const siblings = lotteriesOf(family).map((l) => ({ code: l.code, name: l.name }));
  // the play's prize at this group: its odds tables are walked once per play or group, not per render
  const prize = useMemo(() => prizeLine(play, group), [play, group]);
  const waitingIssue = onSale ? previousIssue(lottery, onSale) : undefined;

  return (
    <div className={`lottery-page lottery-page--${family}${fastMode ? ' lottery-page--fast' : ''}`}>
      {flow.shareView}
      <LotteryHeader
        lotteryName={lottery.name}
        play={play}
        plays={plays}
        siblings={siblings}
        onBack={onBack}
        onPlay={choosePlay}
        onLottery={(code) => void navigate(`/lottery/${family}/${code}`)}
        onChat={() => void navigate('/chatList')}
      />
      <div className="lottery-top">
        {synced ? (
          <LiveCountdownBar lottery={lottery} isStop={isStop} />
        ) : (
          <div className="countdown-bar">同步时间...</div>
        )}
        <ResultsStrip family={family} results={results.data} waitingIssue={waitingIssue} />
        {stock ? (
          <Link className="stock-link" to={`/stocks?code=${lottery.code}`}>
            指数走势 ›
          </Link>
        ) : null}
      </div>
      <div className="lottery-body">
        <div className="play-tip">
          <div>{play.tip}</div>
          <div className="play-example">{play.example}</div>
          {prize ? <div className="play-prize">{prize}</div> : null}
          {counted.error ? <div className="play-error">{counted.error}</div> : null}
        </div>
        <NumberPicker
          family={family}
          play={play}
          selection={selection}
          onChange={setSelection}
          group={group}
        />
      </div>
      {fastLoop.shown ? <FastResultCard round={fastLoop.shown} tally={fastLoop.tally} /> : null}
      {single ? (
        <SingleFooter
          count={counted.count}
          amountMinor={amountMinor}
          family={family}
          playName={play.name}
          selectionText={describeSelection(play, selectionNumber)}
          perBetText={perBetText}
          maxWinMinor={maxWin}
          busy={flow.busy}
          rebate={rebatePicker}
          units={stock ? <UnitSwitch unit={unit} onUnit={onUnit} /> : undefined}
          onPerBet={setPerBetText}
          onPerBetCommit={() => setPerBetText(String(normalisePerBetAmount(perBetText) ?? ''))}
          onClear={() => setSelection(emptySelection(play.input))}
          onBet={onSingleBet}
          fast={fastControls}
        />
      ) : (
        <StandardFooter
          count={counted.count}
          amountMinor={amountMinor}
          multiplierText={multiplierText}
          unit={unit}
          basketLines={basket.length}
          rebate={rebatePicker}
          onMultiplierText={setMultiplierText}
          onMultiplierCommit={commitMultiplier}
          onStep={(delta) => {
            const m = normaliseMultiplier(String(multiplier + delta));
            if (m.message) showToast(m.message);
            setMultiplierText(String(m.value));
          }}
          onUnit={onUnit}
          onAdd={() => void onAdd()}
          onOpenBasket={() => setBasketOpen(true)}
          fast={fastControls}
        />
      )}
      <BasketPanel
        family={family}
        visible={basketOpen}
        lines={basket}
        busy={flow.busy}
        onClose={() => setBasketOpen(false)}
        onQuick={(n) => void onQuick(n)}
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
        onBet={() => {
          if (fastMode && !isStop) {
            if (rebateMissing()) return;
            if (basket.length === 0) return void showToast('请至少选择一注号码投注');
            setBasketOpen(false);
            return fastLoop.start(wireLines(basket, '', bettingPoint));
          }
          const bar = barNow();
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
          void flow
            .confirmAndPlace({ lines: basket, issue, bettingPoint, chase: chaseSend, current })
            .then(() => {
              if (current().length === 0) setBasketOpen(false);
            });
        }}
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
    </div>
  );
}

function previousIssue(lottery: LotteryDef, times: Parameters<typeof issueBefore>[1]): string | undefined {
  try {
    return issueBefore(lottery, times).issue;
  } catch {
    return undefined;
  }
}
