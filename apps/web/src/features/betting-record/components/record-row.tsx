import type { BetRecordEntry } from '@lottery/contract/betting';
import { issueLabel } from '@lottery/rules/schedule';
import { beijingFormat } from '../../../shared/lib/day';

/** State colours: pending gold, won red, lost grey, cancelled light grey. */
export const STATE_CLASS: Record<number, string> = { 0: 'pending', 1: 'won', 2: 'lost', 3: 'cancelled' };

/** The state column: 等待开奖 / 已中奖 +bonus / 未中奖 / 已撤单. */
export function stateText(row: {
  state: number;
  stateName: string;
  returnAmount?: string;
  bonus?: string;
}): string {
  const bonus = row.returnAmount ?? row.bonus;
  if (row.state === 1 && bonus) return `${row.stateName} +${bonus}`;
  return row.stateName;
}

export function RecordRow({ row, onOpen }: { row: BetRecordEntry; onOpen(): void }) {
  return (
    <button type="button" className="record-row" onClick={onOpen} data-record={row.id}>
      <div className="record-main">
        <div className="record-name">{row.lotteryName}</div>
        <div className="record-issue">
          第{issueLabel(row.issue)}期 · {beijingFormat(row.gmtCreated, 'MM-DD HH:mm:ss')}
        </div>
      </div>
      <div className="record-side">
        <div className="record-amount">{row.bettingAmount}元</div>
        <div className={`record-state record-state--${STATE_CLASS[row.state] ?? 'pending'}`}>
          {stateText(row)}
        </div>
      </div>
    </button>
  );
}
