import type { ResultEntry } from '@lottery/contract/draw';
import { lunarYearOf } from '@lottery/rules/display';
import type { Family } from '@lottery/rules/family';
import { beijingDate, issueLabel } from '@lottery/rules/schedule';
import { memo, useState } from 'react';
import { LazyPopup } from '../../../shared/ui/lazy-popup';
import { resultSummary } from '../model/result-labels';
import { ResultBall } from './ball';

function ResultLine({ family, entry }: { family: Family; entry: ResultEntry }) {
  const numbers = entry.openNumber ? entry.openNumber.split(',') : [];
  const summary = resultSummary(family, numbers, lunarYearOf(beijingDate(entry.openTime)));
  const shown = family === 'LHC' ? numbers.slice(0, 6) : numbers;
  const special = family === 'LHC' ? numbers[6] : undefined;
  return (
    <div className={`result-line result-line--${family}`}>
      <div className="result-balls">
        {shown.map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: numbers can repeat (dice, digits)
          <ResultBall key={i} family={family} value={n} />
        ))}
        {special ? (
          <>
            <span className="result-plus">+</span>
            <ResultBall family={family} value={special} />
          </>
        ) : null}
      </div>
      <div className="result-tags">
        {summary.sum !== undefined ? (
          <span className="result-tag result-tag--sum">和{summary.sum}</span>
        ) : null}
        {summary.labels.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: labels can repeat (龙 龙 虎)
          <span key={i} className="result-tag">
            {l}
          </span>
        ))}
      </div>
    </div>
  );
}

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
      <LazyPopup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="results-history">
        <div className="popup-title">开奖历史</div>
        {(results ?? []).length === 0 ? <div className="empty-line">暂无开奖记录</div> : null}
        {(results ?? []).map((entry) => (
          <div className="history-row" key={entry.issue}>
            <span className="history-issue">{issueLabel(entry.issue)}期</span>
            <ResultLine family={family} entry={entry} />
          </div>
        ))}
      </LazyPopup>
    </>
  );
});
