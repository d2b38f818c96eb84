import { Code } from '@lottery/contract/codes';
import { describeDraw, describeSelection, shortSelection } from '@lottery/rules/describe';
import { shortenOpenNumber } from '@lottery/rules/display';
import type { Family } from '@lottery/rules/family';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { findPlay } from '@lottery/rules/plays';
import { issueLabel } from '@lottery/rules/schedule';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Popup, Toast } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { balanceKey } from '../../../shared/api/balance';
import { beijingFormat } from '../../../shared/lib/day';
import { ShortText } from '../../../shared/ui/short-text';
import { cancelBetting } from '../api/cancel-betting';
import { useBetDetail } from '../api/get-bet-detail';
import { STATE_CLASS } from './record-row';

const CANCEL_CONFIRM = '撤单不可恢复，是否确认撤单？';
const CANCELLING = '正在撤单...';
const CANCEL_RETRIES = 5;

/**
 * 注单详情 (spec/betting.md §2): slides in from the right with a back arrow; a bet awaiting its draw
 * can be cancelled after 撤单不可恢复，是否确认撤单？. A load failure shows msg and closes.
 */
export function BetDetailPanel({ id, onClose }: { id: string; onClose(): void }) {
  const detail = useBetDetail(id);
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    if (!detail.error) return;
    Toast.show(detail.error.message || '注单不存在');
    onClose();
  }, [detail.error, onClose]);

  const cancel = async () => {
    if (busy.current || !detail.data) return;
    if (!(await Dialog.confirm({ content: CANCEL_CONFIRM, confirmText: '确定', cancelText: '取消' }))) return;
    busy.current = true;
    setCancelling(true);
    try {
      for (let attempt = 0; attempt <= CANCEL_RETRIES; attempt++) {
        const envelope = await cancelBetting(detail.data.id);
        if (envelope.code === Code.CANCEL_IN_PROGRESS && attempt < CANCEL_RETRIES) {
          await new Promise((r) => setTimeout(r, 1000));
          continue;
        }
        if (envelope.msg) Toast.show(envelope.msg);
        break;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['betting'] }),
        queryClient.invalidateQueries({ queryKey: balanceKey }),
      ]);
    } catch {
      // The API client already said what went wrong.
    } finally {
      busy.current = false;
      setCancelling(false);
    }
  };

  const d = detail.data;
  const family = d ? (lotteryByCode(d.lotteryCode)?.family as Family | undefined) : undefined;
  const draw = d && family ? describeDraw(family, d.openNum) : (d?.openNum ?? '');
  return (
    <Popup visible position="right" bodyClassName="bet-detail" onMaskClick={onClose}>
      <div className="bet-detail-head">
        <button type="button" aria-label="返回" className="bet-detail-back" onClick={onClose}>
          <LeftOutline />
        </button>
        <span>注单详情</span>
      </div>
      {!d ? (
        <div className="empty-line">加载中...</div>
      ) : (
        <div className="bet-detail-body" data-testid="bet-detail">
          <dl className="detail-list">
            <dt>彩种</dt>
            <dd>{d.lotteryName}</dd>
            <dt>期号</dt>
            <dd>第{issueLabel(d.issue)}期</dd>
            <dt>注单号</dt>
            <dd>{d.recordCode}</dd>
            <dt>投注时间</dt>
            <dd>{beijingFormat(d.gmtCreated, 'YYYY-MM-DD HH:mm:ss')}</dd>
            <dt>投注金额</dt>
            <dd>{d.betMoney}元</dd>
            <dt>状态</dt>
            <dd
              className={`record-state record-state--${STATE_CLASS[d.state] ?? 'pending'}`}
              data-testid="detail-state"
            >
              {cancelling ? CANCELLING : d.stateName}
            </dd>
            <dt>中奖金额</dt>
            <dd data-testid="detail-bonus">{d.bonus}元</dd>
            <dt>开奖号码</dt>
            <dd data-testid="detail-draw">
              {draw ? <ShortText short={shortenOpenNumber(draw)} full={draw} title="开奖号码" /> : '等待开奖'}
            </dd>
          </dl>
          <div className="detail-lines">
            {d.betInfoList.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own
              <div className="detail-line" key={i}>
                <div className="detail-line-play">{line.playName}</div>
                <div className="detail-line-number">
                  <SelectionLine family={family} line={line} />
                </div>
                <div className="detail-line-meta">
                  {line.bettingCount}注 × {line.graduationCount}倍 · {line.betMoney}元 · 中奖 {line.bonus}元
                </div>
              </div>
            ))}
          </div>
          {d.canCancel ? (
            <Button
              block
              color="primary"
              loading={cancelling}
              disabled={cancelling}
              onClick={() => void cancel()}
            >
              撤单
            </Button>
          ) : null}
        </div>
      )}
    </Popup>
  );
}

/** A bet line's numbers as the player picked them, shortened with a detail link when long. */
/** A line's selection as the player reads it, shortened with the whole on tap. */
export function SelectionLine({
  family,
  line,
}: {
  family: Family | undefined;
  line: { playDetailCode: string; playName: string; betNum: string };
}) {
  const play = family ? findPlay(family, line.playDetailCode.slice(-3)) : undefined;
  const text = play ? describeSelection(play, line.betNum) : line.betNum;
  return <ShortText short={shortSelection(family ?? 'SSC', text)} full={text} title={line.playName} />;
}
