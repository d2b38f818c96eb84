import { Dropdown, InfiniteScroll, Radio, Space } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { type RecordPeriod, useBetting } from '../api/get-betting';
import { RecordRow } from './record-row';

export const PERIODS: { key: RecordPeriod; label: string }[] = [
  { key: 'today', label: '今天' },
  { key: 'yesterday', label: '昨天' },
  { key: 'sevenDays', label: '七天' },
];

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
  const dropdown = useRef<{ close(): void }>(null);
  const rows = records.data?.pages.flatMap((p) => p.rows) ?? [];
  const anyPending = rows.some((r) => r.state === 0);
  if (anyPending !== pending) setPending(anyPending);
  const label = PERIODS.find((p) => p.key === period)!.label;

  return (
    <div className="record-page">
      <Dropdown ref={dropdown} className="record-filter">
        <Dropdown.Item key="period" title={label}>
          <div className="record-periods">
            <Radio.Group
              value={period}
              onChange={(v) => {
                setPeriod(v as RecordPeriod);
                dropdown.current?.close();
              }}
            >
              <Space direction="vertical" block>
                {PERIODS.map((p) => (
                  <Radio key={p.key} value={p.key} block>
                    {p.label}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </div>
        </Dropdown.Item>
      </Dropdown>
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
