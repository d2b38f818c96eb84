import type { ChaseDetailData } from '@lottery/contract/chase';
import { Code } from '@lottery/contract/codes';
import { type BettingUnit, UNIT_LABEL } from '@lottery/rules/amount';
import { describeDraw } from '@lottery/rules/describe';
import { shortenOpenNumber } from '@lottery/rules/display';
import type { Family } from '@lottery/rules/family';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { issueLabel } from '@lottery/rules/schedule';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { beijingFormat } from '../../../shared/lib/day';
import { PageLoading } from '../../../shared/ui/page-loading';
import { cancelChase } from '../api/cancel-chase';
import { useChaseDetail } from '../api/get-chase-detail';
import { SelectionLine } from '../components/bet-detail-panel';
import { CHASE_STATE_CLASS } from '../components/chase-row';
import { STATE_CLASS } from '../components/record-row';
import '../betting-record.css';
import '../chase-record.css';
import { balanceKey } from '../../../shared/api/balance';

const CANCEL_CONFIRM = '撤销后，尚未开奖的追号注单将全部撤单并退款，是否确认撤销追号？';
const CANCELLING = '正在撤单...';
const CANCEL_RETRIES = 5;
const LIVE_REFRESH_MS = 5_000;

/**
 * /chaseNumberRecordDetail/{id} 追号详情: the chase (lottery, 中奖即停 or 中奖循环, state, money), its
 * lines, and every issue's order (issue, multiplier, amount, state, draw, bonus; tapping one opens
 * its bet at /bettingRecord/{orderId}). 撤销追号 while the chase can still be cancelled, after a
 * confirm; the reply's refund is shown.
 */
export default function ChaseDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [live, setLive] = useState(true);
  const detail = useChaseDetail(id, live ? LIVE_REFRESH_MS : false);
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const busy = useRef(false);

  const d = detail.data;
  const isLive = d ? d.state === 0 || d.state === 1 : true;
  if (isLive !== live) setLive(isLive);

  useEffect(() => {
    if (!detail.error) return;
    Toast.show(detail.error.message || '追号单不存在');
    void navigate('/chaseNumberRecord', { replace: true });
  }, [detail.error, navigate]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['betting'] }),
      queryClient.invalidateQueries({ queryKey: balanceKey }),
    ]);

  const cancel = async () => {
    if (busy.current || !d) return;
    if (!(await Dialog.confirm({ content: CANCEL_CONFIRM, confirmText: '确定', cancelText: '取消' }))) return;
    busy.current = true;
    setCancelling(true);
    try {
      for (let attempt = 0; attempt <= CANCEL_RETRIES; attempt++) {
        const envelope = await cancelChase(d.id);
        if (envelope.code === Code.CANCEL_IN_PROGRESS && attempt < CANCEL_RETRIES) {
          await new Promise((r) => setTimeout(r, 1000));
          continue;
        }
        if (envelope.code === Code.OK && envelope.data) {
          const { refund, cancelled } = envelope.data;
          await refresh();
          busy.current = false;
          setCancelling(false);
          await Dialog.alert({
            content: (
              <div data-testid="chase-refund">
                {envelope.msg || '撤单成功'}，退还 {refund} 元（{cancelled}期）
              </div>
            ),
            confirmText: '确定',
          });
          return;
        }
        if (envelope.msg) Toast.show(envelope.msg);
        break;
      }
      await refresh();
    } catch {
      // The API client already said what went wrong.
    } finally {
      busy.current = false;
      setCancelling(false);
    }
  };

  if (!d) return <PageLoading />;
  const family = lotteryByCode(d.lotteryCode)?.family as Family | undefined;
  return (
    <div className="record-page chase-detail" data-testid="chase-detail">
      <dl className="detail-list">
        <dt>彩种</dt>
        <dd>{d.lotteryName}</dd>
        <dt>追号编号</dt>
        <dd>{d.recordCode}</dd>
        <dt>起始期号</dt>
        <dd>第{issueLabel(d.issue)}期</dd>
        <dt>追号进度</dt>
        <dd data-testid="chase-detail-progress">
          已追 {d.doneCount}/{d.chaseCount} 期
        </dd>
        <dt>追号方式</dt>
        <dd data-testid="chase-mode">{d.isStopAfterWinning ? '中奖即停' : '中奖循环'}</dd>
        <dt>状态</dt>
        <dd
          className={`record-state chase-state chase-state--${CHASE_STATE_CLASS[d.state] ?? 'pending'}`}
          data-testid="chase-detail-state"
        >
          {cancelling ? CANCELLING : d.stateName}
          {d.stopReason === 'win' ? '（中奖停止）' : null}
        </dd>
        <dt>追号金额</dt>
        <dd>{d.betMoney}元</dd>
        <dt>中奖金额</dt>
        <dd className={/[1-9]/.test(d.winMoney) ? 'chase-win' : ''} data-testid="chase-detail-win">
          {d.winMoney}元
        </dd>
        <dt>退款金额</dt>
        <dd data-testid="chase-detail-refund">{d.refundMoney}元</dd>
        <dt>下单时间</dt>
        <dd>{beijingFormat(d.gmtCreated, 'YYYY-MM-DD HH:mm:ss')}</dd>
      </dl>
      <div className="detail-lines">
        {d.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own
          <div className="detail-line" key={i}>
            <div className="detail-line-play">{line.playName}</div>
            <div className="detail-line-number">
              <SelectionLine family={family} line={line} />
            </div>
            <div className="detail-line-meta">
              {line.bettingCount}注 · {UNIT_LABEL[line.bettingUnit as BettingUnit] ?? '元'}模式
            </div>
          </div>
        ))}
      </div>
      <OrderTable
        orders={d.orders}
        family={family}
        onOpen={(orderId) => void navigate(`/bettingRecord/${orderId}`)}
      />
      {d.canCancel ? (
        <div className="chase-actions">
          <Button
            block
            color="primary"
            loading={cancelling}
            disabled={cancelling}
            onClick={() => void cancel()}
            data-testid="chase-cancel"
          >
            撤销追号
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function OrderTable({
  orders,
  family,
  onOpen,
}: {
  orders: ChaseDetailData['orders'];
  family: Family | undefined;
  onOpen(orderId: string): void;
}) {
  return (
    <div className="chase-orders" data-testid="chase-orders">
      <div className="chase-orders-title">追号期数（{orders.length}期）</div>
      {orders.map((o) => {
        const draw = o.openNum && family ? describeDraw(family, o.openNum) : o.openNum;
        return (
          <button
            type="button"
            key={o.orderId}
            className="chase-order"
            data-testid="chase-order"
            data-order={o.orderId}
            onClick={() => onOpen(o.orderId)}
          >
            <div className="chase-order-top">
              <span className="chase-order-issue">第{issueLabel(o.issue)}期</span>
              <span>{o.graduationCount}倍</span>
              <span>{o.betMoney}元</span>
              <span
                className={`record-state--${STATE_CLASS[o.state] ?? 'pending'}`}
                data-testid="order-state"
              >
                {o.stateName}
              </span>
            </div>
            <div className="chase-order-sub">
              <span>开奖 {draw ? shortenOpenNumber(draw).text : '--'}</span>
              <span className={o.state === 1 ? 'chase-win' : ''}>
                奖金 {o.state === 1 ? o.bonus : '0.00'}
              </span>
            </div>
          </button>
        );
      })}
    </div>
  );
}
