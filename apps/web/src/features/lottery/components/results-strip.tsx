import type { ResultEntry } from '@lottery/contract/draw';
import type { Family } from '@lottery/rules/family';
import { issueLabel } from '@lottery/rules/schedule';
import { lazy, memo, Suspense, useState } from 'react';
import { useOpenedOnce } from '../hooks/use-opened-once';
import { ResultLine } from './result-line';

/** 开奖历史 loads the first time the strip is tapped: the first paint does not draw it (issue 39). */
const ResultsHistory = lazy(async () => ({ default: (await import('./results-history')).ResultsHistory }));

/**
 * Latest results strip (DESIGN.md §9): the last drawn issue's balls, sum and two-face labels,
 * 等待开奖 while the issue before the one on sale has no result yet; tap for the history. Memoised: it
 * changes with the results, not with the betting screen's every render.
 */
export const ResultsStrip = memo(function ResultsStrip({
  family,
  results,
  waitingIssue,
}: {
  family: Family;
  results: readonly ResultEntry[] | undefined;
  /** The issue just closed whose result is expected (等待开奖 until it appears). */
  waitingIssue?: string;
}) {
  const [open, setOpen] = useState(false);
  const historyMounted = useOpenedOnce(open);
  const latest = results?.[0];
  const waiting = waitingIssue !== undefined && latest?.issue !== waitingIssue;
  return (
    <>
      <button
        type="button"
        className={`results-strip results-strip--${family}`}
        onClick={() => setOpen(true)}
        data-testid="results-strip"
      >
        <div className="results-strip-head">
          <span className="results-strip-issue">
            {waiting
              ? `第${issueLabel(waitingIssue)}期`
              : latest
                ? `第${issueLabel(latest.issue)}期开奖`
                : '暂无开奖'}
          </span>
          <span className="results-more">开奖历史 ▾</span>
        </div>
        {/* one height whatever it holds (loading, 等待开奖, a result): the betting screen below never jumps */}
        <div className="results-strip-body">
          {waiting ? (
            <div className="results-waiting">等待开奖</div>
          ) : latest ? (
            <ResultLine family={family} entry={latest} />
          ) : null}
        </div>
      </button>
      {historyMounted ? (
        <Suspense fallback={null}>
          <ResultsHistory family={family} results={results} visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
});
