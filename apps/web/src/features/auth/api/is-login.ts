import { request } from '../../../shared/api/client';

/** users/isLogin: whether the session cookie is still good. Silent: the shell acts on the answer. */
export const isLogin = (signal?: AbortSignal) => request<boolean>('users/isLogin', { signal, silent: true });
