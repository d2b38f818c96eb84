import type { AccountApi } from '@lottery/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/**
 * users/info, by its path and type only: the start-up session check (app/session.ts) asks it, and
 * the contract's schemas (zod) stay out of the first load (docs/web.md, speed). user-endpoints.test.ts
 * holds it equal to the contract's.
 */
export const UserInfoEndpoint: typeof AccountApi.info = {
  method: 'GET',
  path: 'users/info',
  summary: 'The logged-in user',
  login: true,
};

export const getUserInfo = (signal?: AbortSignal) => call(UserInfoEndpoint, undefined, { signal });

export const userInfoQuery = () =>
  queryOptions({ queryKey: ['user', 'info'], queryFn: ({ signal }) => getUserInfo(signal) });

export const useUserInfo = () => useQuery(userInfoQuery());
