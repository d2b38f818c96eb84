import type { ResultEntry } from '@lottery/contract/draw';
import { lunarYearOf } from '@lottery/rules/display';
import type { Family } from '@lottery/rules/family';
import { beijingDate } from '@lottery/rules/schedule';
import { resultSummary } from '../model/result-labels';
import { ResultBall } from './ball';

/** One drawn issue: its balls (LHC's special after a +), sum and two-face labels. */
export function ResultLine({ family, entry }: { family: Family; entry: ResultEntry }) {
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
