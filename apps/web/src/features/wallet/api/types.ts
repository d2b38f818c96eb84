/** Names for the wallet, payment and security replies the screens draw, read off their endpoints. */
import type { PaymentApi } from '@lottery/contract/payment-api';
import type { SecurityApi } from '@lottery/contract/security';
import type { CallReply } from '../../../shared/api/call';

export type Channel = CallReply<typeof PaymentApi.paymentSettings>['channels'][number];
/** Bank transfer: where to send the money; each line may be unset (null) by the operator. */
export type Receiver = NonNullable<Channel['receiver']>;

export type Deposit = CallReply<typeof PaymentApi.rechargeOrder>;
export type DepositStatus = Deposit['status'];
export type CreatedDeposit = CallReply<typeof PaymentApi.recharge>;

export type Payout = CallReply<typeof PaymentApi.payoutAccount>;
export type PayoutKind = Payout['kind'];

export type Withdraw = CallReply<typeof PaymentApi.withdraw>;
export type WithdrawStatus = Withdraw['status'];

export type SecurityItem = CallReply<typeof SecurityApi.securityList>[number];

/** Where a paged list stands: the next page exists while fewer than `total` rows were asked. */
export interface PageStand {
  total: number;
  pageNum: number;
  pageSize: number;
}
