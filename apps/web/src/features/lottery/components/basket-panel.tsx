import { UNIT_LABEL } from '@lottery/rules/amount';
import { shortSelection } from '@lottery/rules/describe';
import type { Family } from '@lottery/rules/family';
import { Button } from 'antd-mobile';
import { LazyPopup } from '../../../shared/ui/lazy-popup';
import { ShortText } from '../../../shared/ui/short-text';
import { type BasketLine, basketTotals, yuan } from '../model/basket';

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
}) {
  const totals = basketTotals(props.lines);
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
        <button type="button" onClick={props.onClear}>
          清空
        </button>
      </div>
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
                {line.bettingCount}注 × {line.graduationCount}倍 × {UNIT_LABEL[line.bettingUnit]} ={' '}
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
          <b data-testid="basket-amount">{yuan(totals.amountMinor)}</b>元
        </span>
        <Button
          color="primary"
          loading={props.busy}
          disabled={props.busy || props.lines.length === 0}
          onClick={props.onBet}
        >
          立即投注
        </Button>
      </div>
    </LazyPopup>
  );
}

/** The confirm popup content: notes, lines, total money and 普通投注. */
export function ConfirmContent({ lines, issueText }: { lines: readonly BasketLine[]; issueText: string }) {
  const totals = basketTotals(lines);
  return (
    <div className="bet-confirm">
      <div>期号：{issueText}</div>
      <div>
        注数：{totals.notes}注 / {totals.lines}笔
      </div>
      <div>
        总金额：<b>{yuan(totals.amountMinor)}</b>元
      </div>
      <div>普通投注</div>
    </div>
  );
}
