import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, isPresale, issueLabel } from '@lottery/rules/schedule';
import { Tag } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { serverNow } from '../../../shared/api/server-time';
import { LotteryIcon } from '../../../shared/ui/lottery-icon';
import type { Lottery } from '../api/get-all-lottery-data';

/** The play screen of a lottery; `from` is where its back arrow returns (spec/betting.md §2). */
export function lotteryPath(lottery: Lottery, from?: string): string {
  const path = `/lottery/${lottery.family}/${encodeURIComponent(lottery.lotteryCode)}`;
  return from ? `${path}?from=${encodeURIComponent(from)}` : path;
}

/** Server time, ticking once a second. */
function useServerNow(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The issue on sale and its countdown to close (预售中 far ahead), from packages/rules' schedule. */
export function issueLine(code: string, now: number): { issue: string; countdown: string } | undefined {
  const def = lotteryByCode(code);
  if (!def) return undefined;
  const times = currentIssue(def, now);
  return {
    issue: issueLabel(times.issue),
    countdown: isPresale(def, times, now) ? '预售中' : clockText(times.closeMs - now),
  };
}

/**
 * Lottery cards, three a row: icon, name, issue and countdown, hot/stop marks. `from` is the page
 * (with its tab) the play screen's back arrow returns to; home when absent.
 */
export function LotteryGrid({ lotteries, from }: { lotteries: Lottery[]; from?: string }) {
  const navigate = useNavigate();
  const now = useServerNow();
  return (
    <div className="lottery-grid">
      {lotteries.map((lottery) => {
        const stopped = Boolean(lottery.isStop);
        const line = stopped ? undefined : issueLine(lottery.lotteryCode, now);
        return (
          <button
            type="button"
            key={lottery.lotteryCode}
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
            {stopped ? <span className="lottery-sub">暂停销售</span> : null}
            {line ? (
              <>
                <span className="lottery-issue">第{line.issue}期</span>
                <span className="lottery-countdown">{line.countdown}</span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
