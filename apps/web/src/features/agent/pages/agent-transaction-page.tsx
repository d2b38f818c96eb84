import type { ReportPeriod } from '@lottery/contract/records';
import { useState } from 'react';
import { beijingFormat } from '../../../shared/lib/day';
import { ListStates } from '../../../shared/ui/list-states';
import { useAgentTransactions } from '../api/get-agent-transactions';
import { LoadError } from '../components/load-error';
import { NameSearch } from '../components/name-search';
import { TransactionFilter } from '../components/transaction-filter';
import { useAgentId } from '../model/agent-user';
import { money, trend } from '../model/format';
import '../components/agent.css';

/**
 * /agentTransactionDetail 交易明细: the team's ledger entries over a period, newest first, by type
 * group (the record screens' groups of packages/contract/src/wallet.ts) and member name.
 */
export default function AgentTransactionPage() {
  const agentId = useAgentId();
  const [period, setPeriod] = useState<ReportPeriod>('today');
  const [type, setType] = useState(0);
  const [userName, setUserName] = useState('');
  const entries = useAgentTransactions(agentId, { period, type, userName });
  const rows = entries.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <div className="agent-page">
      <TransactionFilter period={period} type={type} onPeriod={setPeriod} onType={setType} />
      <NameSearch value={userName} onSearch={setUserName} />
      {entries.isError ? (
        <LoadError error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <ListStates
          className="agent-list"
          endClassName="agent-end"
          query={entries}
          empty={rows.length === 0}
          emptyText="暂无交易记录"
          hasMore={Boolean(entries.hasNextPage)}
          loadMore={() => entries.fetchNextPage()}
        >
          {rows.map((row) => (
            <div key={row.id} className="agent-bet" data-testid="team-transaction" data-type={row.typeCode}>
              <div className="agent-bet-main">
                <div className="agent-bet-title">
                  <strong>{row.typeName}</strong>
                </div>
                <div className="agent-bet-sub">
                  <span className="agent-bet-name">{row.userName}</span>
                  <span className="agent-bet-time">
                    {beijingFormat(row.createdAt, 'YYYY-MM-DD HH:mm:ss')}
                  </span>
                </div>
              </div>
              <div className="agent-bet-side">
                <div className={`agent-bet-money agent-${trend(row.amount) || 'flat'}`}>
                  {trend(row.amount) === 'up' ? '+' : ''}
                  {money(row.amount)}
                </div>
                <div className="agent-bet-balance">余额 {money(row.balanceAfter)}</div>
              </div>
            </div>
          ))}
        </ListStates>
      )}
    </div>
  );
}
