import { InfiniteScroll } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { zhCN } from '../../../shared/locales/zh-CN';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import type { RecordPeriod } from '../api/get-betting';
import { useChaseBetData, useChaseBetting } from '../api/get-chase-betting';
import { ChaseRow } from '../components/chase-row';
import { PeriodFilter } from '../components/period-filter';
import '../betting-record.css';
import '../chase-record.css';

/** spec/betting.md §4: chase records refresh while a chase is 未开始. */
export const NOT_STARTED_REFRESH_MS = 5_000;

/**
 * /chaseNumberRecord 追号记录: period dropdown (今天 / 昨天 / 七天), the period's totals, and each
 * chase with its first issue, 已追/总期数, amount, winnings and state (未开始, 进行中, 已完成, 已撤单).
 */
export default function ChaseRecordPage() {
  const [period, setPeriod] = useState<RecordPeriod>('today');
  const [notStarted, setNotStarted] = useState(false);
  const refresh = notStarted ? NOT_STARTED_REFRESH_MS : false;
  const chases = useChaseBetting(period, refresh);
  const totals = useChaseBetData(period, refresh);
  const navigate = useNavigate();
  const rows = chases.data?.pages.flatMap((p) => p.rows) ?? [];
  const anyNotStarted = rows.some((r) => r.state === 0);
  if (anyNotStarted !== notStarted) setNotStarted(anyNotStarted);
  const t = totals.data;

  return (
    <div className="record-page">
      <PeriodFilter period={period} onPeriod={setPeriod} />
      <div className="chase-totals" data-testid="chase-totals">
        <div>
          <span>追号单</span>
          <strong>{t ? t.chaseCount : '--'}</strong>
        </div>
        <div>
          <span>追号金额</span>
          <strong>{t ? t.betMoney : '--'}</strong>
        </div>
        <div>
          <span>中奖金额</span>
          <strong className="chase-win">{t ? t.winMoney : '--'}</strong>
        </div>
        <div>
          <span>撤单退款</span>
          <strong>{t ? t.refundMoney : '--'}</strong>
        </div>
      </div>
      {chases.isPending ? (
        <PageLoading />
      ) : rows.length === 0 ? (
        <EmptyState text="暂无追号记录" />
      ) : (
        <div className="record-list">
          {rows.map((row) => (
            <ChaseRow
              key={row.id}
              row={row}
              onOpen={() => void navigate(`/chaseNumberRecordDetail/${row.id}`)}
            />
          ))}
          <InfiniteScroll
            hasMore={Boolean(chases.hasNextPage)}
            loadMore={async () => {
              await chases.fetchNextPage();
            }}
          >
            {chases.hasNextPage ? zhCN.loading : zhCN.allShown}
          </InfiniteScroll>
        </div>
      )}
    </div>
  );
}
