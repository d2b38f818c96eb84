import { AccountApi } from '@lottery/contract/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export const logout = () => call(AccountApi.logout);

export const useLogout = () => useMutation({ mutationFn: logout });
