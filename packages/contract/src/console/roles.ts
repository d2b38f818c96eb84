/**
 * Operator console roles and permissions (issue 40 §3, issue 41): ONE table, read by the server
 * (every console call names the permission it needs, checked on the server) and by the console
 * (which hides what a role cannot do). docs/console.md prints the same table for people.
 *
 * Naming: `<object>.<verb>`. A `.read` permission never changes anything; the auditor holds every
 * `.read` and nothing else.
 */

export const STAFF_ROLES = ['owner', 'finance', 'risk', 'operations', 'support', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: '所有者',
  finance: '财务',
  risk: '风控',
  operations: '运营',
  support: '客服',
  auditor: '审计',
};

/** Every permission with what it allows, in words the console shows. */
export const PERMISSIONS = {
  // staff and audit (part 1)
  'staff.manage': '管理员工账号（创建、停用、重置二次验证）',
  'audit.read': '查看与导出审计日志',
  // players desk (part 1)
  'player.read': '查看玩家资料、钱包与记录',
  'player.status': '停用、冻结、解锁玩家，结束玩家全部会话',
  'player.note': '填写玩家备注',
  'risk.read': '查看风险信号（同IP、同设备、对冲投注）',
  'limits.manage': '设置玩家限额',
  // finance desk (part 1)
  'deposit.read': '查看充值订单',
  'deposit.confirm': '确认或拒绝充值订单',
  'withdraw.read': '查看提现订单',
  'withdraw.approve': '批准或拒绝提现',
  'adjust.create': '人工调整余额（401–423）',
  'ledger.read': '查看账变与对账',
  'channel.read': '查看支付渠道',
  'channel.manage': '启停支付渠道，设置限额与排序',
  // part 2 desks
  'draw.read': '查看彩种、期号与开奖',
  'draw.manage': '停售彩种、录入官方开奖、作废期号',
  'draw.confirm': '复核官方开奖结果（第二人）',
  'content.read': '查看公告、轮播、文章与活动',
  'content.manage': '编辑公告、轮播、文章、站内信与活动',
  'chat.read': '查看聊天室与消息',
  'chat.moderate': '禁言、封禁、删除消息',
  'chat.manage': '管理聊天室与房管',
  'site.read': '查看站点配置',
  'site.manage': '修改站点模式与配置、余额宝与VIP',
  'report.read': '查看报表与仪表盘',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

const READS = ALL_PERMISSIONS.filter((p) => p.endsWith('.read'));

/** What each role may do. The owner holds everything; the auditor reads everything. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: ALL_PERMISSIONS,
  finance: [
    'player.read',
    'deposit.read',
    'deposit.confirm',
    'withdraw.read',
    'withdraw.approve',
    'adjust.create',
    'ledger.read',
    'channel.read',
    'channel.manage',
    'report.read',
  ],
  risk: [
    'player.read',
    'player.status',
    'player.note',
    'risk.read',
    'limits.manage',
    'deposit.read',
    'withdraw.read',
    'ledger.read',
  ],
  operations: [
    'draw.read',
    'draw.manage',
    'draw.confirm',
    'content.read',
    'content.manage',
    'chat.read',
    'chat.moderate',
    'chat.manage',
    'site.read',
    'site.manage',
  ],
  support: ['player.read', 'player.note', 'chat.read', 'chat.moderate'],
  auditor: READS,
};

const GRANTS = new Map(STAFF_ROLES.map((role) => [role, new Set<Permission>(ROLE_PERMISSIONS[role])]));

/** Whether a role holds a permission. */
export function roleCan(role: StaffRole, permission: Permission): boolean {
  return GRANTS.get(role)?.has(permission) === true;
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}
