import { EmbedChatApi } from '@lottery/contract/embed-chat';
import { call } from '../../../shared/api/call';

/**
 * The chat frame's calls, each spending a one-time key the host page handed over:
 * users/embedChatAccountRegister, users/embedChatAccountBind, users/embedChatRefreshAccount.
 */
export const registerChatAccount = (form: { oneTimeKey: string; nickname: string; password: string }) =>
  call(EmbedChatApi.register, form);

export const bindChatAccount = (form: { oneTimeKey: string; uid: string; password: string }) =>
  call(EmbedChatApi.bind, form);

export const signInChatAccount = (oneTimeKey: string) => call(EmbedChatApi.refreshAccount, { oneTimeKey });
