import type { ReportPeriod } from '@lottery/contract/records';
import { issueLabel } from '@lottery/rules/schedule';
import { useState } from 'react';
import { beijingFormat } from '../../../shared/lib/day';
import { ListStates } from '../../../shared/ui/list-states';
import { useAgentBets } from '../api/get-agent-bets';
import { LoadError } from '../components/load-error';
import { NameSearch } from '../components/name-search';
import { PeriodSelect } from '../components/period-select';
import { useAgentId } from '../model/agent-user';
import { money } from '../model/format';
import '../components/agent.css';

/** Bet states as the record screens colour them: 1 won, 2 lost, anything else pending or void. */
const stateClass = (state: number) =>
  state === 1 ? 'agent-bet-state--won' : state === 2 ? 'agent-bet-state--lost' : 'agent-bet-state--open';

/**
 * /agentSpecimen 代理样本: the team's lottery bets over a period (betting/getAgentBetData), by member
 * name, with the stakes and winnings of every matching bet. Why this page holds the team's bets:
 * docs/agent-web.md.
 */
export default function AgentSpecimenPage() {
  const agentId = useAgentId();
  const [period, setPeriod] = useState<ReportPeriod>('today');
  const [userName, setUserName] = useState('');
  const bets = useAgentBets(agentId, period, userName);
  const first = bets.data?.pages[0];
  const rows = bets.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <div className="agent-page">
      <PeriodSelect period={period} onPeriod={setPeriod} />
      <section className="agent-totals" data-testid="bet-totals">
        <div>
          <span>注单数</span>
          <strong data-testid="bet-count">{first ? first.total : '--'}</strong>
        </div>
        <div>
          <span>投注金额</span>
          <strong data-testid="bet-money">{first ? money(first.betMoney) : '--'}</strong>
        </div>
        <div>
          <span>中奖金额</span>
          <strong data-testid="bet-bonus">{first ? money(first.bonus) : '--'}</strong>
        </div>
      </section>
      <NameSearch value={userName} onSearch={setUserName} />
      {bets.isError ? (
        <LoadError error={bets.error} onRetry={() => void bets.refetch()} />
      ) : (
        <ListStates
          className="agent-list"
          endClassName="agent-end"
          query={bets}
          empty={rows.length === 0}
          emptyText="暂无投注记录"
          hasMore={Boolean(bets.hasNextPage)}
          loadMore={() => bets.fetchNextPage()}
        >
          {rows.map((row) => (
            <div key={row.id} className="agent-bet" data-testid="team-bet" data-user={row.userName}>
              <div className="agent-bet-main">
                <div className="agent-bet-title">
                  <strong>{row.lotteryName}</strong>
                  <span>第{issueLabel(row.issue)}期</span>
                </div>
                <div className="agent-bet-sub">
                  <span className="agent-bet-name">{row.userName}</span>
                  <span className="agent-bet-time">
                    {beijingFormat(row.gmtCreated, 'YYYY-MM-DD HH:mm:ss')}
                  </span>
                </div>
              </div>
              <div className="agent-bet-side">
                <div className="agent-bet-money">{money(row.betMoney)}元</div>
                <div className={stateClass(row.state)}>
                  {row.stateName}
                  {row.state === 1 ? ` +${money(row.bonus)}` : ''}
                </div>
              </div>
            </div>
          ))}
        </ListStates>
      )}
    </div>
  );
}
