import { type AdminCommand, CommandFailed } from '../../operator/command';
import { verifyChain } from './repo';

const auditVerify: AdminCommand = {
  summary: 'recompute the audit log hash chain; names the first broken row (exit code 1)',
  usage: 'audit-verify',
  async run(_args, env) {
    const check = await verifyChain(env.database.db);
    if (check.ok) return `audit chain intact: ${check.rows} row(s), last hash ${check.lastHash}`;
    throw new CommandFailed(
      `audit chain broken at row ${check.brokenId} (${check.problem === 'hash' ? 'row edited: its hash does not match its fields' : 'prev_hash does not match the row before: a row was removed or reordered'}); ${check.rows} row(s) before it are intact`,
    );
  },
};

export const AUDIT_COMMANDS: Record<string, AdminCommand> = { 'audit-verify': auditVerify };
