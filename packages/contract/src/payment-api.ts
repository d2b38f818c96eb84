import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  AddBankCardRequest,
  AddDigitalCurrencyRequest,
  AddWalletAccountRequest,
  CardNoQuery,
  DepositOrderQuery,
  DestructionCheckQuery,
  DestructionRequest,
  IdQuery,
  OrderListQuery,
  OrderQuery,
  RechargeRequest,
  SafetyCheckRequest,
  SaveWithdrawRequest,
  UpdateBankCardRequest,
  UpdateDigitalCurrencyRequest,
  UpdateWalletAccountRequest,
  VirtualWalletPayRequest,
} from './payment';
import { DEPOSIT_CHANNEL_KEYS, DEPOSIT_CHANNELS, type DepositChannel } from './wallet';

/** Replies of the deposit, withdrawal and payout-account calls (docs/wallet.md). Money: yuan strings. */
const int = z.number().int();
const money = z.string();
const channelKey = z.enum(DEPOSIT_CHANNEL_KEYS as [DepositChannel, ...DepositChannel[]]);

export const channelView = z.object({
  channel: channelKey,
  name: z.string(),
  /** The spec's call for this channel (transaction/...). */
  call: z.string(),
  route: z.string(),
  typeCode: int,
  sort: int,
  minAmount: money,
  maxAmount: money,
  quickAmounts: z.array(money),
  provider: z.enum(['sandbox', 'bank']),
  remark: z.string().nullable(),
  /** Bank transfer: where to send the money. */
  receiver: z
    .object({
      bankName: z.string().nullable(),
      accountName: z.string().nullable(),
      cardNo: z.string().nullable(),
      branch: z.string().nullable(),
    })
    .nullable(),
});

export const depositView = z.object({
  orderNo: z.string(),
  channel: channelKey,
  channelName: z.string(),
  typeCode: int,
  amount: money,
  bonus: money,
  status: z.enum(['pending', 'paid', 'rejected', 'expired']),
  depositorName: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.number(),
  completedAt: z.number().nullable(),
});

const payoutKind = z.enum(['bank', 'alipay', 'wechat', 'digital']);

/** A bank card, Alipay, WeChat or digital address; numbers masked except digital addresses. */
export const payoutView = z.object({
  id: int,
  kind: payoutKind,
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string(),
  realName: z.string().nullable(),
  branch: z.string().nullable(),
  protocol: z.string().nullable(),
  alias: z.string().nullable(),
  createdAt: z.number(),
});

export const withdrawView = z.object({
  orderNo: z.string(),
  amount: money,
  fee: money,
  actualAmount: money,
  status: z.enum(['pending', 'approved', 'rejected']),
  /** The account as it was when the withdrawal was asked. */
  payout: z.object({
    kind: payoutKind,
    bankName: z.string().nullable(),
    accountNo: z.string(),
    realName: z.string().nullable(),
    protocol: z.string().nullable(),
  }),
  remark: z.string().nullable(),
  createdAt: z.number(),
  reviewedAt: z.number().nullable(),
});

const discount = {
  enabled: z.boolean(),
  /** Percent of the deposit, e.g. "1.00". */
  rate: money,
  minDeposit: money,
  maxBonus: money,
};

const orderPage = <Row extends z.ZodType>(row: Row) =>
  z.object({ rows: z.array(row), total: int, pageNum: int, pageSize: int });

const bank = z.object({ bankCode: z.string(), bankName: z.string() });

const login = true;
const channelList = (path: string, summary: string) =>
  endpoint({ method: 'GET', path, summary, data: z.array(channelView), login });

/** The per-channel cashier calls (transaction/<call>), one per deposit channel. */
export const channelCalls = Object.fromEntries(
  Object.entries(DEPOSIT_CHANNELS).map(([channel, def]) => [
    channel,
    endpoint({
      method: 'GET',
      path: `transaction/${def.call}`,
      summary: `The ${def.name} cashier: limits, quick amounts, receiver`,
      data: channelView,
      login,
    }),
  ]),
) as Record<DepositChannel, ReturnType<typeof endpoint<'GET', z.ZodUndefined, typeof channelView, true>>>;

const payoutChange = <Req extends z.ZodType>(path: string, summary: string, request: Req) =>
  endpoint({ method: 'POST', path, summary, request, data: payoutView, login });

/** Every payment call (spec/platform.md §7 Wallet and payment, Account). */
export const PaymentApi = {
  paySort: channelList('transaction/frontPaySort', 'Enabled deposit channels in order'),
  appPaySort: channelList('transaction/frontAppPaySort', 'Enabled deposit channels in order (app)'),
  paymentSettings: endpoint({
    method: 'GET',
    path: 'transaction/frontPaymentSettings',
    summary: 'Deposit channels, the deposit bonus and the turnover rule',
    data: z.object({
      channels: z.array(channelView),
      rechargeDiscount: z.object(discount),
      turnoverPercent: int,
    }),
    login,
  }),
  rechargeDiscount: endpoint({
    method: 'GET',
    path: 'activity/getRechargeDiscount',
    summary: 'The deposit bonus rule, and the bonus for `amount` when given',
    request: z.object({ amount: z.string().optional() }),
    data: z.object({ ...discount, bonus: money.nullable() }),
    login,
  }),
  recharge: endpoint({
    method: 'POST',
    path: 'transaction/rechargeFrontPaymentRecord',
    summary: 'Create a deposit order (pending until paid or confirmed)',
    request: RechargeRequest,
    data: depositView.extend({ payUrl: z.string().nullable(), receiver: channelView.shape.receiver }),
    login,
  }),
  rechargeOrder: endpoint({
    method: 'GET',
    path: 'transaction/frontRechargeOrder',
    summary: 'One own deposit order',
    request: OrderQuery,
    data: depositView,
    login,
  }),
  rechargeList: endpoint({
    method: 'GET',
    path: 'transaction/frontSummaryPaymentRecordList',
    summary: 'Own deposit orders of a period',
    request: OrderListQuery,
    data: orderPage(depositView),
    login,
  }),
  withdrawSetting: endpoint({
    method: 'GET',
    path: 'users/queryUsersTenantConfigWithdrawSettingFront',
    summary: 'Withdrawal limits, daily count, card cap and fee',
    data: z.object({
      minAmount: money,
      maxAmount: money,
      dailyCount: int,
      maxBankCards: int,
      /** Fee percent, e.g. "0.00". */
      feeRate: money,
    }),
    login,
  }),
  withdrawLimitFlow: endpoint({
    method: 'GET',
    path: 'transaction/getWithdrawLimitFlowList',
    summary: 'Turnover still to wager before a withdrawal, per deposit',
    data: z.object({
      required: money,
      done: money,
      remaining: money,
      canWithdraw: z.boolean(),
      rows: z.array(
        z.object({
          sourceKind: z.string(),
          sourceId: z.string(),
          amount: money,
          required: money,
          done: money,
          finished: z.boolean(),
          createdAt: z.number(),
        }),
      ),
    }),
    login,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: 'transaction/saveFrontWithdrawRecord',
    summary: 'Ask a withdrawal (safety password): the amount is held until reviewed',
    request: SaveWithdrawRequest,
    data: withdrawView,
    login,
  }),
  withdrawRecords: endpoint({
    method: 'GET',
    path: 'transaction/frontWithdrawRecord',
    summary: 'Own withdrawals of a period',
    request: OrderListQuery,
    data: orderPage(withdrawView),
    login,
  }),
  withdrawRecords2: endpoint({
    method: 'GET',
    path: 'transaction/frontWithdrawRecord2',
    summary: 'Own withdrawals of a period (second spec path)',
    request: OrderListQuery,
    data: orderPage(withdrawView),
    login,
  }),
  tradingWithdrawRecords: endpoint({
    method: 'GET',
    path: 'transaction/frontTradingWithdrawRecordList',
    summary: 'Own withdrawals of a period (third spec path)',
    request: OrderListQuery,
    data: orderPage(withdrawView),
    login,
  }),
  errorLog: endpoint({
    method: 'POST',
    path: 'transfer/frontErrorLog',
    summary: 'A cashier screen reports a client-side payment error (stored bounded)',
  }),
  banks: endpoint({
    method: 'GET',
    path: 'users/queryBankInfo',
    summary: 'Banks a card may belong to',
    data: z.array(bank),
  }),
  bankOfCard: endpoint({
    method: 'GET',
    path: 'users/queryBankCardName',
    summary: 'The bank of a card number (by its BIN), or null',
    request: CardNoQuery,
    data: bank.nullable(),
    login,
  }),
  payoutAccounts: endpoint({
    method: 'GET',
    path: 'users/getBankCardListFront',
    summary: "The player's cards, Alipay, WeChat and digital addresses",
    data: z.object({
      bankCards: z.array(payoutView),
      alipay: z.array(payoutView),
      wechat: z.array(payoutView),
      digital: z.array(payoutView),
      maxBankCards: int,
      realName: z.string().nullable(),
    }),
    login,
  }),
  payoutAccount: endpoint({
    method: 'GET',
    path: 'users/findUsersBankCardDetailsById',
    summary: 'One own payout account',
    request: IdQuery,
    data: payoutView,
    login,
  }),
  checkBankCard: endpoint({
    method: 'GET',
    path: 'users/checkBankCard',
    summary: 'Whether another card may be added, and what it needs first',
    data: z.object({
      count: int,
      maxBankCards: int,
      canAdd: z.boolean(),
      hasSafetyPassword: z.boolean(),
      realName: z.string().nullable(),
    }),
    login,
  }),
  firstBankCard: endpoint({
    method: 'GET',
    path: 'users/getFirstLockBankCard',
    summary: 'The bound real name and the first card',
    data: z.object({ realName: z.string().nullable(), card: payoutView.nullable() }),
    login,
  }),
  safetyCheck: endpoint({
    method: 'POST',
    path: 'users/safetyCheckBankCard',
    summary: 'Check the safety password before a card change',
    request: SafetyCheckRequest,
    data: z.literal(true),
    login,
  }),
  addBankCard: payoutChange('users/addBankCard', 'Bind a bank card (safety password)', AddBankCardRequest),
  updateBankCard: payoutChange(
    'users/updateBankCardFront',
    'Change a bank card (safety password)',
    UpdateBankCardRequest,
  ),
  addAlipay: payoutChange(
    'users/addAlipay',
    'Bind an Alipay account (safety password)',
    AddWalletAccountRequest,
  ),
  updateAlipay: payoutChange(
    'users/updateAlipay',
    'Change an Alipay account (safety password)',
    UpdateWalletAccountRequest,
  ),
  addWeixin: payoutChange(
    'users/addWeixin',
    'Bind a WeChat account (safety password)',
    AddWalletAccountRequest,
  ),
  updateWeixin: payoutChange(
    'users/updateWeixin',
    'Change a WeChat account (safety password)',
    UpdateWalletAccountRequest,
  ),
  addDigitalCurrency: payoutChange(
    'users/addDigitalCurrency',
    'Bind a digital-currency address (safety password)',
    AddDigitalCurrencyRequest,
  ),
  updateDigitalCurrency: payoutChange(
    'users/updateDigitalCurrency',
    'Change a digital-currency address (safety password)',
    UpdateDigitalCurrencyRequest,
  ),
  digitalAddresses: endpoint({
    method: 'GET',
    path: 'users/queryDigitalCurrencyList',
    summary: "The player's digital-currency addresses",
    data: z.array(payoutView),
    login,
  }),
  destructionCheck: endpoint({
    method: 'GET',
    path: 'users/destructionCheckBankCard',
    summary: 'Whether an own bank card may be removed now (no withdrawal of it under review)',
    request: DestructionCheckQuery,
    data: z.object({
      id: int,
      canRemove: z.boolean(),
      /** Why not, in the words the screen shows; null when it may go. */
      reason: z.string().nullable(),
      hasSafetyPassword: z.boolean(),
    }),
    login,
  }),
  destroyBankCard: endpoint({
    method: 'POST',
    path: 'users/destructionCheckBankCard',
    summary: 'Remove (unbind) an own bank card after checking the safety password',
    request: DestructionRequest,
    data: z.object({ id: int, remaining: int }),
    login,
  }),
  digitalCurrencyOrderImageCount: endpoint({
    method: 'GET',
    path: 'transaction/digitalCurrencyOrderImageCount',
    summary: 'How many payment proof images an own digital-currency deposit order has',
    request: DepositOrderQuery,
    data: z.object({ orderNo: z.string(), count: int, max: int }),
    login,
  }),
  virtualWalletCashier: endpoint({
    method: 'GET',
    path: 'transaction/frontVirtualWalletPay',
    summary: 'What the yuebao (virtual wallet) balance can pay: balance and own payable deposit orders',
    data: z.object({
      enabled: z.boolean(),
      yuebaoBalance: money,
      payable: z.array(depositView),
    }),
    login,
  }),
  virtualWalletPay: endpoint({
    method: 'POST',
    path: 'transaction/frontVirtualWalletPay',
    summary: 'Pay an own pending deposit order from the yuebao balance (ledger 110, safety password)',
    request: VirtualWalletPayRequest,
    data: z.object({
      order: depositView,
      yuebaoBalance: money,
      balance: money,
      /** true when this order had already been paid this way (nothing moved again) */
      replayed: z.boolean(),
    }),
    login,
  }),
  providerCallback: endpoint({
    method: 'POST',
    path: 'transaction/paymentCallback/sandbox',
    summary: "The payment provider's signed callback (raw JSON body, docs/wallet.md)",
    data: z.object({ orderNo: z.string(), status: z.string(), alreadyDone: z.boolean().optional() }),
  }),
};
