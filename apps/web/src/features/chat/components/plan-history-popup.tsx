import { PUSH_PLAN_PAGE_SIZE } from '@lottery/contract/chat';
import { Button, CenterPopup, InfiniteScroll, List, Popup } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { getPlanRecords, type PlanRecord } from '../api/push-plans';

const RESULT = ['未中', '已中', '等待开奖'];

/** 历史开奖 of a push plan: pages of 10 until a short page; a row opens 历史开奖详情. */
export function PlanHistoryPopup({ planId, onClose }: { planId: number | undefined; onClose(): void }) {
  const [rows, setRows] = useState<PlanRecord[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [detail, setDetail] = useState<PlanRecord>();

  // Opening resets the list and paging; closing clears the detail (spec §4).
  useEffect(() => {
    setRows([]);
    setPage(0);
    setHasMore(planId !== undefined);
    setDetail(undefined);
  }, [planId]);

  const loadMore = async () => {
    if (planId === undefined) return;
    const next = page + 1;
    const data = await getPlanRecords(planId, next);
    setRows((r) => [...r, ...data.rows]);
    setPage(next);
    setHasMore(data.rows.length === PUSH_PLAN_PAGE_SIZE);
  };

  return (
    <Popup
      visible={planId !== undefined}
      position="right"
      bodyClassName="chat-side-page"
      onMaskClick={onClose}
    >
      <div className="chat-side-head">
        <button type="button" aria-label="返回" onClick={onClose}>
          <LeftOutline />
        </button>
        <strong>历史开奖</strong>
        <span />
      </div>
      <List>
        {rows.map((row) => (
          <List.Item
            key={row.id}
            onClick={() => setDetail(row)}
            description={`开奖：${row.openNumber || '-'}　预测：${row.predictionResult}`}
            extra={<span className={row.isPrize === 1 ? 'money' : 'muted'}>{RESULT[row.isPrize] ?? ''}</span>}
          >
            {row.gameName} 第{row.issue}期
          </List.Item>
        ))}
      </List>
      {planId !== undefined ? (
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {hasMore ? '加载中...' : rows.length ? '已显示全部记录' : '暂无开奖记录'}
        </InfiniteScroll>
      ) : null}
      <CenterPopup visible={Boolean(detail)} onMaskClick={() => setDetail(undefined)}>
        {detail ? (
          <div className="plan-detail">
            <h3>历史开奖详情</h3>
            <dl>
              <dt>游戏名称</dt>
              <dd>{detail.gameName}</dd>
              <dt>期号</dt>
              <dd>{detail.issue}</dd>
              <dt>开奖内容</dt>
              <dd>{detail.openNumber || '-'}</dd>
              <dt>预测</dt>
              <dd>{detail.predictionResult}</dd>
              <dt>结果</dt>
              <dd>{RESULT[detail.isPrize] ?? ''}</dd>
            </dl>
            <Button block onClick={() => setDetail(undefined)}>
              取消
            </Button>
          </div>
        ) : null}
      </CenterPopup>
    </Popup>
  );
}
