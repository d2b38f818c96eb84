import { channelCalls } from '@lottery/contract/payment-api';
import { DEPOSIT_CHANNELS, type DepositChannel } from '@lottery/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { walletKeys } from './keys';

/** The channel's own call (frontWechatPayment, frontBankTransferPayment, …): what its screen needs. */
export const getDepositChannel = (channel: DepositChannel, signal?: AbortSignal) =>
  call(channelCalls[channel], undefined, { signal });

export const depositChannelQuery = (channel: DepositChannel) =>
  queryOptions({
    queryKey: walletKeys.channel(channel),
    queryFn: ({ signal }) => getDepositChannel(channel, signal),
    retry: false,
  });

/** Unknown route segments never reach the server. */
export const useDepositChannel = (channel: DepositChannel) =>
  useQuery({ ...depositChannelQuery(channel), enabled: Object.hasOwn(DEPOSIT_CHANNELS, channel) });
