import { request } from '../../../shared/api/client';

/** Whether an account name is taken. Silent: the form shows the outcome next to the field. */
export const checkUser = (userName: string) =>
  request<{ exists: boolean }>('users/checkUser', { query: { userName }, silent: true });
