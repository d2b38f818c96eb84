import { REPORT_PERIOD_LABELS, REPORT_PERIODS, type ReportPeriod } from '@lottery/contract/records';
import { PeriodDropdown } from '../../../shared/ui/period-dropdown';

const OPTIONS = REPORT_PERIODS.map((key) => ({ key, label: REPORT_PERIOD_LABELS[key] }));

/**
 * The settlement reports' period dropdown (spec/platform.md §2): 今天 / 昨天 / 七天 plus 上周 /
 * 本月 / 上月.
 */
export function ReportPeriodDropdown(props: { period: ReportPeriod; onPeriod(period: ReportPeriod): void }) {
  return (
    <PeriodDropdown
      period={props.period}
      options={OPTIONS}
      onPeriod={props.onPeriod}
      className="records-filter"
      optionsClassName="records-periods"
    />
  );
}
