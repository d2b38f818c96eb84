import { InfiniteScroll, List, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { beijingFormat } from '../../../shared/lib/day';
import { getReceivedEnvelopes, type ReceivedPage } from '../api/envelopes';

const DISPATCH_LABELS = ['个人红包', '普通红包', '拼手气红包'];

/** Received list (right slide panel): last 7 days, pages of 10, totals; 暂无领取记录 / 已显示全部记录. */
export function ReceivedPanel({
  visible,
  roomCode,
  onClose,
}: {
  visible: boolean;
  roomCode?: string;
  onClose(): void;
}) {
  const [rows, setRows] = useState<ReceivedPage['rows']>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const [totals, setTotals] = useState<{ totalAmount: string; total: number }>();

  useEffect(() => {
    if (!visible) return;
    setRows([]);
    setPage(0);
    setHasMore(true);
    setTotals(undefined);
  }, [visible]);

  const loadMore = async () => {
    const next = page + 1;
    try {
      const data = await getReceivedEnvelopes(next, roomCode);
      setRows((r) => [...r, ...data.rows]);
      setPage(next);
      setTotals({ totalAmount: data.totalAmount, total: data.total });
      setHasMore(next * 10 < data.total);
    } catch {
      setHasMore(false);
    }
  };

  return (
    <Popup visible={visible} position="right" onMaskClick={onClose} bodyClassName="received-panel">
      <div className="received-head">
        <strong>我的红包</strong>
        <button type="button" className="link" onClick={onClose}>
          关闭
        </button>
      </div>
      {totals ? (
        <p className="received-totals">
          7天内共领取 <b>{totals.total}</b> 个，合计 <b>{totals.totalAmount}</b> 元
        </p>
      ) : null}
      <List>
        {rows.map((row) => (
          <List.Item
            key={`${row.recordId}-${row.receiveTime}`}
            description={beijingFormat(row.receiveTime * 1000, 'YYYY/M/D HH:mm:ss')}
            extra={<b className="money">{row.amount}元</b>}
          >
            {row.userName}
            <small className="received-type">{DISPATCH_LABELS[row.dispatchType] ?? ''}</small>
          </List.Item>
        ))}
      </List>
      {visible ? (
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {hasMore ? '加载中...' : rows.length ? '已显示全部记录' : '暂无领取记录'}
        </InfiniteScroll>
      ) : null}
    </Popup>
  );
}
