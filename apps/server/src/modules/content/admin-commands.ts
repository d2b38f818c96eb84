import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { systemClock } from '../../clock';
import { type AdminCommand, UsageError } from '../../operator/command';
import { findTenant } from '../site/index';
import {
  BannerError,
  createArticle,
  createBanner,
  findUserIdByName,
  publishNotice,
  sendMessage,
  setBannerEnabled,
} from './index';

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
  'content-banner': {
    summary: 'Add a home carousel banner (image under /static/, optional link)',
    usage: 'content-banner --title TEXT --image /static/PATH [--link /route-or-https-url] [--sort N]',
    async run(args, env) {
      const { values } = parseArgs({
        args,
        options: {
          title: { type: 'string' },
          image: { type: 'string' },
          link: { type: 'string' },
          sort: { type: 'string' },
        },
        strict: true,
      });
      const sortOrder = Number(values.sort ?? 0);
      if (!Number.isInteger(sortOrder)) throw new UsageError('--sort must be a whole number');
      try {
        const id = await createBanner(env.database.db, {
          tenantId: await tenantId(env),
          title: title(values.title),
          imageUrl: values.image ?? '',
          linkUrl: values.link ?? '',
          sortOrder,
          now: now(env),
        });
        return `banner ${id} added`;
      } catch (error) {
        if (error instanceof BannerError) throw new UsageError(error.message);
        throw error;
      }
    },
  },
  'content-banner-disable': {
    summary: 'Take a banner off the home carousel (or put it back with --enable)',
    usage: 'content-banner-disable <id> [--enable]',
    async run(args, env) {
      const { positionals, values } = parseArgs({
        args,
        allowPositionals: true,
        options: { enable: { type: 'boolean' } },
      });
      const id = Number(positionals[0]);
      if (!Number.isInteger(id) || id < 1) throw new UsageError('give the banner id');
      const enabled = values.enable === true;
      if (
        !(await setBannerEnabled(env.database.db, {
          tenantId: await tenantId(env),
          id,
          enabled,
          now: now(env),
        }))
      )
        throw new UsageError(`banner ${id} does not exist`);
      return `banner ${id} ${enabled ? 'shown' : 'hidden'}`;
    },
  },
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
