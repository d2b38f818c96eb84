import type { AccountApi } from '@lottery/contract/account';
import { call } from '../../../shared/api/call';

/**
 * users/isLogin, by its path and type only: start-up asks it, and the contract's schemas (zod) stay
 * out of the first load (docs/web.md, speed). is-login.test.ts holds it equal to the contract's.
 */
export const IsLoginEndpoint: typeof AccountApi.isLogin = {
  method: 'GET',
  path: 'users/isLogin',
  summary: 'Whether the session cookie is logged in',
};

/** Whether the session cookie is still good. Silent: the shell acts on the answer. */
export const isLogin = (signal?: AbortSignal) => call(IsLoginEndpoint, undefined, { signal, silent: true });
