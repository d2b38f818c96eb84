import type { DepositRow, WithdrawRow } from '@lottery/contract/console/finance';
import { DEPOSIT_CHANNELS, type DepositChannel } from '@lottery/contract/deposit-channels';
import { Tag } from 'antd';

/** The desk's words for the contract's codes (statuses, channels, payout kinds). */

export const DEPOSIT_STATUS_LABELS: Record<DepositRow['status'], string> = {
  pending: '待确认',
  paid: '已到账',
  rejected: '已拒绝',
  expired: '已过期',
};
const DEPOSIT_STATUS_COLORS: Record<DepositRow['status'], string | undefined> = {
  pending: 'gold',
  paid: 'green',
  rejected: 'red',
  expired: undefined,
};

export const WITHDRAW_STATUS_LABELS: Record<WithdrawRow['status'], string> = {
  pending: '待审核',
  approved: '已出款',
  rejected: '已拒绝',
};
const WITHDRAW_STATUS_COLORS: Record<WithdrawRow['status'], string | undefined> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

const PAYOUT_KIND_LABELS: Record<string, string> = {
  bank: '银行卡',
  alipay: '支付宝',
  wechat: '微信',
  digital: '数字货币',
};

/** Channels whose orders the desk confirms by hand (the server's rule; others complete by callback). */
export const isHandConfirmed = (channel: string) =>
  channel === 'banktransfer' || channel === 'digitalcurrencypay';

export const payoutKindLabel = (kind: string) => PAYOUT_KIND_LABELS[kind] ?? kind;

const isChannel = (channel: string): channel is DepositChannel => Object.hasOwn(DEPOSIT_CHANNELS, channel);

export const channelLabel = (channel: string) =>
  isChannel(channel) ? DEPOSIT_CHANNELS[channel].name : channel;

export const channelOptions = Object.entries(DEPOSIT_CHANNELS).map(([value, def]) => ({
  value,
  label: def.name,
}));

export const depositStatusTag = (status: DepositRow['status']) => (
  <Tag color={DEPOSIT_STATUS_COLORS[status]}>{DEPOSIT_STATUS_LABELS[status]}</Tag>
);

/**
 * A withdrawal's state as the desk reads it: a pending one at or above the four-eyes threshold is
 * 需复核 until its first approval, then 待第二人复核 (naming who approved).
 */
export function withdrawStateTag(row: WithdrawRow) {
  if (row.status === 'pending' && row.firstApproval) return <Tag color="purple">待第二人复核</Tag>;
  if (row.status === 'pending' && row.needsSecondApproval) return <Tag color="orange">需复核</Tag>;
  return <Tag color={WITHDRAW_STATUS_COLORS[row.status]}>{WITHDRAW_STATUS_LABELS[row.status]}</Tag>;
}
