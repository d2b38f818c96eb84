import type { ResultEntry } from '@lottery/contract/draw';
import type { Family } from '@lottery/rules/family';
import { issueLabel } from '@lottery/rules/schedule';
import { LazyPopup } from '../../../shared/ui/lazy-popup';
import { ResultLine } from './result-line';

/** 开奖历史: every result the play page has, newest first (results-strip.tsx loads it on first tap). */
export function ResultsHistory({
  family,
  results,
  visible,
  onClose,
}: {
  family: Family;
  results: readonly ResultEntry[] | undefined;
  visible: boolean;
  onClose(): void;
}) {
  return (
    <LazyPopup visible={visible} onMaskClick={onClose} bodyClassName="results-history">
      <div className="popup-title">开奖历史</div>
      {(results ?? []).length === 0 ? <div className="empty-line">暂无开奖记录</div> : null}
      {(results ?? []).map((entry) => (
        <div className="history-row" key={entry.issue}>
          <span className="history-issue">{issueLabel(entry.issue)}期</span>
          <ResultLine family={family} entry={entry} />
        </div>
      ))}
    </LazyPopup>
  );
}
