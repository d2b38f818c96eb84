import { request } from '../../../shared/api/client';

export const checkInviteCode = (inviteCode: string) =>
  request<{ valid: boolean }>('users/checkInviteCode', { query: { inviteCode }, silent: true });
