import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { ListStates } from '../../../shared/ui/list-states';
import { type MemberRow, useMembers } from '../api/get-members';
import { useRebate } from '../api/get-rebate';
import { useTeamBalance } from '../api/get-team-balance';
import { LoadError } from '../components/load-error';
import { MemberCard } from '../components/member-card';
import { NameSearch } from '../components/name-search';
import { RaiseRebatePopup } from '../components/raise-rebate-popup';
import { useAgentId } from '../model/agent-user';
import { money } from '../model/format';
import '../components/agent.css';

/**
 * /memberManage 会员管理: the team's wallets in total, then the members (直属下级 or 全部下级, by
 * part of the name, paged): balance, last login, online dot, status, team count and rebate. A
 * direct downline's rebate can be raised (users/userManage), per lottery type too (按彩种设置).
 */
export default function MemberManagePage() {
  const agentId = useAgentId();
  const [all, setAll] = useState(false);
  const [userName, setUserName] = useState('');
  const [editing, setEditing] = useState<MemberRow>();
  const members = useMembers(agentId, { all, userName });
  const balance = useTeamBalance(agentId);
  const rebate = useRebate(agentId);
  const rows = members.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = members.data?.pages[0]?.total;

  return (
    <div className="agent-page">
      <section className="agent-banner agent-banner--split" data-testid="team-balance">
        <div>
          <p className="agent-banner-label">团队余额（元）</p>
          <p className="agent-banner-value">{balance.data ? money(balance.data.balance) : '--'}</p>
        </div>
        <div>
          <p className="agent-banner-label">团队人数</p>
          <p className="agent-banner-value">{balance.data?.members ?? '--'}</p>
        </div>
        <div>
          <p className="agent-banner-label">{all ? '全部下级' : '直属下级'}</p>
          <p className="agent-banner-value" data-testid="member-total">
            {total ?? '--'}
          </p>
        </div>
      </section>
      <Tabs className="agent-tabs" activeKey={all ? 'all' : 'direct'} onChange={(k) => setAll(k === 'all')}>
        <Tabs.Tab key="direct" title="直属下级" />
        <Tabs.Tab key="all" title="全部下级" />
      </Tabs>
      <NameSearch value={userName} onSearch={setUserName} />
      {members.isError ? (
        <LoadError error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <ListStates
          className="agent-list"
          endClassName="agent-end"
          query={members}
          empty={rows.length === 0}
          emptyText="暂无会员"
          hasMore={Boolean(members.hasNextPage)}
          loadMore={() => members.fetchNextPage()}
        >
          {rows.map((m) => (
            <MemberCard
              key={m.userId}
              member={m}
              onRaise={m.depth === 1 && rebate.data ? () => setEditing(m) : undefined}
            />
          ))}
        </ListStates>
      )}
      <RaiseRebatePopup
        member={editing}
        levels={rebate.data?.levels ?? []}
        types={rebate.data?.types ?? []}
        onClose={() => setEditing(undefined)}
      />
    </div>
  );
}
