import { useState } from 'react';
import { ListStates } from '../../../shared/ui/list-states';
import { type ChildPeriod, useChildReport } from '../api/get-child-report';
import { LoadError } from '../components/load-error';
import { NameSearch } from '../components/name-search';
import { PeriodSelect } from '../components/period-select';
import { FigureGrid, ProfitTag } from '../components/report-figures';
import { useAgentId } from '../model/agent-user';
import { money, periodRange, trend } from '../model/format';
import '../components/agent.css';

/**
 * /childReport 下级报表: each direct downline's own figures (not its team's) over a period — the
 * dropdown has no 七天 (spec/platform.md §2) — and their sum over every direct downline.
 */
export default function ChildReportPage() {
  const agentId = useAgentId();
  const [period, setPeriod] = useState<ChildPeriod>('today');
  const [userName, setUserName] = useState('');
  const report = useChildReport(agentId, period, userName);
  const first = report.data?.pages[0];
  const rows = report.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <div className="agent-page">
      <PeriodSelect<ChildPeriod> child period={period} onPeriod={setPeriod} />
      <section className="card agent-sum" data-testid="child-sum">
        <div className="agent-sum-head">
          <h3 className="section-title">
            <span>直属下级合计</span>
          </h3>
          <span className="agent-sum-range">{first ? periodRange(first.fromDay, first.toDay) : ''}</span>
        </div>
        {first ? (
          <>
            <p className={`agent-sum-profit agent-${trend(first.sum.profit) || 'flat'}`}>
              盈亏 <b>{money(first.sum.profit)}</b>
              <small>共 {first.total} 人</small>
            </p>
            <FigureGrid figures={first.sum} testId="child-sum-figures" />
          </>
        ) : (
          <p className="agent-sum-profit">--</p>
        )}
      </section>
      <NameSearch value={userName} onSearch={setUserName} placeholder="搜索直属下级账号" />
      {report.isError ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <ListStates
          className="agent-list"
          endClassName="agent-end"
          query={report}
          empty={rows.length === 0}
          emptyText="暂无下级报表"
          hasMore={Boolean(report.hasNextPage)}
          loadMore={() => report.fetchNextPage()}
        >
          {rows.map((row) => (
            <div key={row.userId} className="agent-row" data-testid="child-row" data-user={row.userName}>
              <div className="agent-row-head">
                <strong className="agent-row-name">{row.userName}</strong>
                <span className={`agent-tag ${row.isAgent ? 'agent-tag--agent' : ''}`}>
                  {row.isAgent ? '代理' : '玩家'}
                </span>
                <ProfitTag profit={row.figures.profit} />
              </div>
              <FigureGrid figures={row.figures} />
            </div>
          ))}
        </ListStates>
      )}
    </div>
  );
}
