import { type EmbedChatAccount, EmbedChatApi } from '@lottery/contract/embed-chat';
import { request } from '../../../shared/api/client';

/**
 * The chat frame's calls, each spending a one-time key the host page handed over:
 * users/embedChatAccountRegister, users/embedChatAccountBind, users/embedChatRefreshAccount.
 */
export const registerChatAccount = (form: { oneTimeKey: string; nickname: string; password: string }) =>
  request<EmbedChatAccount>(EmbedChatApi.register.path, { method: 'POST', form });

export const bindChatAccount = (form: { oneTimeKey: string; uid: string; password: string }) =>
  request<EmbedChatAccount>(EmbedChatApi.bind.path, { method: 'POST', form });

export const signInChatAccount = (oneTimeKey: string) =>
  request<EmbedChatAccount>(EmbedChatApi.refreshAccount.path, { method: 'POST', form: { oneTimeKey } });
