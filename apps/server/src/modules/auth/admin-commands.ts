import { systemClock } from '../../clock';
import type { UserStatus } from '../../db/schema/account';
import { type AdminCommand, UsageError } from '../../operator/command';
import { findTenant } from '../site/index';
import { endAccountSessions, setAccountStatus, unlockAccount } from './account-status';
import { findUserByName } from './repo';

async function userOf(env: Parameters<AdminCommand['run']>[1], name: string | undefined) {
  if (!name) throw new UsageError('give the account name');
  const tenant = await findTenant(env.database.db, env.config.TENANT_CODE);
  if (!tenant) throw new UsageError(`tenant ${env.config.TENANT_CODE} does not exist`);
  const user = await findUserByName(env.database.db, tenant.id, name);
  if (!user) throw new UsageError(`no account ${name} in tenant ${tenant.code}`);
  return user;
}

async function revokeAll(env: Parameters<AdminCommand['run']>[1], userId: number): Promise<number> {
  const now = (env.clock ?? systemClock).now();
  const ended = await env.database.db.transaction((tx) => endAccountSessions(tx, userId, now));
  return ended.length;
}

const logoutUser: AdminCommand = {
  summary: 'end every session of an account (its next request gets code 0)',
  usage: 'logout-user NAME',
  async run(args, env) {
    const user = await userOf(env, args[0]);
    return `${user.userName}: ${await revokeAll(env, user.id)} session(s) ended`;
  },
};

const STATUSES: readonly UserStatus[] = ['active', 'disabled', 'frozen'];

const userStatus: AdminCommand = {
  summary:
    'set an account active, disabled (-6 at login) or frozen (-91 at login); ends its sessions unless active',
  usage: 'user-status NAME active|disabled|frozen',
  async run(args, env) {
    const user = await userOf(env, args[0]);
    const status = args[1] as UserStatus | undefined;
    if (!status || !STATUSES.includes(status))
      throw new UsageError(`status must be one of ${STATUSES.join(', ')}`);
    const now = (env.clock ?? systemClock).now();
    const changed = await env.database.db.transaction((tx) => setAccountStatus(tx, user.id, status, now));
    const ended = changed?.endedSessionIds.length ?? 0;
    return `${user.userName} is now ${status}${ended ? `; ${ended} session(s) ended` : ''}`;
  },
};

const unlockUser: AdminCommand = {
  summary: 'lift a lock after repeated wrong passwords',
  usage: 'unlock-user NAME',
  async run(args, env) {
    const user = await userOf(env, args[0]);
    await env.database.db.transaction((tx) => unlockAccount(tx, user.id));
    return `${user.userName} unlocked`;
  },
};

export const ACCOUNT_COMMANDS: Record<string, AdminCommand> = {
  'logout-user': logoutUser,
  'user-status': userStatus,
  'unlock-user': unlockUser,
};
