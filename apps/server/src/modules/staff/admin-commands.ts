import { parseArgs } from 'node:util';
import { StaffAccount } from '@lottery/contract/console/auth';
import { isStaffRole, STAFF_ROLES } from '@lottery/contract/console/roles';
import { beijingDateTime } from '@lottery/rules/beijing';
import { systemClock } from '../../clock';
import { type AdminCommand, cliActor, UsageError } from '../../operator/command';
import {
  createStaff,
  findStaffRowByAccount,
  listStaffRows,
  resetPassword,
  resetSecondFactor,
} from './manage';

type Env = Parameters<AdminCommand['run']>[1];
const envOf = (env: Env) => ({ db: env.database.db, clock: env.clock ?? systemClock });

function accountOf(name: string | undefined): string {
  if (!name) throw new UsageError('give the staff account name');
  const parsed = StaffAccount.safeParse(name);
  if (!parsed.success)
    throw new UsageError(`bad account name ${name}: 3-32 lower-case letters, digits, _ . -`);
  return parsed.data;
}

const enrolLinkLine = (expiresAt: number) =>
  `one-time enrolment link (valid until ${beijingDateTime(expiresAt)}（北京时间）):`;

const staffCreate: AdminCommand = {
  summary:
    'create a console staff account; prints its one-time enrolment link (the first owner: --role owner)',
  usage: `staff-create NAME --role ${STAFF_ROLES.join('|')} [--reason TEXT]`,
  async run(args, env) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { role: { type: 'string' }, reason: { type: 'string' } },
    });
    const account = accountOf(positionals[0]);
    const role = values.role;
    if (!role || !isStaffRole(role)) throw new UsageError(`give --role ${STAFF_ROLES.join('|')}`);
    const { staff, link } = await createStaff(envOf(env), cliActor(), {
      account,
      role,
      reason: values.reason ?? '',
    });
    return [
      `staff ${staff.account} (${staff.role}) created, id ${staff.staffId}`,
      enrolLinkLine(link.enrolExpiresAt),
      `  ${link.enrolPath}`,
      'open it on the console host (e.g. http://localhost:8080/console/enrol?token=...), set a password, then scan the TOTP code',
    ].join('\n');
  },
};

const staffList: AdminCommand = {
  summary: 'list console staff accounts',
  usage: 'staff-list',
  async run(_args, env) {
    const rows = await listStaffRows(env.database.db);
    if (!rows.length) return 'no staff accounts (create the first owner with staff-create NAME --role owner)';
    return rows
      .map(
        (r) =>
          `${r.staffId}\t${r.account}\t${r.role}\t${r.status}\t${r.passwordSet ? 'password' : 'no password'}\t${r.totpEnrolled ? 'totp' : 'no totp'}`,
      )
      .join('\n');
  },
};

const staffReset: AdminCommand = {
  summary:
    "reset a staff account's password and second factor (an owner who lost both); prints a new enrolment link",
  usage: 'staff-reset NAME --reason TEXT',
  async run(args, env) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { reason: { type: 'string' } },
    });
    const account = accountOf(positionals[0]);
    if (!values.reason) throw new UsageError('give --reason TEXT');
    const row = await findStaffRowByAccount(env.database.db, account);
    if (!row) throw new UsageError(`no staff account ${account}`);
    const by = cliActor();
    const input = { staffId: row.staffId, reason: values.reason };
    await resetSecondFactor(envOf(env), by, input);
    const { link } = await resetPassword(envOf(env), by, input);
    return [
      `staff ${account}: password and second factor cleared, sessions ended`,
      enrolLinkLine(link.enrolExpiresAt),
      `  ${link.enrolPath}`,
    ].join('\n');
  },
};

export const STAFF_COMMANDS: Record<string, AdminCommand> = {
  'staff-create': staffCreate,
  'staff-list': staffList,
  'staff-reset': staffReset,
};
