import type { ClientEventKind } from '@lottery/contract/site';
import { type AdminCommand, UsageError } from '../../operator/command';
import { latestClientEvents } from './repo';
import { EVENT_CAPS } from './routes';

const KINDS = Object.keys(EVENT_CAPS) as ClientEventKind[];

/**
 * The operator's view of what browsers report (page views, operations and device info, health
 * checks, heartbeat faults, client logs): the newest rows first, one line each. The table keeps at
 * most EVENT_CAPS rows per kind, so reading it never means reading much.
 */
const clientEvents: AdminCommand = {
  summary: `client events the browsers sent, newest first (kinds: ${KINDS.join(', ')})`,
  usage: 'client-events [KIND] [--limit N]',
  async run(args, env) {
    let kind: ClientEventKind | null = null;
    let limit = 20;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === '--limit') {
        limit = Number(args[++i]);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit is 1-1000');
      } else if ((KINDS as string[]).includes(arg)) kind = arg as ClientEventKind;
      else throw new UsageError(`unknown kind ${arg}; one of ${KINDS.join(', ')}`);
    }
    const rows = await latestClientEvents(env.database, kind, limit);
    if (rows.length === 0) return 'no events';
    return rows
      .map(
        (r) =>
          `#${r.id} ${new Date(Number(r.created_at)).toISOString()} ${r.kind} user=${r.user_id ?? '-'} ip=${r.ip ?? '-'} ${JSON.stringify(r.payload)}`,
      )
      .join('\n');
  },
};

export const STATISTICS_COMMANDS: Record<string, AdminCommand> = { 'client-events': clientEvents };
