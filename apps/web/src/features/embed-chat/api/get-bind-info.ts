import { EmbedChatApi } from '@lottery/contract/embed-chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallReply, call } from '../../../shared/api/call';

export type BindInfo = CallReply<typeof EmbedChatApi.bindInfo>;

/** GET users/embedChatBindInfo: the player's bound 吉聊 account, if any. */
export const getBindInfo = (signal?: AbortSignal) => call(EmbedChatApi.bindInfo, undefined, { signal });

export const bindInfoQuery = () =>
  queryOptions({ queryKey: ['embedChat', 'bindInfo'], queryFn: ({ signal }) => getBindInfo(signal) });

export const useBindInfo = (enabled: boolean) => useQuery({ ...bindInfoQuery(), enabled });
