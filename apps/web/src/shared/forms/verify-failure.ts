import { Code } from '@lottery/contract/codes';
import { Dialog } from 'antd-mobile';
import { ApiError } from '../api/envelope';

/** data 10 on code -1: verification is locked (spec/platform.md §8). */
export const LOCKED_DATA = 10;

export type VerifyFailureChoice = 'retry' | 'forgot' | 'closed' | 'other';

/**
 * Code -1 on a safety-password check (spec/platform.md §8): with data 10 the message is shown with
 * a confirm button and the flow closes; otherwise the player may re-enter or go to 忘记密码
 * (the message gets 请重试). Other errors were already shown by the shell.
 */
export async function handleVerifyFailure(error: unknown): Promise<VerifyFailureChoice> {
  if (!(error instanceof ApiError) || error.code !== Code.VERIFY_FAILED) return 'other';
  if (error.data === LOCKED_DATA) {
    await Dialog.alert({ content: error.message, confirmText: '确定' });
    return 'closed';
  }
  const retry = await Dialog.confirm({
    content: `${error.message}，请重试`,
    confirmText: '重新输入',
    cancelText: '忘记密码',
  });
  return retry ? 'retry' : 'forgot';
}
