/** The content module's public surface: operator commands and the demo seed use these. */

export { sanitizeContentHtml } from './sanitize';
export type { MessageListener } from './service';
export { createArticle, findUserIdByName, publishNotice, sendMessage } from './service';
