import { PeriodDropdown } from '../../../shared/ui/period-dropdown';
import type { RecordPeriod } from '../api/get-betting';

export const PERIODS: { key: RecordPeriod; label: string }[] = [
  { key: 'today', label: '今天' },
  { key: 'yesterday', label: '昨天' },
  { key: 'sevenDays', label: '七天' },
];

/** The bet and chase records' period dropdown: 今天 / 昨天 / 七天. */
export function PeriodFilter(props: { period: RecordPeriod; onPeriod(period: RecordPeriod): void }) {
  return (
    <PeriodDropdown
      period={props.period}
      options={PERIODS}
      onPeriod={props.onPeriod}
      className="record-filter"
      optionsClassName="record-periods"
    />
  );
}
