import { EmbedChatApi } from '@lottery/contract/embed-chat';
import { call } from '../../../shared/api/call';

/** POST users/embedChatRefreshAvatar: the host copies the player's avatar to the chat account. */
export const refreshChatAvatar = () => call(EmbedChatApi.refreshAvatar);
