import { z } from 'zod';
import { Amount, DepositorName } from './fields';
import { DEPOSIT_CHANNEL_KEYS, type DepositChannel, PERIODS } from './wallet';

/** Request schemas of the deposit, withdrawal and payout-account calls (docs/wallet.md). */

const id = z.coerce.number().int().positive();
/** Encrypted safety password (docs/wallet.md "Safety password on the wire"). */
const safetyPassword = z.string().min(20, '请输入安全密码').max(512);

export const RechargeRequest = z.object({
  channel: z.enum(DEPOSIT_CHANNEL_KEYS as [DepositChannel, ...DepositChannel[]], { error: '请选择充值方式' }),
  amount: Amount,
  /**
   * Bank transfer only: the name on the paying account (DepositorName, fields.ts). Left empty it is
   * absent; the bank channel then refuses the order with the rule's required message.
   */
  depositorName: z
    .string()
    .trim()
    .optional()
    .transform((name) => name || undefined)
    .pipe(DepositorName.optional()),
});
export type RechargeReq = z.infer<typeof RechargeRequest>;

export const OrderQuery = z.object({ orderNo: z.string().regex(/^[DW]\d{21}$/, '订单号不正确') });

export const OrderListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  period: z.enum(PERIODS).default('sevenDays'),
});

export const SaveWithdrawRequest = z.object({
  amount: Amount,
  /** payout account (bank card, Alipay, WeChat or digital address) id */
  accountId: id,
  safetyPassword,
});
export type SaveWithdrawReq = z.infer<typeof SaveWithdrawRequest>;

export const AddBankCardRequest = z.object({
  bankCode: z.string().max(16).optional(),
  cardNo: z.string().trim(),
  realName: z.string().trim(),
  branch: z.string().trim().max(100).optional(),
  safetyPassword,
});
export const UpdateBankCardRequest = z.object({
  id,
  bankCode: z.string().max(16).optional(),
  cardNo: z.string().trim(),
  branch: z.string().trim().max(100).optional(),
  safetyPassword,
});
export const AddWalletAccountRequest = z.object({
  account: z.string().trim(),
  realName: z.string().trim(),
  safetyPassword,
});
export const UpdateWalletAccountRequest = z.object({ id, account: z.string().trim(), safetyPassword });
export const AddDigitalCurrencyRequest = z.object({
  protocol: z.string(),
  address: z.string().trim(),
  alias: z.string().max(20).optional(),
  safetyPassword,
});
export const UpdateDigitalCurrencyRequest = AddDigitalCurrencyRequest.extend({ id });
export const SafetyCheckRequest = z.object({ safetyPassword });
/** users/destructionCheckBankCard: GET checks whether the card may go, POST removes it. */
export const DestructionCheckQuery = z.object({ id });
export const DestructionRequest = z.object({ id, safetyPassword });
/** A deposit order number (D + 21 digits). */
const depositOrderNo = z.string().regex(/^D\d{21}$/, '订单号不正确');
export const DepositOrderQuery = z.object({ orderNo: depositOrderNo });
/** transaction/frontVirtualWalletPay (POST): pay one own pending deposit order from yuebao. */
export const VirtualWalletPayRequest = z.object({ orderNo: depositOrderNo, safetyPassword });
export const IdQuery = z.object({ id });
export const CardNoQuery = z.object({ cardNo: z.string().regex(/^\d{6,28}$/, '银行卡号须为10-28位数字') });

/** Provider callback body (JSON), signed as docs/wallet.md describes. */
export const ProviderCallback = z.object({
  orderNo: z.string(),
  amount: z.string().regex(/^\d{1,12}\.\d{2}$/),
  status: z.enum(['paid', 'failed']),
  providerRef: z.string().min(1).max(64),
});
export type ProviderCallbackBody = z.infer<typeof ProviderCallback>;
