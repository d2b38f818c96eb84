import { PaymentApi } from '@lottery/contract/payment-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { walletKeys } from './keys';

/** transaction/frontPaymentSettings: enabled channels in order, the deposit bonus and turnover %. */
export const getPaymentSettings = (signal?: AbortSignal) =>
  call(PaymentApi.paymentSettings, undefined, { signal });

export const paymentSettingsQuery = () =>
  queryOptions({ queryKey: walletKeys.channels, queryFn: ({ signal }) => getPaymentSettings(signal) });

export const usePaymentSettings = () => useQuery(paymentSettingsQuery());
