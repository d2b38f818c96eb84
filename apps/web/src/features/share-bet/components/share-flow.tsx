import { Dialog, Toast } from 'antd-mobile';
import { type ShareDestination, sendShare } from '../api/send-share';
import { SHARE_DONE_TEXT, type ShareLine, shareCard } from '../model/share';

export { ShareEditPopup } from './share-edit-popup';
export { SharePicker } from './share-picker';

/**
 * Sends one slip to every destination in turn; stops at the first refusal and shows its message
 * (禁言状态不允许发送图片、表情、红包、分享注单 for a banned member). 分享成功 when all took it.
 */
export async function shareTo(
  username: string,
  lines: readonly ShareLine[],
  destinations: ShareDestination[],
): Promise<boolean> {
  const card = shareCard(username, lines);
  try {
    for (const to of destinations) {
      const env = await sendShare(to, card);
      if (env.code !== 1) {
        await Dialog.alert({ content: env.msg || '请求超时', confirmText: '确定' });
        return false;
      }
    }
  } catch {
    // transport failures and code 0 were already announced by the API client
    return false;
  }
  Toast.show({ content: SHARE_DONE_TEXT });
  return true;
}
