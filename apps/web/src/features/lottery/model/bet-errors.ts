import { Codes } from '@lottery/contract/codes';

/**
 * What the bet flow does with an addBetting reply other than success (spec/betting.md §8), as a
 * pure decision so every branch is unit-tested.
 */
export type BetErrorAction =
  /** -40: the bet is still being placed; keep 正在投注 and ask again (same idempotency key). */
  | { kind: 'keepPlacing' }
  /** -33: ignored silently. */
  | { kind: 'ignore' }
  /** 余额不足: dialog with 充值 (to /recharge) or 取消. */
  | { kind: 'recharge'; message: string }
  /** -9 or a 返点 message: show msg, clear rebate caches and reload rebates. */
  | { kind: 'rebate'; message: string }
  /** 期号错误: drop the cached plan/issue and fetch it again, show msg. */
  | { kind: 'issue'; message: string }
  /** Anything else: confirm dialog with msg and 确定, then rebate refresh; basket cleared. */
  | { kind: 'other'; message: string };

export function betErrorAction(code: number, msg: string): BetErrorAction {
  if (code === Codes.BET_IN_PROGRESS.code) return { kind: 'keepPlacing' };
  if (code === Codes.ACCOUNT_ABNORMAL.code) return { kind: 'ignore' };
  const message = msg || '投注失败';
  if (code === Codes.INSUFFICIENT_BALANCE.code || message.includes('余额不足'))
    return { kind: 'recharge', message };
  if (code === Codes.REBATE_CHANGED.code || message.includes('返点')) return { kind: 'rebate', message };
  if (message.includes('期号错误')) return { kind: 'issue', message };
  return { kind: 'other', message };
}
