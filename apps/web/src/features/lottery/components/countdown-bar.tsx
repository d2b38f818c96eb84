import type { LotteryDef } from '@lottery/rules/lotteries';
import { issueLabel } from '@lottery/rules/schedule';
import { type CountdownState, countdown } from '../model/countdown';
import { useServerSecond } from './use-server-second';

/**
 * The countdown bar: issue on sale and HH:MM:SS (or 预售中 / a stop text). A fast lottery's bar has
 * `title` 连续开奖 in place of an issue: its bets are drawn the moment they are placed.
 */
export function CountdownBar({ state, title }: { state: CountdownState; title?: string }) {
  return (
    <div className={`countdown-bar${state.blocked ? ' countdown-bar--stop' : ''}`} data-testid="countdown">
      <span className="countdown-issue">
        {title ?? (state.issue ? `第${issueLabel(state.issue.issue)}期` : '—')}
      </span>
      <span className="countdown-label">{/^\d/.test(state.text) ? '截止' : ''}</span>
      <span className={`countdown-time${/^\d/.test(state.text) ? '' : ' countdown-time--text'}`}>
        {state.text}
      </span>
    </div>
  );
}

/** The bar on the play page: reads the shared server clock itself, so a tick re-renders only it. */
export function LiveCountdownBar({ lottery, isStop }: { lottery: LotteryDef; isStop: boolean }) {
  const now = useServerSecond();
  return <CountdownBar state={now === undefined ? UNKNOWN_STATE : countdown(lottery, now, isStop)} />;
}

/** The bar before the browser reads its clock (drawn on the server, hydrating). */
const UNKNOWN_STATE: CountdownState = { issue: undefined, text: '--:--:--', blocked: false };
