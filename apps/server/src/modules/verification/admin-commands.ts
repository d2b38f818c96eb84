import { systemClock } from '../../clock';
import { type AdminCommand, UsageError } from '../../operator/command';
import { boundRealName } from '../security/index';
import { findTenant } from '../site/index';
import { decide, listVerifications, STATE } from './repo';
import { auditFileOf } from './service';

const STATE_LABEL = ['pending', 'approved', 'rejected', 'used'];

async function tenantIdOf(env: Parameters<AdminCommand['run']>[1]): Promise<number> {
  const tenant = await findTenant(env.database.db, env.config.TENANT_CODE);
  if (!tenant) throw new UsageError(`tenant ${env.config.TENANT_CODE} does not exist`);
  return tenant.id;
}

function idOf(text: string | undefined): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new UsageError('give the request id (see verification-list)');
  return id;
}

const list: AdminCommand = {
  summary: 'manual verification requests (pending by default, `all` for every state), newest first',
  usage: 'verification-list [all]',
  async run(args, env) {
    const tenantId = await tenantIdOf(env);
    const rows = await listVerifications(env.database.db, tenantId, args[0] !== 'all', 100);
    if (rows.length === 0) return 'no requests';
    const lines = [];
    for (const r of rows) {
      const onFile = await boundRealName(env.database.db, Number(r.user_id));
      lines.push(
        [
          `#${r.id} ${STATE_LABEL[r.state]} ${new Date(Number(r.created_at)).toISOString()} from ${r.ip}`,
          `  account ${r.user_name}; real name given ${r.real_name}, on file ${onFile ?? '(none)'}; phone ${r.phone}`,
          r.note ? `  note: ${r.note}` : '',
          r.reason ? `  reason: ${r.reason}` : '',
          ...r.images.map((name) => `  photo: ${auditFileOf(env.config.DATA_DIR, name)}`),
        ]
          .filter(Boolean)
          .join('\n'),
      );
    }
    return lines.join('\n');
  },
};

const approve: AdminCommand = {
  summary: 'approve a pending manual verification: the player may then set a new login password once',
  usage: 'verification-approve ID',
  async run(args, env) {
    const id = idOf(args[0]);
    const done = await decide(
      env.database.db,
      await tenantIdOf(env),
      id,
      STATE.approved,
      '',
      (env.clock ?? systemClock).now(),
    );
    if (!done) throw new UsageError(`request #${id} is not pending`);
    return `request #${id} approved`;
  },
};

const reject: AdminCommand = {
  summary: 'reject a pending manual verification with the reason the player will read',
  usage: 'verification-reject ID REASON…',
  async run(args, env) {
    const id = idOf(args[0]);
    const reason = args.slice(1).join(' ').trim();
    if (!reason || reason.length > 200) throw new UsageError('give the reason (at most 200 characters)');
    const done = await decide(
      env.database.db,
      await tenantIdOf(env),
      id,
      STATE.rejected,
      reason,
      (env.clock ?? systemClock).now(),
    );
    if (!done) throw new UsageError(`request #${id} is not pending`);
    return `request #${id} rejected`;
  },
};

export const VERIFICATION_COMMANDS: Record<string, AdminCommand> = {
  'verification-list': list,
  'verification-approve': approve,
  'verification-reject': reject,
};
