import type { DepositStatus, PayoutKind, WithdrawStatus } from '../api/types';

export const DEPOSIT_STATUS: Record<DepositStatus, string> = {
  pending: '待支付',
  paid: '已到账',
  rejected: '已拒绝',
  expired: '已过期',
};

/** Bank transfers wait for the operator, not for a payment page. */
export const depositStatusText = (status: DepositStatus, channel: string) =>
  status === 'pending' && channel === 'banktransfer' ? '等待确认' : DEPOSIT_STATUS[status];

export const WITHDRAW_STATUS: Record<WithdrawStatus, string> = {
  pending: '审核中',
  approved: '已出款',
  rejected: '已拒绝',
};

export const PAYOUT_KIND: Record<PayoutKind, string> = {
  bank: '银行卡',
  alipay: '支付宝',
  wechat: '微信',
  digital: '数字货币',
};

export const PERIOD_OPTIONS = [
  { key: 'today', label: '今天' },
  { key: 'yesterday', label: '昨天' },
  { key: 'sevenDays', label: '七天' },
] as const;
