/**
 * Deposit channels: screen route segment, front call, ledger code and the channel's one name (the
 * page title, its card and its records all say it). Kept free of zod so the route table can read
 * the names without loading the wallet schemas.
 */
export const DEPOSIT_CHANNELS = {
  internetbank: { call: 'frontInternetBankPayment', typeCode: 101, name: '网银支付', kind: 'provider' },
  banktransfer: { call: 'frontBankTransferPayment', typeCode: 102, name: '银行卡转账', kind: 'bank' },
  alipay: { call: 'frontAlipayPayment', typeCode: 103, name: '支付宝', kind: 'provider' },
  wechat: { call: 'frontWechatPayment', typeCode: 104, name: '微信支付', kind: 'provider' },
  qqpay: { call: 'frontQQPayment', typeCode: 105, name: 'QQ钱包', kind: 'provider' },
  unionpay: { call: 'frontUnionpayPayment', typeCode: 107, name: '银联支付', kind: 'provider' },
  quickpass: { call: 'frontQuickpassPayment', typeCode: 108, name: '云闪付', kind: 'provider' },
  jdpay: { call: 'frontJdpayPayment', typeCode: 109, name: '京东钱包', kind: 'provider' },
  digitalcurrencypay: { call: 'frontDigitalCurrency', typeCode: 111, name: '数字货币', kind: 'provider' },
  digitalrmb: { call: 'frontDigitalRmb', typeCode: 113, name: '数字人民币', kind: 'provider' },
  douyin: { call: 'frontDouyinPayment', typeCode: 114, name: '抖音支付', kind: 'provider' },
} as const;
export type DepositChannel = keyof typeof DEPOSIT_CHANNELS;
export const DEPOSIT_CHANNEL_KEYS = Object.keys(DEPOSIT_CHANNELS) as DepositChannel[];
