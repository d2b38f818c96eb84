import type { ReportPeriod } from '@lottery/contract/records';
import { Popup } from 'antd-mobile';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useAgentReportDetail } from '../api/get-agent-report-detail';
import { LoadError } from './load-error';
import { FigureGrid, ProfitTag } from './report-figures';

/** 按日明细: a member's team figures per Beijing day of the period, newest first, and the total. */
export function ReportDetailPopup(props: {
  agentId: number;
  period: ReportPeriod;
  member: { userId: number; userName: string } | undefined;
  onClose(): void;
}) {
  const detail = useAgentReportDetail(props.agentId, props.period, props.member?.userId);
  const data = detail.data;
  return (
    <Popup
      visible={props.member !== undefined}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyClassName="agent-sheet agent-sheet--tall"
      showCloseButton
    >
      <div data-testid="report-detail">
        <h3 className="agent-sheet-title">{props.member?.userName} · 按日明细</h3>
        {detail.isPending ? (
          <PageLoading />
        ) : detail.isError ? (
          <LoadError compact error={detail.error} onRetry={() => void detail.refetch()} />
        ) : data && data.days.length > 0 ? (
          <div className="agent-sheet-scroll">
            <div className="agent-day agent-day--total">
              <div className="agent-day-head">
                <strong>合计</strong>
                <ProfitTag profit={data.total.profit} />
              </div>
              <FigureGrid figures={data.total} />
            </div>
            {data.days.map((d) => (
              <div key={d.day} className="agent-day" data-testid="report-day">
                <div className="agent-day-head">
                  <strong>{d.day}</strong>
                  <ProfitTag profit={d.figures.profit} />
                </div>
                <FigureGrid figures={d.figures} />
              </div>
            ))}
          </div>
        ) : (
          <EmptyState text="暂无报表数据" />
        )}
      </div>
    </Popup>
  );
}
