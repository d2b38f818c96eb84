import { type Clock, systemClock } from '../clock';
import { type Config, ConfigError, loadConfig } from '../config';
import { createDb, type Database, DataDirInUseError } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { DomainError } from '../errors';
import { ACTIVITY_COMMANDS } from '../modules/activity/admin-commands';
import { AUDIT_COMMANDS } from '../modules/audit/admin-commands';
import { appendAudit } from '../modules/audit/index';
import { ACCOUNT_COMMANDS } from '../modules/auth/admin-commands';
import { CHAT_COMMANDS } from '../modules/chat/admin-commands';
import { CONTENT_COMMANDS } from '../modules/content/admin-commands';
import { FINANCE_DESK_COMMANDS } from '../modules/finance-desk/admin-commands';
import { GAME_COMMANDS } from '../modules/games/admin-commands';
import { DRAW_COMMANDS } from '../modules/live/admin-commands';
import { WALLET_COMMANDS } from '../modules/payment/admin-commands';
import { SITE_COMMANDS } from '../modules/site/admin-commands';
import { STAFF_COMMANDS } from '../modules/staff/admin-commands';
import { STATISTICS_COMMANDS } from '../modules/statistics/admin-commands';
import { VERIFICATION_COMMANDS } from '../modules/verification/admin-commands';
import { YUEBAO_COMMANDS } from '../modules/yuebao/admin-commands';
import { type AdminCommand, CommandFailed, cliActor, UsageError } from '../operator/command';

export type { AdminCommand };
export { CommandFailed, UsageError };

/** Every operator command: `npm run admin -- <command> [args]`. Areas add their command table here. */
export const COMMANDS: Record<string, AdminCommand> = {
  ...SITE_COMMANDS,
  ...ACCOUNT_COMMANDS,
  ...WALLET_COMMANDS,
  ...FINANCE_DESK_COMMANDS,
  ...CHAT_COMMANDS,
  ...CONTENT_COMMANDS,
  ...ACTIVITY_COMMANDS,
  ...YUEBAO_COMMANDS,
  ...VERIFICATION_COMMANDS,
  ...STATISTICS_COMMANDS,
  ...DRAW_COMMANDS,
  ...GAME_COMMANDS,
  ...STAFF_COMMANDS,
  ...AUDIT_COMMANDS,
};

/** Arguments of commands defined before `secretArgs` existed that carry a secret. */
const SECRET_ARGS: Record<string, readonly number[]> = { 'chat-room-password': [1] };

/**
 * Runs one command and writes its audit row (issue 40 §4): actor `cli:<os user>`, action
 * `cli.<command>`, the arguments (secrets as ***) and the outcome. Written after the command, in a
 * transaction of its own, whether it succeeded or failed; the command's output is not kept (it may
 * hold a one-time link). A command that changes something through a console service has written
 * that change's own row already, in the change's transaction.
 */
export async function runCommand(
  name: string,
  args: string[],
  env: { config: Config; database: Database; clock?: Clock },
): Promise<string> {
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command: ${name}\n${help()}`);
  const clock = env.clock ?? systemClock;
  const secret = new Set([...(command.secretArgs ?? []), ...(SECRET_ARGS[name] ?? [])]);
  const shown = args.map((arg, i) => (secret.has(i) ? '***' : arg));
  const audit = (outcome: Record<string, unknown>) =>
    env.database.db.transaction((tx) =>
      appendAudit(
        tx,
        { ...cliActor(), action: `cli.${name}`, target: args[0] ?? '', after: { args: shown, ...outcome } },
        clock.now(),
      ),
    );
  let output: string;
  try {
    output = await command.run(args, { ...env, clock });
  } catch (error) {
    try {
      await audit({ outcome: 'failed', error: (error as Error).message.slice(0, 500) });
    } catch {
      // the command's own error is the one to report
    }
    throw error;
  }
  await audit({ outcome: 'ok' });
  return output;
}

function help(): string {
  return [
    'usage: npm run admin -- <command> [args]',
    ...Object.entries(COMMANDS).map(
      ([name, c]) => `  ${c.usage.startsWith(name) ? c.usage : `${name} ${c.usage}`}\n      ${c.summary}`,
    ),
  ].join('\n');
}

export async function runAdmin(argv: string[], config: Config): Promise<string> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(name ? `unknown command: ${name}\n${help()}` : help());
  const database = await createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    await prepareDatabase(database, config, systemClock);
    return await runCommand(name!, args, { config, database });
  } catch (error) {
    // node:util parseArgs reports unknown or malformed options as ERR_PARSE_ARGS_*.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError(`${(error as Error).message}\nusage: ${command.usage}`);
    }
    throw error;
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  try {
    console.log(await runAdmin(process.argv.slice(2), loadConfig()));
  } catch (error) {
    if (error instanceof CommandFailed) {
      console.error(error.message);
      process.exit(1);
    }
    if (
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof DomainError ||
      error instanceof DataDirInUseError
    ) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  }
}
