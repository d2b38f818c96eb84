import type { ReportPeriod } from '@lottery/contract/records';
import {
  AddCircleOutline,
  BillOutline,
  CalculatorOutline,
  FileOutline,
  HistogramOutline,
  PlayOutline,
  QuestionCircleOutline,
  ScanCodeOutline,
  TeamOutline,
  UnorderedListOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../../shared/stores/user';
import { useRebate } from '../api/get-rebate';
import { useTeamData } from '../api/get-team-data';
import { useTeamYuebaoBalance } from '../api/get-team-yuebao-balance';
import { useUserProfit } from '../api/get-user-profit';
import { LoadError } from '../components/load-error';
import { PeriodSelect } from '../components/period-select';
import { useAgentId } from '../model/agent-user';
import { money, periodRange, rebateLabel, trend } from '../model/format';
import '../components/agent.css';

interface MenuItem {
  to: string;
  title: string;
  icon: ReactNode;
}

/** Every agent page of spec/platform.md §2, as the centre's menu. */
export const AGENT_MENU: MenuItem[] = [
  { to: '/agentReport', title: '代理报表', icon: <HistogramOutline /> },
  { to: '/childReport', title: '下级报表', icon: <FileOutline /> },
  { to: '/memberManage', title: '会员管理', icon: <TeamOutline /> },
  { to: '/childOpening', title: '下级开户', icon: <UserAddOutline /> },
  { to: '/invatationCodeManage', title: '邀请码管理', icon: <ScanCodeOutline /> },
  { to: '/invatationCode', title: '生成邀请码', icon: <AddCircleOutline /> },
  { to: '/agentSpecimen', title: '代理样本', icon: <UnorderedListOutline /> },
  { to: '/agentChess', title: '棋牌报表', icon: <PlayOutline /> },
  { to: '/agentTransactionDetail', title: '交易明细', icon: <BillOutline /> },
  { to: '/rebateDes', title: '返点赔率表', icon: <CalculatorOutline /> },
  { to: '/agentHelp', title: '代理说明', icon: <QuestionCircleOutline /> },
];

/**
 * /agentCenter 代理中心: the team's figures over a period (agentReportTeamData: everyone below the
 * agent, the agent itself not included), the agent's own rebate income (userProfit), the team's
 * members and balances (wallets and yuebao), then the menu into every agent page.
 */
export default function AgentCenterPage() {
  const agentId = useAgentId();
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const [period, setPeriod] = useState<ReportPeriod>('today');
  const team = useTeamData(agentId, period);
  const yuebao = useTeamYuebaoBalance(agentId);
  const rebate = useRebate(agentId);
  const own = useUserProfit(agentId, period);
  const data = team.data;
  const f = data?.figures;
  const value = (v: string | undefined) => (v === undefined ? '--' : money(v));
  const count = (v: number | undefined) => (v === undefined ? '--' : String(v));

  return (
    <div className="agent-page">
      <PeriodSelect period={period} onPeriod={setPeriod} />
      <section className="agent-hero" data-testid="team-summary">
        <div className="agent-hero-top">
          <span>
            {user?.userName} · 返点 {rebate.data ? rebateLabel(rebate.data.rebate) : '--'}
          </span>
          <span>{data ? periodRange(data.fromDay, data.toDay) : ''}</span>
        </div>
        <p className="agent-hero-label">下级团队盈亏（元，不含本人）</p>
        <p className={`agent-hero-value agent-hero-${trend(f?.profit) || 'flat'}`} data-testid="team-profit">
          {value(f?.profit)}
        </p>
        <div className="agent-hero-grid">
          <HeroFigure label="团队投注" value={value(f?.bet)} testId="team-bet" />
          <HeroFigure label="团队中奖" value={value(f?.win)} testId="team-win" />
          <HeroFigure label="团队返点" value={value(f?.rebate)} testId="team-rebate" />
          <HeroFigure label="活动礼金" value={value(f?.activity)} testId="team-activity" />
          <HeroFigure label="团队充值" value={value(f?.deposit)} testId="team-deposit" />
          <HeroFigure label="团队提现" value={value(f?.withdraw)} testId="team-withdraw" />
        </div>
      </section>
      {team.isError ? <LoadError compact error={team.error} onRetry={() => void team.refetch()} /> : null}

      <section className="card agent-earning" data-testid="own-earning">
        <div>
          <span>我的代理返点（元）</span>
          <strong data-testid="own-rebate">{value(own.data?.figures.rebate)}</strong>
        </div>
        <button type="button" className="agent-earning-link" onClick={() => navigate('/waterDetail')}>
          返点明细
        </button>
      </section>

      <section className="card agent-stats">
        <h3 className="section-title">
          <span>团队成员</span>
        </h3>
        <div className="agent-stats-grid">
          <Stat label="团队人数" value={count(data?.teamCount)} testId="team-count" />
          <Stat label="直属人数" value={count(data?.directCount)} testId="direct-count" />
          <Stat label="新增人数" value={count(data?.newMembers)} testId="new-members" />
          <Stat label="投注人数" value={count(data?.betMembers)} testId="bet-members" />
          <Stat label="首充人数" value={count(data?.firstDepositMembers)} testId="first-deposit-members" />
        </div>
      </section>

      <section className="card agent-stats">
        <h3 className="section-title">
          <span>团队资产</span>
        </h3>
        <div className="agent-stats-grid agent-stats-grid--money">
          <Stat label="团队余额（元）" value={value(data?.teamBalance)} testId="team-balance" />
          <Stat label="团队余额宝（元）" value={value(yuebao.data?.balance)} testId="team-yuebao" />
          <Stat label="余额宝质押（元）" value={value(yuebao.data?.pledgeAmount)} testId="team-pledge" />
        </div>
      </section>

      <section className="card agent-menu">
        {AGENT_MENU.map((item) => (
          <button type="button" key={item.to} className="agent-menu-item" onClick={() => navigate(item.to)}>
            <span className="agent-menu-icon">{item.icon}</span>
            <span>{item.title}</span>
          </button>
        ))}
      </section>
    </div>
  );
}

function HeroFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="agent-hero-figure">
      <span>{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="agent-stat">
      <strong data-testid={testId}>{value}</strong>
      <span>{label}</span>
    </div>
  );
}
