import { AccountApi } from '@lottery/contract/account';
import { call } from '../../../shared/api/call';

/** Whether an account name is taken. Silent: the form shows the outcome next to the field. */
export const checkUser = (userName: string) => call(AccountApi.checkUser, { userName }, { silent: true });
