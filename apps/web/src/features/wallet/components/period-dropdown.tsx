import type { Period } from '@lottery/contract/wallet';
import { PeriodDropdown as SharedPeriodDropdown } from '../../../shared/ui/period-dropdown';
import { PERIOD_OPTIONS } from '../model/labels';

/** The transaction records' period dropdown. */
export function PeriodDropdown(props: { period: Period; onPeriod(period: Period): void }) {
  return (
    <SharedPeriodDropdown
      period={props.period}
      options={PERIOD_OPTIONS}
      onPeriod={props.onPeriod}
      className="wallet-filter"
      optionsClassName="wallet-filter-options"
    />
  );
}
