import { EmbedChatApi } from '@lottery/contract/embed-chat';
import { request } from '../../../shared/api/client';

export type OneTimeKey = { oneTimeKey: string; expiresAt: number; bound: boolean };

/** POST users/embedChatGenerateLoginOneTimeKey: asked by the host page for its chat frame. */
export const generateLoginOneTimeKey = () =>
  request<OneTimeKey>(EmbedChatApi.generateLoginOneTimeKey.path, { method: 'POST', form: {} });
