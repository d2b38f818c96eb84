import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';

/**
 * One operator command of `npm run admin -- <name> [args]`. Areas define theirs next to their code
 * (modules/<area>/admin-commands.ts) and cli/admin.ts merges them. It lives outside cli/ so modules
 * import no CLI file (and there is no import cycle through admin.ts).
 */
export interface AdminCommand {
  summary: string;
  usage: string;
  run(args: string[], env: { config: Config; database: Database; clock?: Clock }): Promise<string>;
}

/** A mistake in the command line: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
