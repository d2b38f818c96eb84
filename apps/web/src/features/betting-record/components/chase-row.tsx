import type { ChaseRecordEntry } from '@lottery/contract/chase';
import { issueLabel } from '@lottery/rules/schedule';
import { beijingFormat } from '../../../shared/lib/day';

/** Chase states 0 未开始, 1 进行中, 2 已完成, 3 已撤单 → colour classes. */
export const CHASE_STATE_CLASS: Record<number, string> = {
  0: 'pending',
  1: 'running',
  2: 'done',
  3: 'cancelled',
};

/** One chase: lottery, first issue, 已追/总期数, amount, winnings and state. */
export function ChaseRow({ row, onOpen }: { row: ChaseRecordEntry; onOpen(): void }) {
  const won = /[1-9]/.test(row.winMoney);
  return (
    <button type="button" className="record-row chase-row" onClick={onOpen} data-chase={row.id}>
      <div className="record-main">
        <div className="record-name">{row.lotteryName}</div>
        <div className="record-issue">
          第{issueLabel(row.issue)}期起 · {beijingFormat(row.gmtCreated, 'MM-DD HH:mm:ss')}
        </div>
        <div className="chase-progress" data-testid="chase-progress">
          已追 {row.doneCount}/{row.chaseCount} 期 ·{' '}
          <span className={won ? 'chase-win' : ''}>中奖 {row.winMoney}元</span>
        </div>
      </div>
      <div className="record-side">
        <div className="record-amount">{row.betMoney}元</div>
        <div
          className={`record-state chase-state chase-state--${CHASE_STATE_CLASS[row.state] ?? 'pending'}`}
          data-testid="chase-state"
        >
          {row.stateName}
        </div>
      </div>
    </button>
  );
}
