/**
 * The content module's public surface: operator commands and the demo seed use these, and the
 * new-message notifier of the socket layer (realtime/message-notifier.ts) the two reads.
 */

export { firstBannerPreload } from './preload';
export { latestMessageId, newMessageRecipients } from './repo';
export { plainTitle, sanitizeContentHtml } from './sanitize';
export type { MessageListener } from './service';
export {
  BannerError,
  createArticle,
  createBanner,
  findUserIdByName,
  publishNotice,
  sendMessage,
  setBannerEnabled,
} from './service';
