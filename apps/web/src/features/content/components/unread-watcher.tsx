import { useUnread } from '../api/get-unread';

/**
 * Mounted once by the shell: keeps the unread counts fresh while a player is logged in (and in
 * shared/stores/unread.ts for the user centre's badge), so a new message shows 您有一条新的消息
 * (api/get-unread.ts) on whatever page they are on, also when the account socket was down.
 */
export function UnreadWatcher() {
  useUnread();
  return null;
}
