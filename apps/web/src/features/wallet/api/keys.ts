/** Query keys of the wallet screens; a money movement invalidates `walletKeys.all`. */
export const walletKeys = {
  all: ['wallet'] as const,
  myBalance: ['wallet', 'myBalance'] as const,
  channels: ['wallet', 'channels'] as const,
  channel: (call: string) => ['wallet', 'channel', call] as const,
  deposits: (period: string) => ['wallet', 'deposits', period] as const,
  order: (orderNo: string) => ['wallet', 'order', orderNo] as const,
  withdraws: (period: string) => ['wallet', 'withdraws', period] as const,
  withdrawSetting: ['wallet', 'withdrawSetting'] as const,
  turnover: ['wallet', 'turnover'] as const,
  payouts: ['wallet', 'payouts'] as const,
  payout: (id: number) => ['wallet', 'payout', id] as const,
  banks: ['wallet', 'banks'] as const,
  records: (period: string, type: number) => ['wallet', 'records', period, type] as const,
  safety: ['wallet', 'safety'] as const,
  security: ['wallet', 'security'] as const,
  questions: ['wallet', 'questions'] as const,
};
