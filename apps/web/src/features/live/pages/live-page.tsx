import type { LiveDraw, LiveIssue, LiveServerFrame } from '@lottery/contract/live';
import { LOTTERIES, type LotteryDef } from '@lottery/rules/lotteries';
import { issueLabel } from '@lottery/rules/schedule';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LotteryIcon } from '../../../shared/ui/lottery-icon';
import { PageLoading } from '../../../shared/ui/page-loading';
import { ResultRow, Reveal, revealDurationMs } from '../components/reveal';
import { type BroadcastState, broadcastState, broadcastVisible, VISITOR_LEVEL } from '../model/broadcast';
import { openLiveSocket } from '../model/live-socket';
import { mmss, useNow } from '../model/use-now';
import '../live.css';

/** /live/{type}/{code}: type is the lottery's family (K3) or its lotteryType number (1). */
export function lotteryOfLiveRoute(
  type: string | undefined,
  code: string | undefined,
): LotteryDef | undefined {
  const lottery = LOTTERIES.find((l) => l.code === code);
  if (!lottery || !type) return undefined;
  return lottery.family === type.toUpperCase() || String(lottery.lotteryType) === type ? lottery : undefined;
}

interface LiveState {
  offsetMs: number;
  next: LiveIssue;
  history: LiveDraw[];
  /** The result pushed while watching, with the local time it arrived (the banner's 5 s). */
  revealed?: LiveDraw & { arrivedMs: number };
}

function reduce(state: LiveState | undefined, frame: LiveServerFrame): LiveState | undefined {
  if (frame.type === 'hello')
    return { offsetMs: frame.serverMs - Date.now(), next: frame.next, history: frame.history };
  if (frame.type !== 'drawn' || !state) return state;
  const history = [frame.draw, ...state.history.filter((d) => d.issue !== frame.draw.issue)].slice(0, 10);
  return {
    offsetMs: frame.serverMs - Date.now(),
    next: frame.next,
    history,
    revealed: { ...frame.draw, arrivedMs: frame.serverMs },
  };
}

export default function LivePage() {
  const { type, code } = useParams();
  const lottery = lotteryOfLiveRoute(type, code);
  if (!lottery) return <EmptyState text="当前彩种不存在" />;
  return <LiveView key={lottery.code} lottery={lottery} />;
}

function LiveView({ lottery }: { lottery: LotteryDef }) {
  const navigate = useNavigate();
  const [state, setState] = useState<LiveState>();
  const [link, setLink] = useState<'connecting' | 'open' | 'closed' | 'refused'>('connecting');
  useEffect(
    () =>
      openLiveSocket(lottery.code, {
        onFrame: (frame) => setState((s) => reduce(s, frame)),
        onState: setLink,
      }),
    [lottery.code],
  );
  const now = useNow(state?.offsetMs ?? 0);
  if (link === 'refused') return <EmptyState text="当前彩种不存在" />;
  if (!state) return <PageLoading />;

  const latest = state.history[0];
  // The issue before the one on sale has been due since its draw time: 开奖中 until it arrives.
  const dueIssue = state.next.drawMs <= now ? state.next.issue : undefined;
  const awaiting = dueIssue && latest?.issue !== dueIssue ? dueIssue : undefined;
  const banner = broadcastVisible(VISITOR_LEVEL)
    ? broadcastState({
        nowMs: now,
        next: state.next,
        revealed: state.revealed,
        awaiting,
        revealMs: revealDurationMs(lottery.family, lottery.resultLength),
      })
    : ({ kind: 'hidden' } as const);
  const shown = awaiting ? undefined : latest;

  return (
    <div className="live-page" data-testid="live-page">
      <BroadcastBanner state={banner} family={lottery.family} />
      <section className="live-head">
        <LotteryIcon family={lottery.family} size={44} />
        <div className="live-head-text">
          <strong>{lottery.name}</strong>
          <span>
            第{issueLabel(state.next.issue)}期 {awaiting ? '开奖中' : '距开奖'}
          </span>
        </div>
        <div className="live-countdown" data-testid="live-countdown">
          {awaiting ? '开奖中' : mmss(state.next.drawMs - now)}
        </div>
      </section>

      <section className={`live-stage live-stage--${lottery.family}`} data-testid="live-stage">
        <div className="live-stage-title" data-testid="live-stage-issue">
          {awaiting
            ? `第${issueLabel(awaiting)}期 开奖中…`
            : shown
              ? `第${issueLabel(shown.issue)}期 开奖结果`
              : '等待开奖'}
        </div>
        <Reveal
          key={awaiting ?? shown?.issue ?? 'none'}
          family={lottery.family}
          numbers={shown?.numbers ?? []}
          length={lottery.resultLength}
          drawing={awaiting !== undefined}
        />
        {link === 'closed' ? <div className="live-link-state">连接中断，正在重连…</div> : null}
      </section>

      <Button
        block
        color="primary"
        className="live-bet"
        onClick={() => navigate(`/lottery/${lottery.family}/${lottery.code}`)}
      >
        去投注
      </Button>

      <section className="live-history">
        <div className="live-section-title">最近开奖</div>
        {state.history.length === 0 ? (
          <EmptyState text="暂无开奖记录" />
        ) : (
          <ul data-testid="live-history">
            {state.history.map((d) => (
              <li key={d.issue}>
                <span className="live-history-issue">第{issueLabel(d.issue)}期</span>
                <ResultRow family={lottery.family} numbers={d.numbers} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function BroadcastBanner({ state, family }: { state: BroadcastState; family: string }) {
  if (state.kind === 'hidden') return null;
  return (
    <div className={`live-banner live-banner--${state.kind}`} data-testid="live-banner" role="status">
      {state.kind === 'countdown' ? (
        <>
          第{issueLabel(state.issue)}期 即将开奖 <b>{state.seconds}</b> 秒
        </>
      ) : state.kind === 'drawing' ? (
        <>第{issueLabel(state.issue)}期 正在开奖…</>
      ) : (
        <>
          第{issueLabel(state.issue)}期 开奖：
          <ResultRow family={family} numbers={state.numbers} />
        </>
      )}
    </div>
  );
}
