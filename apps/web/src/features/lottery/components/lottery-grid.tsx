import { type LotteryDef, lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, type IssueTimes, isPresale, issueLabel } from '@lottery/rules/schedule';
import { Tag } from 'antd-mobile';
import { memo } from 'react';
import { useNavigate } from 'react-router';
import { LotteryIcon } from '../../../shared/ui/lottery-icon';
import type { Lottery } from '../api/get-all-lottery-data';
import { useServerSecond } from './use-server-second';

/** The play screen of a lottery; `from` is where its back arrow returns (spec/betting.md §2). */
export function lotteryPath(lottery: Lottery, from?: string): string {
  const path = `/lottery/${lottery.family}/${encodeURIComponent(lottery.lotteryCode)}`;
  return from ? `${path}?from=${encodeURIComponent(from)}` : path;
}

export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * The issue on sale for each code, kept until it closes: the issue found at `at` stays the one on
 * sale for every later instant before its close, so a tick formats a countdown without walking the
 * schedule again. (An earlier instant, after a clock correction, looks it up afresh.)
 */
const onSale = new Map<string, { at: number; times: IssueTimes }>();

function issueOnSale(code: string, def: LotteryDef, now: number): IssueTimes {
  const known = onSale.get(code);
  if (known && now >= known.at && now < known.times.closeMs) return known.times;
  const times = currentIssue(def, now);
  onSale.set(code, { at: now, times });
  return times;
}

/** The issue on sale and its countdown to close (预售中 far ahead), from packages/rules' schedule. */
export function issueLine(code: string, now: number): { issue: string; countdown: string } | undefined {
  const def = lotteryByCode(code);
  if (!def) return undefined;
  const times = issueOnSale(code, def, now);
  return {
    issue: issueLabel(times.issue),
    countdown: isPresale(def, times, now) ? '预售中' : clockText(times.closeMs - now),
  };
}

/** A card's line before the browser reads its clock (drawn on the server, hydrating). */
const UNKNOWN_LINE = { issue: '—', countdown: '--:--:--' };

/** A card's issue and countdown: the only part of the hall that changes every second. */
function CardIssueLine({ code }: { code: string }) {
  const now = useServerSecond();
  const line = now === undefined ? UNKNOWN_LINE : issueLine(code, now);
  return line ? (
    <>
      <span className="lottery-issue">第{line.issue}期</span>
      <span className="lottery-countdown">{line.countdown}</span>
    </>
  ) : null;
}

const LotteryCard = memo(function LotteryCard({ lottery, from }: { lottery: Lottery; from?: string }) {
  const navigate = useNavigate();
  const stopped = Boolean(lottery.isStop);
  return (
    <button
      type="button"
      className={stopped ? 'lottery-card stopped' : 'lottery-card'}
      onClick={() => navigate(lotteryPath(lottery, from))}
    >
      {lottery.hot ? (
        <Tag className="lottery-hot" color="danger" fill="solid">
          热
        </Tag>
      ) : null}
      <LotteryIcon family={lottery.family} />
      <span className="lottery-name">{lottery.lotteryName}</span>
      {stopped ? <span className="lottery-sub">暂停销售</span> : <CardIssueLine code={lottery.lotteryCode} />}
    </button>
  );
});

/**
 * Lottery cards, three a row: icon, name, issue and countdown, hot/stop marks. `from` is the page
 * (with its tab) the play screen's back arrow returns to; home when absent.
 */
export function LotteryGrid({ lotteries, from }: { lotteries: Lottery[]; from?: string }) {
  return (
    <div className="lottery-grid">
      {lotteries.map((lottery) => (
        <LotteryCard key={lottery.lotteryCode} lottery={lottery} from={from} />
      ))}
    </div>
  );
}
