import { DEPOSIT_CHANNELS, type DepositChannel } from '@lottery/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { walletKeys } from './keys';
import type { Channel } from './types';

/** The channel's own call (frontWechatPayment, frontBankTransferPayment, …): what its screen needs. */
export const getDepositChannel = (channel: DepositChannel, signal?: AbortSignal) =>
  request<Channel>(`transaction/${DEPOSIT_CHANNELS[channel].call}`, { signal });

export const depositChannelQuery = (channel: DepositChannel) =>
  queryOptions({
    queryKey: walletKeys.channel(channel),
    queryFn: ({ signal }) => getDepositChannel(channel, signal),
    retry: false,
  });

/** Unknown route segments never reach the server. */
export const useDepositChannel = (channel: DepositChannel) =>
  useQuery({ ...depositChannelQuery(channel), enabled: Object.hasOwn(DEPOSIT_CHANNELS, channel) });
