import { type Period, TRANSACTION_GROUPS } from '@lottery/contract/wallet';
import { CapsuleTabs } from 'antd-mobile';
import { useState } from 'react';
import { displayMoney } from '../../../shared/format';
import { beijingFormat } from '../../../shared/lib/day';
import { ListStates } from '../../../shared/ui/list-states';
import { useTransactionRecords } from '../api/transaction-records';
import { PeriodDropdown } from '../components/period-dropdown';
import '../wallet.css';

const TYPE_TABS = [
  { key: '0', title: '全部' },
  ...Object.entries(TRANSACTION_GROUPS).map(([key, title]) => ({ key, title })),
];

/** /transctionRecord: ledger entries by period (今天 / 昨天 / 七天) and type group, with totals. */
export default function TransactionRecordPage() {
  const [period, setPeriod] = useState<Period>('today');
  const [type, setType] = useState(0);
  const records = useTransactionRecords(period, type);
  const pages = records.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.rows);
  const first = pages[0];

  return (
    <div className="wallet-page record-page">
      <PeriodDropdown period={period} onPeriod={setPeriod} />
      <CapsuleTabs activeKey={String(type)} onChange={(k) => setType(Number(k))} className="record-types">
        {TYPE_TABS.map((t) => (
          <CapsuleTabs.Tab key={t.key} title={t.title} />
        ))}
      </CapsuleTabs>
      <div className="record-summary">
        <div>
          <span>收入（元）</span>
          <strong className="money-in" data-testid="income">
            {first ? displayMoney(first.income) : '--'}
          </strong>
        </div>
        <div>
          <span>支出（元）</span>
          <strong className="money-out" data-testid="expense">
            {first ? displayMoney(first.expense?.replace(/^-/, '')) : '--'}
          </strong>
        </div>
      </div>
      <ListStates
        className="wallet-records"
        endClassName="wallet-records-end"
        query={records}
        empty={rows.length === 0}
        emptyText="暂无交易记录"
        hasMore={Boolean(records.hasNextPage)}
        loadMore={() => records.fetchNextPage()}
      >
        <div className="card wallet-list-card">
          {rows.map((row) => {
            const negative = row.amount.startsWith('-');
            return (
              <div key={row.id} className="wallet-row" data-testid="record-row" data-type={row.typeCode}>
                <div className="wallet-row-main">
                  <span className="wallet-row-title">{row.typeName}</span>
                  <span className="wallet-row-time">
                    {beijingFormat(row.createdAt, 'YYYY-MM-DD HH:mm:ss')}
                  </span>
                  {row.remark ? <span className="wallet-row-no">{row.remark}</span> : null}
                </div>
                <div className="wallet-row-side">
                  <span className={negative ? 'money-out' : 'money-in'}>
                    {negative ? '' : '+'}
                    {displayMoney(row.amount)}
                  </span>
                  <span className="wallet-row-time">余额 {displayMoney(row.balanceAfter)}</span>
                </div>
              </div>
            );
          })}
        </div>
      </ListStates>
    </div>
  );
}
