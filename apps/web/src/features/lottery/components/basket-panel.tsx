import { shortSelection } from '@lottery/rules/describe';
import type { Family } from '@lottery/rules/family';
import { Button } from 'antd-mobile';
import { LazyPopup } from '../../../shared/ui/lazy-popup';
import { ShortText } from '../../../shared/ui/short-text';
import { type BasketLine, basketTotals, perNoteYuan, yuan } from '../model/basket';
import { type ChaseOptions, chaseSummary } from '../model/chase';
import './chase.css';

/** The basket's 追号 state: offered unless the lottery has no chase (FC3D, PL35) or fast mode is on. */
export interface BasketChase {
  options: ChaseOptions | null;
  /** The whole chase's amount, when on. */
  totalMinor: bigint;
  onToggle(): void;
  onEdit(): void;
}

/**
 * The 号码栏 basket (spec/betting.md §2): 机选1注, 机选5注, 继续加号, 清空, the lines, totals and
 * 立即投注 (which opens the confirm popup).
 */
export function BasketPanel(props: {
  family: Family;
  visible: boolean;
  lines: readonly BasketLine[];
  busy: boolean;
  onClose(): void;
  onQuick(n: number): void;
  onRemove(index: number): void;
  onClear(): void;
  onBet(): void;
  /** Absent where chase is not offered. */
  chase?: BasketChase;
  /** Fast mode (连续开奖): the button draws at once. */
  fast?: boolean;
}) {
  const totals = basketTotals(props.lines);
  const chase = props.chase;
  return (
    <LazyPopup visible={props.visible} onMaskClick={props.onClose} bodyClassName="basket-panel">
      <div className="popup-title">号码栏</div>
      <div className="basket-actions">
        <button type="button" onClick={() => props.onQuick(1)}>
          机选1注
        </button>
        <button type="button" onClick={() => props.onQuick(5)}>
          机选5注
        </button>
        <button type="button" onClick={props.onClose}>
          继续加号
        </button>
        {chase ? (
          <button
            type="button"
            className="chase-toggle"
            aria-pressed={chase.options !== null}
            onClick={chase.onToggle}
          >
            追号
          </button>
        ) : null}
        <button type="button" onClick={props.onClear}>
          清空
        </button>
      </div>
      {chase?.options ? (
        <div className="chase-summary" data-testid="chase-summary">
          <span>追号：{chaseSummary(chase.options)}</span>
          <button type="button" onClick={chase.onEdit}>
            追号设置
          </button>
        </div>
      ) : null}
      <div className="basket-lines">
        {props.lines.length === 0 ? <div className="empty-line">暂无号码，请选号</div> : null}
        {props.lines.map((line, i) => (
          <div
            className="basket-line"
            key={`${line.playDetailCode}:${line.bettingNumber}:${line.bettingUnit}`}
          >
            <div className="basket-line-main">
              <div className="basket-line-play">{line.playName}</div>
              <div className="basket-line-number">
                <ShortText
                  short={shortSelection(props.family, line.betDetail)}
                  full={line.betDetail}
                  title={line.playName}
                />
              </div>
              <div className="basket-line-meta">
                {line.bettingCount}注 × {line.graduationCount}倍 × {perNoteYuan(line)}元 ={' '}
                <b>{yuan(line.amountMinor)}</b>元
              </div>
            </div>
            <button
              type="button"
              className="basket-line-remove"
              aria-label="删除"
              onClick={() => props.onRemove(i)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
      <div className="basket-footer">
        <span>
          共<b data-testid="basket-notes">{totals.notes}</b>注 {totals.lines}笔 合计
          <b data-testid="basket-amount">{yuan(chase?.options ? chase.totalMinor : totals.amountMinor)}</b>元
        </span>
        <Button
          color="primary"
          loading={props.busy}
          disabled={props.busy || props.lines.length === 0}
          onClick={props.onBet}
        >
          {props.fast ? '马上开奖' : '立即投注'}
        </Button>
      </div>
    </LazyPopup>
  );
}
