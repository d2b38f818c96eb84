import { YUEBAO_PERIOD_LABELS, YUEBAO_PERIODS, type YuebaoPeriod } from '@lottery/contract/yuebao';
import { useState } from 'react';
import { beijingFormat } from '../../../shared/lib/day';
import { ListStates } from '../../../shared/ui/list-states';
import { PeriodDropdown } from '../../../shared/ui/period-dropdown';
import { useTranLogs } from '../api/get-tran-logs';
import { shortMoney } from '../model/amount';

const OPTIONS: { key: YuebaoPeriod; label: string }[] = YUEBAO_PERIODS.map((key) => ({
  key,
  label: YUEBAO_PERIOD_LABELS[key],
}));

/** 收支明细: transfers and interest of the chosen period, with the period dropdown. */
export function YuebaoLogs({ userId }: { userId: number | string }) {
  const [period, setPeriod] = useState<YuebaoPeriod>('sevenDays');
  const logs = useTranLogs(userId, period);
  const rows = logs.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <div className="yuebao-logs">
      <PeriodDropdown<YuebaoPeriod>
        period={period}
        options={OPTIONS}
        onPeriod={setPeriod}
        className="yuebao-period"
        optionsClassName="yuebao-period-options"
      />
      <ListStates
        query={logs}
        empty={!logs.isPending && rows.length === 0}
        emptyText="暂无收支明细"
        hasMore={Boolean(logs.hasNextPage)}
        loadMore={() => logs.fetchNextPage()}
        className="yuebao-log-list"
        endClassName="yuebao-log-end"
      >
        {rows.map((r) => (
          <div key={r.id} className="yuebao-log" data-testid="yuebao-log">
            <div>
              <strong>{r.typeName}</strong>
              <small>{beijingFormat(r.createdAt, 'MM-DD HH:mm')}</small>
            </div>
            <div className="yuebao-log-right">
              <b className={r.amount.startsWith('-') ? 'out' : 'in'}>
                {r.amount.startsWith('-') ? '' : '+'}
                {shortMoney(r.amount)}
              </b>
              <small>余额 {shortMoney(r.yuebaoBalanceAfter)}</small>
            </div>
          </div>
        ))}
      </ListStates>
    </div>
  );
}
