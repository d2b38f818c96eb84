import { AccountApi } from '@lottery/contract/account';
import { call } from '../../../shared/api/call';

export const checkInviteCode = (inviteCode: string) =>
  call(AccountApi.checkInviteCode, { inviteCode }, { silent: true });
