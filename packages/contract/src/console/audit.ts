import { z } from 'zod';
import { consoleEndpoint } from './endpoint';

/**
 * The audit log (issue 40 §4): one append-only, hash-chained row per console action and per
 * `npm run admin` command. Listed newest first with keyset pagination (`cursor` = the last id of
 * the previous page); exported as CSV with the same filters (streamed, every matching row).
 *
 * `actor` is `staff:<id>` or `cli:<os user>`; `action` is `<area>.<verb>` (`staff.create`,
 * `staff.sign_in`) or `cli.<command>`; `target` names the object (`staff:7`, `user:1042`,
 * `withdraw:W2026…`). The list and export name a `staff:<id>` actor's account (`actorAccount`),
 * read when asked: the auditor cannot open 员工管理 to look the id up. The actor filter takes an
 * account too (the server reads it as that account's `staff:<id>`).
 */

export const AUDIT_PAGE_MAX = 200;

/**
 * Every action a console service writes, in words. The server's writer takes only these (and
 * `cli.<command>`), so an action added without a label here does not compile; the console shows
 * the label beside the code and offers both in its filter.
 */
export const AUDIT_ACTION_LABELS = {
  'staff.create': '创建员工',
  'staff.disable': '停用员工',
  'staff.enable': '启用员工',
  'staff.reset_2fa': '重置二次验证',
  'staff.reset_password': '重置密码',
  'staff.password_set': '设置密码',
  'staff.totp_enrol': '绑定动态验证码',
  'staff.sign_in': '登录',
  'staff.sign_out': '退出登录',
  'staff.locked': '登录失败锁定',
  'player.status': '变更玩家状态',
  'player.unlock': '解锁玩家',
  'player.end_sessions': '结束玩家会话',
  'player.note': '添加玩家备注',
  'deposit.confirm': '确认充值',
  'deposit.reject': '拒绝充值',
  'withdraw.first_approve': '大额提现初审',
  'withdraw.approve': '批准提现',
  'withdraw.reject': '拒绝提现',
  'adjust.create': '人工调整余额',
  'channel.update': '修改支付渠道',
} as const satisfies Record<string, string>;
export type ConsoleAuditAction = keyof typeof AUDIT_ACTION_LABELS;

/**
 * Every `npm run admin` command in words (its row's action is `cli.<command>`). The commands are
 * the server's (cli/admin.ts `COMMANDS`); modules/audit/audit.test.ts checks that the two lists
 * name the same commands.
 */
export const CLI_COMMAND_LABELS = {
  'site-mode': '切换站点模式',
  'site-config': '修改站点配置',
  'register-verify': '设置注册验证',
  'logout-user': '结束玩家会话',
  'user-status': '设置玩家状态',
  'unlock-user': '解锁玩家',
  deposits: '查看充值订单',
  'deposit-confirm': '确认充值',
  'deposit-reject': '拒绝充值',
  'deposit-proofs': '查看充值凭证',
  withdrawals: '查看提现订单',
  'withdraw-approve': '批准提现',
  'withdraw-reject': '拒绝提现',
  'balance-adjust': '人工调整余额',
  'ledger-audit': '核对账本',
  outbox: '查看短信与邮件发件箱',
  'chat-rooms': '查看聊天室',
  'chat-room-create': '创建聊天室',
  'chat-room-delete': '删除聊天室',
  'chat-room-mute': '聊天室全体禁言',
  'chat-room-show-list': '设置在线列表可见',
  'chat-room-grade-bans': '设置聊天室等级禁言',
  'chat-room-password': '设置聊天室密码',
  'chat-manager': '设置房管',
  'chat-ban': '聊天室禁言',
  'content-banner': '添加轮播图',
  'content-banner-disable': '停用或启用轮播图',
  'content-notice': '发布公告',
  'content-message': '发送站内信',
  'content-article': '添加文章',
  'activity-create': '创建活动',
  'activity-disable': '停用或启用活动',
  'activity-red': '创建活动红包',
  'sign-rewards': '查看签到奖励',
  'sign-reward': '设置签到奖励',
  'vip-rules': '查看VIP规则',
  'vip-rule': '设置VIP规则',
  'activity-defaults': '写入默认签到与VIP规则',
  'yuebao-rate': '余额宝利率与限额',
  'yuebao-products': '查看余额宝产品',
  'yuebao-product': '设置余额宝产品',
  'yuebao-accrue': '余额宝结息',
  'verification-list': '查看人工验证申请',
  'verification-approve': '批准人工验证',
  'verification-reject': '拒绝人工验证',
  'client-events': '查看客户端事件',
  'official-result': '录入官方开奖',
  'game-void': '作废棋牌局',
  'game-rebate': '设置棋牌返水',
  'staff-create': '创建员工',
  'staff-list': '查看员工',
  'staff-reset': '重置员工密码与二次验证',
  'audit-verify': '校验审计链',
} as const satisfies Record<string, string>;
export type CliCommandName = keyof typeof CLI_COMMAND_LABELS;

/** What the server's writer accepts: a console service's action, or an operator command's. */
export type AuditAction = ConsoleAuditAction | `cli.${string}`;

type AreaOf<A> = A extends `${infer Area}.${string}` ? Area : never;
/** The first part of an action (`staff` of `staff.create`): the filter offers each as a prefix. */
export type AuditArea = AreaOf<ConsoleAuditAction>;
export const AUDIT_AREA_LABELS: Record<AuditArea | 'cli', string> = {
  staff: '员工',
  player: '玩家',
  deposit: '充值',
  withdraw: '提现',
  adjust: '人工调整',
  channel: '支付渠道',
  cli: '命令行',
};

const CLI_PREFIX = 'cli.';
const cliLabel = (command: CliCommandName) => `命令行：${CLI_COMMAND_LABELS[command]}`;

/** An action's words, or undefined for one the console does not know (written by a newer server). */
export function auditActionLabel(action: string): string | undefined {
  if (Object.hasOwn(AUDIT_ACTION_LABELS, action)) return AUDIT_ACTION_LABELS[action as ConsoleAuditAction];
  if (!action.startsWith(CLI_PREFIX)) return undefined;
  const command = action.slice(CLI_PREFIX.length);
  return Object.hasOwn(CLI_COMMAND_LABELS, command) ? cliLabel(command as CliCommandName) : undefined;
}

const epochMs = z.coerce.number({ error: '时间格式不正确' }).int('时间格式不正确').min(0, '时间格式不正确');
const filterText = (max: number) => z.string().trim().max(max, '筛选条件过长').optional();

export const AuditFilter = z.object({
  /** `staff:<id>`, `cli:<os user>`, or a staff account (read as its `staff:<id>`). */
  actor: filterText(80),
  /** Exact action, or a prefix ending in `.` (`staff.`). */
  action: filterText(80),
  target: filterText(120),
  /** Epoch ms, inclusive. */
  from: epochMs.optional(),
  /** Epoch ms, exclusive. */
  to: epochMs.optional(),
});
export const AuditListRequest = AuditFilter.extend({
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});

export const AuditRow = z.object({
  id: z.number().int(),
  /** Epoch ms. */
  at: z.number().int(),
  actor: z.string(),
  /** The staff account of a `staff:<id>` actor; null for `cli:<os user>` (not part of the chain). */
  actorAccount: z.string().nullable(),
  /** The actor's role then (`cli` for a command). */
  role: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  hash: z.string(),
});
export type AuditRow = z.infer<typeof AuditRow>;
export type AuditFilter = z.infer<typeof AuditFilter>;
export type AuditListRequest = z.infer<typeof AuditListRequest>;

export const ConsoleAuditApi = {
  list: consoleEndpoint({
    method: 'GET',
    path: 'audit/list',
    summary: 'Audit rows, newest first, filtered, one keyset page',
    access: 'audit.read',
    request: AuditListRequest,
    data: z.object({ items: z.array(AuditRow), nextCursor: z.number().int().nullable() }),
  }),
  exportCsv: consoleEndpoint({
    method: 'GET',
    path: 'audit/export',
    summary: 'Every matching audit row as CSV (streamed)',
    access: 'audit.read',
    request: AuditFilter,
    csv: true,
  }),
} as const;

/** The CSV's columns, in order (the first line of the export); times are Beijing `YYYY-MM-DD HH:mm:ss`. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  '时间（北京）',
  'actor',
  '操作者账号',
  'role',
  'action',
  'target',
  'reason',
  'ip',
  'user_agent',
  'before',
  'after',
  'hash',
] as const;
