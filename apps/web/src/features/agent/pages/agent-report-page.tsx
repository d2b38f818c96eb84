import type { TeamReportRow } from '@lottery/contract/agent-report';
import type { ReportPeriod } from '@lottery/contract/records';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListStates } from '../../../shared/ui/list-states';
import { useAgentReport } from '../api/get-agent-report';
import { LoadError } from '../components/load-error';
import { NameSearch } from '../components/name-search';
import { PeriodSelect } from '../components/period-select';
import { ReportDetailPopup } from '../components/report-detail-popup';
import { FigureGrid, ProfitTag } from '../components/report-figures';
import { useAgentId } from '../model/agent-user';
import { money, periodRange, trend } from '../model/format';
import { formatTrail, parseTrail, type TrailStep } from '../model/trail';
import '../components/agent.css';

/**
 * /agentReport 代理报表: over a period, the listed user's own figures and its whole team's, then one
 * row per direct downline with that downline's team figures. An agent row drills into its own
 * downlines (?trail=…, so back walks up); 按日明细 opens a member's per-day figures. Search by name
 * and paging as every list.
 */
export default function AgentReportPage() {
  const agentId = useAgentId();
  const [params, setParams] = useSearchParams();
  const trail = parseTrail(params.get('trail'));
  const current = trail[trail.length - 1];
  const [period, setPeriod] = useState<ReportPeriod>('today');
  const [userName, setUserName] = useState('');
  const [detailOf, setDetailOf] = useState<TrailStep>();
  const report = useAgentReport(agentId, { period, userId: current?.userId, userName });
  const first = report.data?.pages[0];
  const rows = report.data?.pages.flatMap((p) => p.rows) ?? [];

  const goTo = (steps: TrailStep[]) => {
    setUserName('');
    setParams(steps.length ? { trail: formatTrail(steps) } : {});
  };
  const drill = (row: TeamReportRow) => goTo([...trail, { userId: row.userId, userName: row.userName }]);

  return (
    <div className="agent-page">
      <PeriodSelect period={period} onPeriod={setPeriod} />
      <nav className="agent-trail" aria-label="层级">
        <button type="button" className={trail.length === 0 ? 'is-current' : ''} onClick={() => goTo([])}>
          我的团队
        </button>
        {trail.map((step, i) => (
          <span key={step.userId}>
            <RightOutline />
            <button
              type="button"
              className={i === trail.length - 1 ? 'is-current' : ''}
              onClick={() => goTo(trail.slice(0, i + 1))}
            >
              {step.userName}
            </button>
          </span>
        ))}
        {trail.length > 0 ? (
          <button type="button" className="agent-trail-up" onClick={() => goTo(trail.slice(0, -1))}>
            返回上级
          </button>
        ) : null}
      </nav>

      <section className="agent-hero agent-hero--compact" data-testid="report-summary">
        <div className="agent-hero-top">
          <span>{first ? `${first.userName} 及其团队` : '团队合计'}</span>
          <span>{first ? periodRange(first.fromDay, first.toDay) : ''}</span>
        </div>
        <p className="agent-hero-label">团队盈亏（元，含本人）</p>
        <p
          className={`agent-hero-value agent-hero-${trend(first?.team.profit) || 'flat'}`}
          data-testid="report-team-profit"
        >
          {first ? money(first.team.profit) : '--'}
        </p>
        <div className="agent-hero-grid">
          <Hero label="团队投注" value={first?.team.bet} testId="report-team-bet" />
          <Hero label="团队中奖" value={first?.team.win} testId="report-team-win" />
          <Hero label="团队返点" value={first?.team.rebate} testId="report-team-rebate" />
          <Hero label="本人投注" value={first?.self.bet} testId="report-self-bet" />
          <Hero label="本人返点" value={first?.self.rebate} testId="report-self-rebate" />
          <Hero label="本人盈亏" value={first?.self.profit} testId="report-self-profit" />
        </div>
        {first ? (
          <button
            type="button"
            className="agent-hero-link"
            onClick={() => setDetailOf({ userId: first.userId, userName: first.userName })}
          >
            按日明细 <RightOutline />
          </button>
        ) : null}
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
            <div
              key={row.userId}
              className={row.isAgent ? 'agent-row agent-row--link' : 'agent-row'}
              data-testid="report-row"
              data-user={row.userName}
              onClick={row.isAgent ? () => drill(row) : undefined}
            >
              <div className="agent-row-head">
                <strong className="agent-row-name">{row.userName}</strong>
                <span className={`agent-tag ${row.isAgent ? 'agent-tag--agent' : ''}`}>
                  {row.isAgent ? '代理' : '玩家'}
                </span>
                <ProfitTag profit={row.figures.profit} />
              </div>
              <FigureGrid figures={row.figures} testId="report-row-figures" />
              <div className="agent-row-foot">
                <span>团队 {row.teamCount} 人</span>
                <button
                  type="button"
                  className="agent-row-action agent-row-action--plain"
                  onClick={(event) => {
                    event.stopPropagation();
                    setDetailOf(row);
                  }}
                >
                  按日明细
                </button>
                {row.isAgent ? (
                  <button
                    type="button"
                    className="agent-row-action"
                    onClick={(event) => {
                      event.stopPropagation();
                      drill(row);
                    }}
                  >
                    查看下级 <RightOutline />
                  </button>
                ) : null}
              </div>
            </div>
          ))}
        </ListStates>
      )}
      <ReportDetailPopup
        agentId={agentId}
        period={period}
        member={detailOf}
        onClose={() => setDetailOf(undefined)}
      />
    </div>
  );
}

function Hero({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  return (
    <div className="agent-hero-figure">
      <span>{label}</span>
      <strong data-testid={testId}>{value === undefined ? '--' : money(value)}</strong>
    </div>
  );
}
