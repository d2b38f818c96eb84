import { parseArgs } from 'node:util';
import type { SiteConfig } from '@lottery/contract/site';
import { siteConfig } from '@lottery/contract/site';
import { eq } from 'drizzle-orm';
import { systemClock } from '../../clock';
import { SITE_MODES, type SiteMode } from '../../config';
import { tenants } from '../../db/schema/tenant';
import { type AdminCommand, UsageError } from '../../operator/command';
import { announceChange } from './change-feed';
import { setSiteMode, updateSiteConfig } from './tenant-repo';

const siteMode: AdminCommand = {
  summary: 'switch the site mode (codes -7 maintain, -12 closed, -19 restricted)',
  usage:
    'site-mode open|maintain|closed|restricted [--message TEXT] [--start ISO] [--end ISO] [--allow-ip IP]...',
  async run(args, { config, database, clock = systemClock }) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        message: { type: 'string' },
        start: { type: 'string' },
        end: { type: 'string' },
        'allow-ip': { type: 'string', multiple: true },
      },
    });
    const mode = positionals[0] as SiteMode | undefined;
    if (!mode || !SITE_MODES.includes(mode))
      throw new UsageError(`mode must be one of ${SITE_MODES.join(', ')}`);
    const time = (label: string, text: string | undefined) => {
      if (text === undefined) return null;
      const ms = Date.parse(text);
      if (Number.isNaN(ms))
        throw new UsageError(`--${label} must be a date/time such as 2026-01-15T02:00:00+08:00`);
      return ms;
    };
    const changed = await setSiteMode(
      database.db,
      config.TENANT_CODE,
      {
        mode,
        message: values.message,
        startAt: time('start', values.start),
        endAt: time('end', values.end),
        allowedIps: values['allow-ip']?.filter(Boolean),
      },
      clock.now(),
    );
    if (!changed) throw new UsageError(`tenant ${config.TENANT_CODE} does not exist`);
    await announceChange(database.db, config, { kind: 'tenant' });
    const override = config.SITE_MODE
      ? ` (note: SITE_MODE=${config.SITE_MODE} in the environment overrides it)`
      : '';
    return `site mode of ${config.TENANT_CODE} is now ${mode}${values.message ? `: ${values.message}` : ''}${override}`;
  },
};

/** Parse `key=value` against the SiteConfig field's type. */
function configValue(key: string, text: string): unknown {
  const shape = siteConfig.shape as Record<string, { type?: string; def?: { type?: string } }>;
  const field = shape[key];
  if (!field || key === 'tenantCode') {
    const keys = Object.keys(shape).filter((k) => k !== 'tenantCode');
    throw new UsageError(`unknown site config key ${key}; one of: ${keys.join(', ')}`);
  }
  const kind = field.def?.type ?? field.type;
  if (kind === 'boolean') {
    if (!['true', 'false', 'on', 'off', '1', '0'].includes(text))
      throw new UsageError(`${key} must be true or false`);
    return ['true', 'on', '1'].includes(text);
  }
  if (kind === 'number') {
    if (!/^-?\d+$/.test(text)) throw new UsageError(`${key} must be a whole number`);
    return Number(text);
  }
  return text;
}

const siteConfigCommand: AdminCommand = {
  summary: 'change site config fields (clients reload: the tenantConfig stamp changes)',
  usage: 'site-config key=value [key=value]...   e.g. site-config gamesEnabled=true tenantName=吉彩娱乐',
  async run(args, { config, database, clock = systemClock }) {
    if (args.length === 0) throw new UsageError('give at least one key=value');
    const patch: Record<string, unknown> = {};
    for (const arg of args) {
      const eq = arg.indexOf('=');
      if (eq <= 0) throw new UsageError(`expected key=value, got ${arg}`);
      patch[arg.slice(0, eq)] = configValue(arg.slice(0, eq), arg.slice(eq + 1));
    }
    const changed = await updateSiteConfig(
      database.db,
      config.TENANT_CODE,
      patch as Partial<SiteConfig>,
      clock.now(),
    );
    if (!changed) throw new UsageError(`tenant ${config.TENANT_CODE} does not exist`);
    await announceChange(database.db, config, { kind: 'tenant' });
    return `site config of ${config.TENANT_CODE} updated: ${Object.keys(patch).join(', ')}`;
  },
};

const registerVerifyCommand: AdminCommand = {
  summary: 'what registration needs: captcha on/off, invite code required/optional/off',
  usage: 'register-verify [--image-code on|off] [--invite-code required|optional|off]',
  async run(args, { config, database, clock = systemClock }) {
    const { values } = parseArgs({
      args,
      options: { 'image-code': { type: 'string' }, 'invite-code': { type: 'string' } },
    });
    const image = values['image-code'];
    const invite = values['invite-code'];
    if (image === undefined && invite === undefined)
      throw new UsageError('give --image-code and/or --invite-code');
    if (image !== undefined && image !== 'on' && image !== 'off')
      throw new UsageError('--image-code must be on or off');
    if (invite !== undefined && !['required', 'optional', 'off'].includes(invite)) {
      throw new UsageError('--invite-code must be required, optional or off');
    }
    const rows = await database.db
      .update(tenants)
      .set({
        ...(image !== undefined ? { registerImageCode: image === 'on' } : {}),
        ...(invite !== undefined ? { registerInviteCode: invite as 'required' | 'optional' | 'off' } : {}),
        configUpdatedAt: clock.now(),
      })
      .where(eq(tenants.code, config.TENANT_CODE))
      .returning({ id: tenants.id });
    if (rows.length === 0) throw new UsageError(`tenant ${config.TENANT_CODE} does not exist`);
    await announceChange(database.db, config, { kind: 'tenant' });
    return `registration of ${config.TENANT_CODE}: image code ${image ?? 'unchanged'}, invite code ${invite ?? 'unchanged'}`;
  },
};

export const SITE_COMMANDS: Record<string, AdminCommand> = {
  'site-mode': siteMode,
  'site-config': siteConfigCommand,
  'register-verify': registerVerifyCommand,
};
