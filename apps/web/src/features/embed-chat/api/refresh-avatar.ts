import { type EmbedChatAccount, EmbedChatApi } from '@lottery/contract/embed-chat';
import { request } from '../../../shared/api/client';

/** POST users/embedChatRefreshAvatar: the host copies the player's avatar to the chat account. */
export const refreshChatAvatar = () =>
  request<EmbedChatAccount>(EmbedChatApi.refreshAvatar.path, { method: 'POST', form: {} });
