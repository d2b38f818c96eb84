import type { ChatMessage } from '@lottery/contract/chat-frames';

/**
 * What a chat message shows where its card is not drawn (the embedded chat's conversation, the
 * floating private-chat frame): text as text, other kinds by name.
 */
export function messageText(message: Pick<ChatMessage, 'messageTypeId' | 'message' | 'withdraw'>): string {
  if (message.withdraw) return '消息已撤回';
  switch (message.messageTypeId) {
    case 1:
      return message.message;
    case 2:
      return '[图片]';
    case 3:
      return '[红包]';
    case 7:
      return '[注单]';
    case 9:
      return '[战绩]';
    case 10:
      return '[推送计划]';
    default:
      return '[消息]';
  }
}
