import { TRANSACTION_TYPES } from '@lottery/contract/wallet';
import { PLEDGE_STATE_NAMES } from '@lottery/contract/yuebao';
import { Tag, Typography } from 'antd';
import { groupYuan } from '../../shared/money';
import type { PlayerStatusValue, SearchKey } from './players-api';

/** The players desk's words for the server's codes; an unknown code shows as the server wrote it. */

export const SEARCH_KEY_LABELS: Record<SearchKey, string> = {
  account: '账号',
  id: 'ID',
  phone: '手机',
  email: '邮箱',
  ip: 'IP',
};

export const SEARCH_KEY_HINTS: Record<SearchKey, string> = {
  account: '完整账号，或以 * 结尾按前缀查找（如 player*）',
  id: '玩家 ID（数字）',
  phone: '完整手机号',
  email: '完整邮箱（不区分大小写）',
  ip: '注册、最近登录或任一会话的 IP',
};

const STATUS_TAGS: Record<PlayerStatusValue, { label: string; color: string }> = {
  active: { label: '正常', color: 'green' },
  disabled: { label: '已停用', color: 'default' },
  frozen: { label: '已冻结', color: 'blue' },
};

export function StatusTag({ status }: { status: PlayerStatusValue }) {
  const { label, color } = STATUS_TAGS[status];
  return (
    <Tag color={color} data-testid="player-status">
      {label}
    </Tag>
  );
}

export const ACCOUNT_ROLE_LABELS: Record<string, string> = {
  player: '玩家',
  agent: '代理',
  manager: '房管',
};

export const gradeText = (grade: number) => `VIP${grade}`;

export function typeName(code: number): string {
  return (TRANSACTION_TYPES as Record<number, string>)[code] ?? String(code);
}

const MONEY_STYLE = { fontVariantNumeric: 'tabular-nums' } as const;

/** A yuan amount as the server formatted it (a decimal string): never parsed to a float. */
export function Money({ value, signed = false }: { value: string; signed?: boolean }) {
  const shown = groupYuan(value);
  if (!signed) return <span style={MONEY_STYLE}>{shown}</span>;
  const negative = value.startsWith('-');
  return (
    <Typography.Text type={negative ? 'danger' : 'success'} style={MONEY_STYLE}>
      {negative || value === '0.00' ? shown : `+${shown}`}
    </Typography.Text>
  );
}

export const DEPOSIT_STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: '待处理', color: 'gold' },
  paid: { label: '已到账', color: 'green' },
  rejected: { label: '已拒绝', color: 'red' },
  expired: { label: '已过期', color: 'default' },
};

export const WITHDRAW_STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: '待审核', color: 'gold' },
  approved: { label: '已出款', color: 'green' },
  rejected: { label: '已拒绝', color: 'red' },
};

/** betting's BetState: 0 open, 1 won, 2 lost, 3 cancelled. */
export const BET_STATE: Record<number, { label: string; color: string }> = {
  0: { label: '待开奖', color: 'gold' },
  1: { label: '已中奖', color: 'red' },
  2: { label: '未中奖', color: 'default' },
  3: { label: '已撤单', color: 'default' },
};

/** yuebao's pledge order states: 1 holding, 2 matured, 3 cancelled early, 4 renewed. */
const PLEDGE_STATE_COLORS: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'default', 4: 'blue' };
export const PLEDGE_STATE: Record<number, { label: string; color: string }> = Object.fromEntries(
  Object.entries(PLEDGE_STATE_NAMES).map(([state, label]) => [
    state,
    { label, color: PLEDGE_STATE_COLORS[Number(state)] ?? 'default' },
  ]),
);

/** A table-game bet as the web app's 棋牌记录 words it: open, settled by its outcome, or refunded. */
const GAME_OUTCOME: Record<string, { label: string; color: string }> = {
  win: { label: '赢', color: 'red' },
  lose: { label: '输', color: 'default' },
  push: { label: '和局退本', color: 'default' },
  halfLost: { label: '输一半', color: 'default' },
};
export function GameBetTag({ state, outcome }: { state: number; outcome: string | null }) {
  if (state === 0) return <Tag color="gold">待开奖</Tag>;
  if (state === 3) return <Tag>已退款（作废局）</Tag>;
  const known = outcome === null ? undefined : GAME_OUTCOME[outcome];
  return known ? <Tag color={known.color}>{known.label}</Tag> : <Tag>{outcome ?? '已结算'}</Tag>;
}

export const CHASE_STOP: Record<string, string> = {
  win: '中奖停追',
  cancel: '已撤销',
};

export function CodeTag({
  table,
  code,
}: {
  table: Record<string, { label: string; color: string }>;
  code: string | number;
}) {
  const known = table[String(code)];
  return known ? <Tag color={known.color}>{known.label}</Tag> : <Tag>{String(code)}</Tag>;
}
