import { InfiniteScroll } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { type RecordPeriod, useBetting } from '../api/get-betting';
import { PeriodFilter } from './period-filter';
import { RecordRow } from './record-row';

const PENDING_REFRESH_MS = 10_000;

/**
 * /bettingRecord: period dropdown (today / yesterday / seven days), states 等待开奖 / 已中奖 /
 * 未中奖 / 已撤单, loading, 暂无投注记录 and 已显示全部记录. Refreshes while a bet waits for its draw.
 */
export function RecordList() {
  const [period, setPeriod] = useState<RecordPeriod>('today');
  const [pending, setPending] = useState(false);
  const records = useBetting(period, pending ? PENDING_REFRESH_MS : false);
  const navigate = useNavigate();
  const rows = records.data?.pages.flatMap((p) => p.rows) ?? [];
  const anyPending = rows.some((r) => r.state === 0);
  if (anyPending !== pending) setPending(anyPending);

  return (
    <div className="record-page">
      <PeriodFilter period={period} onPeriod={setPeriod} />
      {records.isPending ? (
        <PageLoading />
      ) : rows.length === 0 ? (
        <EmptyState text="暂无投注记录" />
      ) : (
        <div className="record-list">
          {rows.map((row) => (
            <RecordRow key={row.id} row={row} onOpen={() => void navigate(`/bettingRecord/${row.id}`)} />
          ))}
          <InfiniteScroll
            hasMore={Boolean(records.hasNextPage)}
            loadMore={async () => {
              await records.fetchNextPage();
            }}
          >
            {records.hasNextPage ? '加载中...' : '已显示全部记录'}
          </InfiniteScroll>
        </div>
      )}
    </div>
  );
}
