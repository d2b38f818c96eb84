import type { ResultEntry } from '@lottery/contract/draw';
import type { LotteryDef } from '@lottery/rules/lotteries';
import { type IssueTimes, issueBefore } from '@lottery/rules/schedule';
import { Link } from 'react-router';
import { CountdownBar, LiveCountdownBar } from './countdown-bar';
import { ResultsStrip } from './results-strip';

/**
 * The top of the betting screen: the countdown bar (同步时间... until the server clock is measured),
 * the latest results and, for stock lotteries, the way to the index chart.
 */
export function IssueStatus(props: {
  lottery: LotteryDef;
  synced: boolean;
  isStop: boolean;
  onSale: IssueTimes | undefined;
  results: readonly ResultEntry[] | undefined;
  /**
   * Fast mode (连续开奖): every bet is drawn at once, so no issue is counted down or awaited (no
   * 等待开局, no 等待开奖); the strip keeps the scheduled draws' results.
   */
  fast?: boolean;
}) {
  const { lottery, onSale } = props;
  const waitingIssue = onSale && !props.fast ? previousIssue(lottery, onSale) : undefined;
  return (
    <div className="lottery-top">
      {props.fast ? (
        // only a stopped lottery blocks fast mode (暂停销售); no issue is counted down
        <CountdownBar
          title="连续开奖"
          state={props.isStop ? { text: '暂停销售', blocked: true } : { text: '马上开奖', blocked: false }}
        />
      ) : props.synced ? (
        <LiveCountdownBar lottery={lottery} isStop={props.isStop} />
      ) : (
        <div className="countdown-bar">同步时间...</div>
      )}
      <ResultsStrip family={lottery.family} results={props.results} waitingIssue={waitingIssue} />
      {lottery.family === 'STOCK' ? (
        <Link className="stock-link" to={`/stocks?code=${lottery.code}`}>
          指数走势 ›
        </Link>
      ) : null}
    </div>
  );
}

/** The issue just closed whose result is expected (等待开奖 until it appears). */
function previousIssue(lottery: LotteryDef, times: IssueTimes): string | undefined {
  try {
    return issueBefore(lottery, times).issue;
  } catch {
    return undefined;
  }
}
