import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dialog, List } from 'antd-mobile';
import {
  BankcardOutline,
  BillOutline,
  ClockCircleOutline,
  FileOutline,
  GlobalOutline,
  HistogramOutline,
  InformationCircleOutline,
  KeyOutline,
  LockOutline,
  MailOutline,
  PayCircleOutline,
  PlayOutline,
  QuestionCircleOutline,
  RedoOutline,
  SoundOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useBalance } from '../../../shared/api/balance';
import { displayMoney } from '../../../shared/format';
import { isWebview } from '../../../shared/lib/env';
import { gradeTitle } from '../../../shared/locales/zh-CN';
import { useSiteStore } from '../../../shared/stores/site';
import { useUnreadMessageCount } from '../../../shared/stores/unread';
import { useUserStore } from '../../../shared/stores/user';
import { ServiceButton } from '../../../shared/ui/service-button';
import { logout } from '../api/logout';
import { UserAvatar } from '../components/user-avatar';

interface MenuItem {
  to: string;
  title: string;
  icon: ReactNode;
}

export function accountMenu(options: { yuebao: boolean; agent: boolean }): MenuItem[][] {
  return [
    [
      { to: '/bettingRecord', title: '投注记录', icon: <UnorderedListOutline /> },
      { to: '/chaseNumberRecord', title: '追号记录', icon: <ClockCircleOutline /> },
      { to: '/ChessRecord', title: '棋牌记录', icon: <PlayOutline /> },
      { to: '/transctionRecord', title: '交易记录', icon: <BillOutline /> },
      { to: '/settlementToday', title: '今日已结', icon: <FileOutline /> },
      { to: '/waterDetail', title: '返水明细', icon: <HistogramOutline /> },
    ],
    [
      { to: '/personal', title: '个人资料', icon: <UserContactOutline /> },
      { to: '/personal/personalGrade', title: '我的等级', icon: <StarOutline /> },
      ...(options.yuebao ? [{ to: '/balanceBao', title: '余额宝', icon: <PayCircleOutline /> }] : []),
      { to: '/securityCenter', title: '安全中心', icon: <LockOutline /> },
      { to: '/resetLoginPassword', title: '修改登录密码', icon: <KeyOutline /> },
      { to: '/bankcard', title: '银行卡管理', icon: <BankcardOutline /> },
      { to: '/digitalCurrency', title: '数字货币', icon: <GlobalOutline /> },
    ],
    [
      ...(options.agent ? [{ to: '/agentCenter', title: '代理中心', icon: <TeamOutline /> }] : []),
      { to: '/secretMessage', title: '站内信', icon: <MailOutline /> },
      { to: '/notice', title: '公告', icon: <SoundOutline /> },
      { to: '/help', title: '帮助中心', icon: <QuestionCircleOutline /> },
      { to: '/about', title: '关于我们', icon: <InformationCircleOutline /> },
    ],
  ];
}

/** The 站内信 entry's badge: unread messages, 99+ above 99, nothing at 0. */
function MessageBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span data-testid="uc-message-badge" data-count={count}>
      <Badge content={count > 99 ? '99+' : String(count)} />
    </span>
  );
}

/**
 * /userCenter: avatar, nickname, grade label, balance and the menu into every account route. The
 * unread count of 站内信 comes from shared/stores/unread.ts (kept by the content feature).
 */
export default function UserCenterPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.user);
  const clear = useUserStore((s) => s.clear);
  const site = useSiteStore((s) => s.site);
  const balance = useBalance(Boolean(user?.login));
  const unreadMessages = useUnreadMessageCount(user?.login ? Number(user.userId) : undefined);
  if (!user) return null;

  const onLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: '确定要退出登录吗？',
      confirmText: '确定',
      cancelText: '取消',
    });
    if (!confirmed) return;
    await logout().catch(() => undefined);
    // A fresh page load: nothing of this user stays in memory, and no guard sees the half-way state.
    window.location.replace('/login');
    clear();
    queryClient.clear();
  };

  return (
    <div className="user-center">
      <header className="uc-top">
        <div className="uc-bar">
          <span className="uc-bar-title">我的</span>
          {isWebview() ? <ServiceButton /> : null}
        </div>
        <button type="button" className="uc-profile" onClick={() => navigate('/personal')}>
          <UserAvatar src={user.avatar} name={user.nickName || user.userName} size={60} />
          <div className="uc-names">
            <strong className="uc-nickname">{user.nickName || user.userName}</strong>
            <span className="uc-account">账号：{user.userName}</span>
            <span className="uc-grade">{gradeTitle(user.grade)}</span>
          </div>
        </button>
      </header>
      <section className="uc-balance card">
        <div>
          <span className="uc-balance-label">账户余额（元）</span>
          <div className="uc-balance-value">
            <span data-testid="balance">{displayMoney(balance.data?.balance)}</span>
            <button
              type="button"
              className="uc-refresh"
              aria-label="刷新余额"
              onClick={() => void balance.refetch()}
            >
              <RedoOutline />
            </button>
          </div>
        </div>
        <div className="uc-money-actions">
          <Button size="small" color="primary" shape="rounded" onClick={() => navigate('/recharge')}>
            充值
          </Button>
          <Button size="small" shape="rounded" className="btn-gold" onClick={() => navigate('/withdraw')}>
            提现
          </Button>
        </div>
      </section>
      {accountMenu({ yuebao: site?.yuebaoEnable === true, agent: user.isAgent }).map((group) => (
        <List key={group[0]?.to} className="uc-menu" mode="card">
          {group.map((item) => (
            <List.Item
              key={item.to}
              prefix={item.icon}
              extra={item.to === '/secretMessage' ? <MessageBadge count={unreadMessages} /> : undefined}
              onClick={() => navigate(item.to)}
            >
              {item.title}
            </List.Item>
          ))}
        </List>
      ))}
      <div className="form-actions">
        <Button block shape="rounded" className="logout-btn" onClick={() => void onLogout()}>
          退出登录
        </Button>
      </div>
    </div>
  );
}
