import type { ReportPeriod } from '@lottery/contract/records';
import { useState } from 'react';
import { beijingFormat } from '../../../shared/lib/day';
import { ListStates } from '../../../shared/ui/list-states';
import { useAgentGameBets } from '../api/get-agent-game-bets';
import { LoadError } from '../components/load-error';
import { NameSearch } from '../components/name-search';
import { PeriodSelect } from '../components/period-select';
import { useAgentId } from '../model/agent-user';
import { money, trend } from '../model/format';
import '../components/agent.css';

/**
 * /agentChess 棋牌报表: the team's table-game bets over a period (game/getAgentGameBetData). Table
 * games are not open yet, so the list is empty until they are; the page is whole for that day.
 */
export default function AgentChessPage() {
  const agentId = useAgentId();
  const [period, setPeriod] = useState<ReportPeriod>('today');
  const [userName, setUserName] = useState('');
  const bets = useAgentGameBets(agentId, period, userName);
  const first = bets.data?.pages[0];
  const rows = bets.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <div className="agent-page">
      <PeriodSelect period={period} onPeriod={setPeriod} />
      <section className="agent-totals" data-testid="game-totals">
        <div>
          <span>注单数</span>
          <strong>{first ? first.total : '--'}</strong>
        </div>
        <div>
          <span>投注金额</span>
          <strong>{first ? money(first.betMoney) : '--'}</strong>
        </div>
        <div>
          <span>派彩金额</span>
          <strong>{first ? money(first.bonus) : '--'}</strong>
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
          emptyText="暂无棋牌记录"
          hasMore={Boolean(bets.hasNextPage)}
          loadMore={() => bets.fetchNextPage()}
        >
          {rows.map((row) => (
            <div key={row.id} className="agent-bet" data-testid="game-bet">
              <div className="agent-bet-main">
                <div className="agent-bet-title">
                  <strong>{row.gameName}</strong>
                  <span>局号 {row.roundId}</span>
                </div>
                <div className="agent-bet-sub">
                  {row.userName} · {beijingFormat(row.gmtCreated, 'YYYY-MM-DD HH:mm:ss')}
                </div>
              </div>
              <div className="agent-bet-side">
                <div className="agent-bet-money">{money(row.betMoney)}元</div>
                <div className={`agent-${trend(row.bonus) || 'flat'}`}>派彩 {money(row.bonus)}</div>
              </div>
            </div>
          ))}
        </ListStates>
      )}
    </div>
  );
}
