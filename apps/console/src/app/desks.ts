import type { ConsoleMe } from '@lottery/contract/console/auth';
import type { Permission } from '@lottery/contract/console/roles';

/**
 * The console's desks: the menu's entries and the routes behind them. A desk shows when the
 * signed-in role holds any of its permissions (from `me`); `ready: false` desks are part 2's and
 * show 即将开放 for now.
 */
export interface Desk {
  path: string;
  label: string;
  group: 'main' | 'business' | 'system';
  /** Any one of these opens the desk; none: every signed-in staff member. */
  permissions: readonly Permission[];
  ready: boolean;
}

export const DESKS: readonly Desk[] = [
  { path: '/', label: '首页', group: 'main', permissions: [], ready: true },
  {
    path: '/finance',
    label: '财务',
    group: 'business',
    permissions: ['deposit.read', 'withdraw.read', 'ledger.read', 'channel.read'],
    ready: true,
  },
  { path: '/players', label: '玩家', group: 'business', permissions: ['player.read'], ready: true },
  { path: '/draws', label: '开奖', group: 'business', permissions: ['draw.read'], ready: false },
  { path: '/content', label: '内容', group: 'business', permissions: ['content.read'], ready: false },
  { path: '/chat', label: '聊天', group: 'business', permissions: ['chat.read'], ready: false },
  { path: '/site', label: '站点', group: 'business', permissions: ['site.read'], ready: false },
  { path: '/reports', label: '报表', group: 'business', permissions: ['report.read'], ready: false },
  { path: '/staff', label: '员工管理', group: 'system', permissions: ['staff.manage'], ready: true },
  { path: '/audit', label: '审计日志', group: 'system', permissions: ['audit.read'], ready: true },
];

export const GROUP_LABELS: Record<Desk['group'], string | undefined> = {
  main: undefined,
  business: '业务',
  system: '系统',
};

export function opens(me: ConsoleMe | undefined, desk: Desk): boolean {
  if (!me) return false;
  return desk.permissions.length === 0 || desk.permissions.some((p) => me.permissions.includes(p));
}

/** The desks `me` may open, in menu order. */
export function desksOf(me: ConsoleMe | undefined): Desk[] {
  return DESKS.filter((desk) => opens(me, desk));
}

/** The desk a path belongs to (its own or its parent's). */
export function deskOf(pathname: string): Desk | undefined {
  return [...DESKS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((desk) => pathname === desk.path || pathname.startsWith(`${desk.path === '/' ? '' : desk.path}/`));
}
