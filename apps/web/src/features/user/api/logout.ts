import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

export const logout = () => request<unknown>('users/logout', { form: {} });

export const useLogout = () => useMutation({ mutationFn: logout });
