import { REPORT_PERIOD_LABELS, type ReportPeriod, type SettlementFigures } from '@lottery/contract/records';
import { issueLabel } from '@lottery/rules/schedule';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { displayMoney } from '../../../shared/format';
import { beijingFormat } from '../../../shared/lib/day';
import { ListStates } from '../../../shared/ui/list-states';
import { useShareSlot } from '../../../shared/ui/share-slot';
import { useSettledBets, useSettlement } from '../api/get-settlement';
import { ReportPeriodDropdown } from '../components/report-period';
import { signClass, signed } from '../model/format';
import '../account-records.css';

/**
 * /settlementToday 今日已结: the period's settled bets (default today, Beijing day), their stakes,
 * winnings, bet rebate (501) and net, in total and per lottery, then the bets themselves.
 * Every figure is the server's, read from bets and the ledger (docs/records.md). 分享战绩 sends the
 * period's result (stake, winnings, profit) into chat as a type-9 card when the app offers sharing.
 */
export default function SettlementTodayPage() {
  const [period, setPeriod] = useState<ReportPeriod>('today');
  const summary = useSettlement(period);
  const bets = useSettledBets(period);
  const navigate = useNavigate();
  const rows = bets.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = summary.data?.total;
  const share = useShareSlot();
  const shareResult =
    share && total && total.betCount > 0
      ? () =>
          share.openResult({
            betAmount: Number(total.betMoney),
            returnAmount: Number(total.winMoney),
            profit: Number(total.profit),
            dateName: REPORT_PERIOD_LABELS[period],
          })
      : undefined;

  return (
    <div className="records-page">
      <ReportPeriodDropdown period={period} onPeriod={setPeriod} />
      <section className="records-hero" data-testid="settlement-total">
        <div className="records-hero-label">盈亏（元）</div>
        <div className="records-hero-value" data-testid="total-profit">
          {total ? signed(total.profit, displayMoney) : '--'}
        </div>
        <div className="records-hero-grid">
          <Figure label="注单数" value={total ? String(total.betCount) : '--'} testId="total-count" />
          <Figure label="投注金额" value={total ? displayMoney(total.betMoney) : '--'} testId="total-bet" />
          <Figure label="中奖金额" value={total ? displayMoney(total.winMoney) : '--'} testId="total-win" />
          <Figure
            label="返水金额"
            value={total ? displayMoney(total.rebateMoney) : '--'}
            testId="total-rebate"
          />
        </div>
        {shareResult ? (
          <button type="button" className="records-share" onClick={shareResult}>
            分享战绩
          </button>
        ) : null}
      </section>
      {share?.view}
      {summary.data && summary.data.lotteries.length > 0 ? (
        <section className="records-card">
          <h3 className="records-card-title">彩种统计</h3>
          <div className="records-table">
            <div className="records-table-row records-table-head">
              <span>彩种</span>
              <span>注单</span>
              <span>投注</span>
              <span>中奖</span>
              <span>返水</span>
              <span>盈亏</span>
            </div>
            {summary.data.lotteries.map((l) => (
              <LotteryRow key={l.lotteryCode} name={l.lotteryName} figures={l} />
            ))}
          </div>
        </section>
      ) : null}
      <h3 className="records-section-title">已结注单</h3>
      <ListStates
        className="records-list"
        endClassName="records-end"
        query={bets}
        empty={rows.length === 0}
        emptyText="暂无结算记录"
        hasMore={Boolean(bets.hasNextPage)}
        loadMore={() => bets.fetchNextPage()}
      >
        {rows.map((row) => (
          <button
            type="button"
            key={row.id}
            className="records-row"
            data-testid="settled-row"
            data-record={row.id}
            onClick={() => void navigate(`/bettingRecord/${row.id}`)}
          >
            <div className="records-row-main">
              <div className="records-row-title">{row.lotteryName}</div>
              <div className="records-row-sub">
                第{issueLabel(row.issue)}期 · {beijingFormat(row.settledAt, 'MM-DD HH:mm:ss')}
              </div>
            </div>
            <div className="records-row-side">
              <div className="records-row-amount">{displayMoney(row.betMoney)}元</div>
              <div className={row.state === 1 ? 'records-state--won' : 'records-state--lost'}>
                {row.state === 1 ? `${row.stateName} +${displayMoney(row.winMoney)}` : row.stateName}
              </div>
            </div>
          </button>
        ))}
      </ListStates>
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="records-figure">
      <span>{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </div>
  );
}

function LotteryRow({ name, figures }: { name: string; figures: SettlementFigures }) {
  return (
    <div className="records-table-row" data-testid="lottery-row">
      <span className="records-table-name">{name}</span>
      <span>{figures.betCount}</span>
      <span>{displayMoney(figures.betMoney)}</span>
      <span>{displayMoney(figures.winMoney)}</span>
      <span>{displayMoney(figures.rebateMoney)}</span>
      <span className={`records-${signClass(figures.profit) || 'zero'}`}>{displayMoney(figures.profit)}</span>
    </div>
  );
}
