import { AccountApi } from '@lottery/contract/account';
import { useMutation } from '@tanstack/react-query';
import { type CallInput, call } from '../../../shared/api/call';

export type InfoUpdateInput = CallInput<typeof AccountApi.infoUpdate>;

export const updateUserInfo = (input: InfoUpdateInput) => call(AccountApi.infoUpdate, input);

export const useUpdateUserInfo = () => useMutation({ mutationFn: updateUserInfo });
