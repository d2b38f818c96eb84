import type { ReportPeriod } from '@lottery/contract/records';
import { issueLabel } from '@lottery/rules/schedule';
import { CapsuleTabs } from 'antd-mobile';
import { useState } from 'react';
import { displayMoney } from '../../../shared/format';
import { beijingFormat } from '../../../shared/lib/day';
import { ListStates } from '../../../shared/ui/list-states';
import { useWaterDetail } from '../api/get-water-detail';
import { ReportPeriodDropdown } from '../components/report-period';
import '../account-records.css';

const TYPE_TABS = [
  { key: '0', title: '全部' },
  { key: '204', title: '代理返点' },
  { key: '501', title: '投注返水' },
  { key: '502', title: '棋牌返水' },
];

/**
 * /waterDetail 返水明细: the player's rebate credits from the ledger (204 agent rebate, 501 bet
 * rebate, 502 table-game rebate) of the period, newest first, with the period's total per type.
 */
export default function WaterDetailPage() {
  const [period, setPeriod] = useState<ReportPeriod>('today');
  const [type, setType] = useState(0);
  const water = useWaterDetail(period, type);
  const pages = water.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.rows);
  const first = pages[0];

  return (
    <div className="records-page">
      <ReportPeriodDropdown period={period} onPeriod={setPeriod} />
      <section className="records-hero" data-testid="water-total">
        <div className="records-hero-label">返水合计（元）</div>
        <div className="records-hero-value" data-testid="water-total-amount">
          {first ? displayMoney(first.totalAmount) : '--'}
        </div>
        <div className="records-hero-grid records-hero-grid--3">
          {(first?.types ?? []).map((t) => (
            <div className="records-figure" key={t.typeCode}>
              <span>{t.typeName}</span>
              <strong data-testid={`water-type-${t.typeCode}`}>{displayMoney(t.amount)}</strong>
            </div>
          ))}
        </div>
      </section>
      <CapsuleTabs activeKey={String(type)} onChange={(k) => setType(Number(k))} className="records-types">
        {TYPE_TABS.map((t) => (
          <CapsuleTabs.Tab key={t.key} title={t.title} />
        ))}
      </CapsuleTabs>
      <ListStates
        className="records-list"
        endClassName="records-end"
        query={water}
        empty={rows.length === 0}
        emptyText="暂无返水记录"
        hasMore={Boolean(water.hasNextPage)}
        loadMore={() => water.fetchNextPage()}
      >
        {rows.map((row) => (
          <div key={row.id} className="records-row" data-testid="water-row" data-type={row.typeCode}>
            <div className="records-row-main">
              <div className="records-row-title">{row.typeName}</div>
              <div className="records-row-sub">
                {row.lotteryName
                  ? `${row.lotteryName}${row.issue ? ` 第${issueLabel(row.issue)}期` : ''}`
                  : row.remark}
              </div>
              <div className="records-row-sub">{beijingFormat(row.createdAt, 'YYYY-MM-DD HH:mm:ss')}</div>
            </div>
            <div className="records-row-side">
              <div className="records-profit records-row-amount">+{displayMoney(row.amount)}</div>
            </div>
          </div>
        ))}
      </ListStates>
    </div>
  );
}
