import { hostname, userInfo } from 'node:os';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { DomainError } from '../errors';

/**
 * One operator command of `npm run admin -- <name> [args]`. Areas define theirs next to their code
 * (modules/<area>/admin-commands.ts) and cli/admin.ts merges them. It lives outside cli/ so modules
 * import no CLI file (and there is no import cycle through admin.ts).
 *
 * cli/admin.ts writes one audit row for every command it runs (docs/console.md); a command that
 * changes something through a console service writes that service's row as well, as `cliActor()`.
 */
export interface AdminCommand {
  summary: string;
  usage: string;
  run(args: string[], env: { config: Config; database: Database; clock?: Clock }): Promise<string>;
  /** Positions of arguments that are secrets: the audit row shows them as ***. */
  secretArgs?: readonly number[];
}

/** A mistake in the command line: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The command ran and found a fault it reports (audit-verify: a broken chain): printed, exit code 1. */
export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
}

/**
 * The command with its expected faults answered, not thrown: a usage mistake, a refusal of the
 * domain (DomainError) or node:util parseArgs's TypeError (ERR_PARSE_ARGS_*) prints its message
 * and the usage and sets exit code 2, without a stack trace.
 */
export function guarded(command: AdminCommand): AdminCommand {
  return {
    ...command,
    async run(args, env) {
      try {
        return await command.run(args, env);
      } catch (error) {
        if (error instanceof UsageError || error instanceof DomainError || error instanceof TypeError) {
          process.exitCode = 2;
          return `error: ${error.message}\nusage: ${command.usage}`;
        }
        throw error;
      }
    },
  };
}

/** Who an operator command acts as in the audit log: `cli:<os user>`. */
export function cliActor(): { actor: string; role: string; ip: string; userAgent: string } {
  let user = 'unknown';
  try {
    user = userInfo().username || user;
  } catch {
    // no passwd entry for this uid (some containers)
    user = process.env.USER ?? user;
  }
  return { actor: `cli:${user}`, role: 'cli', ip: '', userAgent: `npm run admin on ${hostname()}` };
}
