import { EmbedChatApi } from '@lottery/contract/embed-chat';
import { type CallReply, call } from '../../../shared/api/call';

export type OneTimeKey = CallReply<typeof EmbedChatApi.generateLoginOneTimeKey>;

/** POST users/embedChatGenerateLoginOneTimeKey: asked by the host page for its chat frame. */
export const generateLoginOneTimeKey = () => call(EmbedChatApi.generateLoginOneTimeKey);
