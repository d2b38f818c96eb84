/** Shapes of the wallet, payment and security calls as docs/wallet.md defines them. */
import type { DepositChannel } from '@lottery/contract/wallet';

export interface Receiver {
  bankName: string;
  accountName: string;
  cardNo: string;
  branch: string;
}

export interface Channel {
  channel: DepositChannel;
  name: string;
  call: string;
  route: string;
  typeCode: number;
  sort: number;
  minAmount: string;
  maxAmount: string;
  quickAmounts: string[];
  provider: 'sandbox' | 'bank';
  remark: string | null;
  receiver: Receiver | null;
}

export interface Discount {
  enabled: boolean;
  rate: string;
  minDeposit: string;
  maxBonus: string;
}

export type DepositStatus = 'pending' | 'paid' | 'rejected' | 'expired';

export interface Deposit {
  orderNo: string;
  channel: DepositChannel;
  channelName: string;
  typeCode: number;
  amount: string;
  bonus: string;
  status: DepositStatus;
  depositorName: string | null;
  remark: string | null;
  createdAt: number;
  completedAt: number | null;
}

export interface CreatedDeposit extends Deposit {
  payUrl: string | null;
  receiver: Receiver | null;
}

export type PayoutKind = 'bank' | 'alipay' | 'wechat' | 'digital';

export interface Payout {
  id: number;
  kind: PayoutKind;
  bankCode: string | null;
  bankName: string | null;
  accountNo: string;
  realName: string | null;
  branch: string | null;
  protocol: string | null;
  alias: string | null;
  createdAt: number;
}

export interface PayoutAccounts {
  bankCards: Payout[];
  alipay: Payout[];
  wechat: Payout[];
  digital: Payout[];
  maxBankCards: number;
  realName: string | null;
}

export type WithdrawStatus = 'pending' | 'approved' | 'rejected';

export interface Withdraw {
  orderNo: string;
  amount: string;
  fee: string;
  actualAmount: string;
  status: WithdrawStatus;
  payout: {
    kind: PayoutKind;
    bankName: string | null;
    accountNo: string;
    realName: string | null;
    protocol: string | null;
  };
  remark: string | null;
  createdAt: number;
  reviewedAt: number | null;
}

export interface WithdrawSetting {
  minAmount: string;
  maxAmount: string;
  dailyCount: number;
  maxBankCards: number;
  feeRate: string;
}

export interface TurnoverStatus {
  required: string;
  done: string;
  remaining: string;
  canWithdraw: boolean;
}

export interface SecurityItem {
  key: 'safetyPassword' | 'phone' | 'mail' | 'question' | 'bankCard' | 'loginPassword';
  name: string;
  set: boolean;
  value?: string | null;
  route: string;
}

export interface PageOf<T> {
  rows: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
