import { EmbedChatApi, type EmbedChatBindInfo } from '@lottery/contract/embed-chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../shared/api/client';

export type BindInfo = z.infer<typeof EmbedChatBindInfo>;

/** GET users/embedChatBindInfo: the player's bound 吉聊 account, if any. */
export const getBindInfo = (signal?: AbortSignal) =>
  request<BindInfo>(EmbedChatApi.bindInfo.path, { signal });

export const bindInfoQuery = () =>
  queryOptions({ queryKey: ['embedChat', 'bindInfo'], queryFn: ({ signal }) => getBindInfo(signal) });

export const useBindInfo = (enabled: boolean) => useQuery({ ...bindInfoQuery(), enabled });
