import { formatMoney } from '@lottery/contract/money';
import { DEPOSIT_CHANNELS } from '@lottery/contract/wallet';
import type { PayoutAccount } from '../security/index';
import { maskAccountNo } from '../security/index';
import type { DepositOrder } from './deposits';
import type { PaymentChannel } from './settings';
import type { WithdrawOrder } from './withdrawals';

/** What the screens receive: money as decimal strings, card numbers masked. */

export const channelView = (c: PaymentChannel) => ({
  channel: c.channel,
  name: c.name,
  call: DEPOSIT_CHANNELS[c.channel].call,
  route: `/recharge/${c.channel}`,
  typeCode: DEPOSIT_CHANNELS[c.channel].typeCode,
  sort: c.sort,
  minAmount: formatMoney(c.minMinor),
  maxAmount: formatMoney(c.maxMinor),
  quickAmounts: c.quickAmountsMinor.map((q) => formatMoney(q)),
  provider: c.provider,
  remark: c.remark,
  receiver:
    c.provider === 'bank'
      ? {
          bankName: c.receiverBank,
          accountName: c.receiverName,
          cardNo: c.receiverCard,
          branch: c.receiverBranch,
        }
      : null,
});

export const depositView = (o: DepositOrder) => ({
  orderNo: o.orderNo,
  channel: o.channel,
  channelName: DEPOSIT_CHANNELS[o.channel].name,
  typeCode: o.typeCode,
  amount: formatMoney(o.amountMinor),
  bonus: formatMoney(o.bonusMinor),
  status: o.status,
  depositorName: o.depositorName,
  remark: o.remark,
  createdAt: o.createdAt,
  completedAt: o.completedAt,
});

export const payoutView = (a: PayoutAccount) => ({
  id: a.id,
  kind: a.kind,
  bankCode: a.bankCode,
  bankName: a.bankName,
  accountNo: a.kind === 'digital' ? a.accountNo : maskAccountNo(a.accountNo),
  realName: a.realName,
  branch: a.branch,
  protocol: a.protocol,
  alias: a.alias,
  createdAt: a.createdAt,
});

export const withdrawView = (o: WithdrawOrder) => ({
  orderNo: o.orderNo,
  amount: formatMoney(o.amountMinor),
  fee: formatMoney(o.feeMinor),
  actualAmount: formatMoney(o.amountMinor - o.feeMinor),
  status: o.status,
  payout: {
    ...o.payout,
    accountNo: o.payout.kind === 'digital' ? o.payout.accountNo : maskAccountNo(o.payout.accountNo),
  },
  remark: o.remark,
  createdAt: o.createdAt,
  reviewedAt: o.reviewedAt,
});
