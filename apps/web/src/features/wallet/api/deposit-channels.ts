import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { walletKeys } from './keys';
import type { Channel, Discount } from './types';

/** transaction/frontPaymentSettings: enabled channels in order, the deposit bonus and turnover %. */
export interface PaymentSettings {
  channels: Channel[];
  rechargeDiscount: Discount;
  turnoverPercent: number;
}

export const getPaymentSettings = (signal?: AbortSignal) =>
  request<PaymentSettings>('transaction/frontPaymentSettings', { signal });

export const paymentSettingsQuery = () =>
  queryOptions({ queryKey: walletKeys.channels, queryFn: ({ signal }) => getPaymentSettings(signal) });

export const usePaymentSettings = () => useQuery(paymentSettingsQuery());
