import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { systemClock } from '../clock';
import { createArticle, findUserIdByName, publishNotice, sendMessage } from '../modules/content/index';
import { findTenant } from '../modules/site/index';
import { type AdminCommand, UsageError } from './command';

/**
 * Operator commands for notices, personal messages and help/about articles
 * (`npm run admin -- content-… ARGS`, docs/operations.md). The body is HTML, given inline with
 * --html or read from a file with --file; it is sanitised before it is stored (docs/content.md).
 */
type Env = Parameters<AdminCommand['run']>[1];

const BODY_OPTIONS = {
  title: { type: 'string' },
  html: { type: 'string' },
  file: { type: 'string' },
} as const;

function body(values: { html?: string; file?: string }): string {
  if (values.html !== undefined && values.file !== undefined)
    throw new UsageError('give --html or --file, not both');
  const html = values.file !== undefined ? readFileSync(values.file, 'utf8') : values.html;
  if (!html?.trim()) throw new UsageError('give the body with --html or --file');
  return html;
}

function title(value: string | undefined): string {
  if (!value?.trim()) throw new UsageError('give --title');
  return value;
}

async function tenantId(env: Env): Promise<number> {
  const tenant = await findTenant(env.database.db, env.config.TENANT_CODE);
  if (!tenant) throw new UsageError(`tenant ${env.config.TENANT_CODE} does not exist`);
  return tenant.id;
}

const now = (env: Env) => (env.clock ?? systemClock).now();

export const CONTENT_COMMANDS: Record<string, AdminCommand> = {
  'content-notice': {
    summary: 'Publish a notice (公告) shown on /notice and the home marquee',
    usage: 'content-notice --title TEXT (--html HTML | --file PATH)',
    async run(args, env) {
      const { values } = parseArgs({ args, options: BODY_OPTIONS, strict: true });
      const id = await publishNotice(env.database.db, {
        tenantId: await tenantId(env),
        title: title(values.title),
        content: body(values),
        now: now(env),
      });
      return `notice ${id} published`;
    },
  },
  'content-message': {
    summary: 'Send a personal message (站内信) to one account (--to NAME) or every active account (--all)',
    usage: 'content-message (--to NAME | --all) --title TEXT (--html HTML | --file PATH)',
    async run(args, env) {
      const { values } = parseArgs({
        args,
        options: { ...BODY_OPTIONS, to: { type: 'string' }, all: { type: 'boolean' } },
        strict: true,
      });
      if ((values.to === undefined) === (values.all !== true))
        throw new UsageError('give --to NAME or --all');
      const tenant = await tenantId(env);
      let userIds: number[] | null = null;
      if (values.to !== undefined) {
        const id = await findUserIdByName(env.database.db, tenant, values.to);
        if (id === undefined) throw new UsageError(`no account ${values.to}`);
        userIds = [id];
      }
      const sent = await sendMessage(env.database.db, {
        tenantId: tenant,
        userIds,
        title: title(values.title),
        content: body(values),
        now: now(env),
      });
      return `message sent to ${sent.length} account(s)`;
    },
  },
  'content-article': {
    summary: 'Add a help (帮助中心) or about (关于我们) article',
    usage: 'content-article (--help | --about) --title TEXT (--html HTML | --file PATH) [--sort N]',
    async run(args, env) {
      const { values } = parseArgs({
        args,
        options: {
          ...BODY_OPTIONS,
          help: { type: 'boolean' },
          about: { type: 'boolean' },
          sort: { type: 'string' },
        },
        strict: true,
      });
      if (values.help === values.about) throw new UsageError('give --help or --about');
      const sortOrder = Number(values.sort ?? '0');
      if (!Number.isInteger(sortOrder)) throw new UsageError('--sort is a whole number');
      const id = await createArticle(env.database.db, {
        tenantId: await tenantId(env),
        kind: values.help ? 'help' : 'about',
        title: title(values.title),
        content: body(values),
        sortOrder,
        now: now(env),
      });
      return `${values.help ? 'help' : 'about'} article ${id} added`;
    },
  },
};
