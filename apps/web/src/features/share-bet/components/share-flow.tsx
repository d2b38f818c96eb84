import { MessageType } from '@lottery/contract/chat';
import { Dialog, Toast } from 'antd-mobile';
import { type ShareCard, type ShareDestination, sendShare } from '../api/send-share';
import { resultCard, SHARE_DONE_TEXT, type ShareLine, type ShareResult, shareCard } from '../model/share';

export { ShareEditPopup } from './share-edit-popup';
export { SharePicker } from './share-picker';

/** Sends a bet slip (type 7) to every destination (see `sendCard`). */
export function shareTo(username: string, lines: readonly ShareLine[], destinations: ShareDestination[]) {
  return sendCard({ messageTypeId: MessageType.sharedBet, card: shareCard(username, lines) }, destinations);
}

/** Sends a result (type 9, 分享战绩) to every destination (see `sendCard`). */
export function shareResultTo(username: string, result: ShareResult, destinations: ShareDestination[]) {
  return sendCard(
    { messageTypeId: MessageType.sharedResult, card: resultCard(username, result) },
    destinations,
  );
}

/**
 * Sends one card to every destination in turn; stops at the first refusal and shows its message
 * (禁言状态不允许发送图片、表情、红包、分享注单 for a banned member). 分享成功 when all took it.
 */
async function sendCard(card: ShareCard, destinations: ShareDestination[]): Promise<boolean> {
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
