import { z } from 'zod';

/** Operator switch for the whole site (spec/platform.md §8 codes -7, -12, -19). */
export const SITE_MODES = ['open', 'maintain', 'closed', 'restricted'] as const;
export type SiteMode = (typeof SITE_MODES)[number];

/** A comma-separated list, trimmed, empty items dropped (absent: an empty list). */
const commaList = () =>
  z
    .string()
    .optional()
    .transform((s) =>
      (s ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    );

const bool = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true, false, 1 or 0` })
    .optional()
    .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'NODE_ENV must be development, production or test',
    })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a whole number' })
    .int('PORT must be a whole number')
    .min(1, 'PORT must be between 1 and 65535')
    .max(65535, 'PORT must be between 1 and 65535')
    .default(8080),
  HOST: z.string().min(1, 'HOST must not be empty').default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'DATABASE_POOL_SIZE must be a whole number' })
    .int('DATABASE_POOL_SIZE must be a whole number')
    .min(1, 'DATABASE_POOL_SIZE must be at least 1')
    .max(200, 'DATABASE_POOL_SIZE must be at most 200')
    .default(10),
  /** Longest a call waits for a database connection before it is answered 系统繁忙 (-5). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number({ error: 'DATABASE_CONNECT_TIMEOUT_MS must be a whole number' })
    .int('DATABASE_CONNECT_TIMEOUT_MS must be a whole number')
    .min(100, 'DATABASE_CONNECT_TIMEOUT_MS must be at least 100')
    .max(60_000, 'DATABASE_CONNECT_TIMEOUT_MS must be at most 60000')
    .default(2000),
  /** PostgreSQL statement_timeout for every pooled connection (migrations run without one). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number' })
    .int('DATABASE_STATEMENT_TIMEOUT_MS must be a whole number')
    .min(100, 'DATABASE_STATEMENT_TIMEOUT_MS must be at least 100')
    .max(3_600_000, 'DATABASE_STATEMENT_TIMEOUT_MS must be at most 3600000')
    .default(10_000),
  /**
   * How long a process reuses a valid session it looked up (0: every call reads it). A revocation
   * by another process takes effect there within this window (docs/security.md).
   */
  SESSION_CACHE_MS: z.coerce
    .number({ error: 'SESSION_CACHE_MS must be a whole number' })
    .int('SESSION_CACHE_MS must be a whole number')
    .min(0, 'SESSION_CACHE_MS must be at least 0')
    .max(30_000, 'SESSION_CACHE_MS must be at most 30000')
    .default(3000),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TENANT_CODE: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/, 'TENANT_CODE must be 1-32 lower-case letters, digits, - or _')
    .default('demo'),
  /** Overrides the mode stored by `npm run admin -- site-mode` while set. */
  SITE_MODE: z.enum(SITE_MODES, { error: `SITE_MODE must be one of ${SITE_MODES.join(', ')}` }).optional(),
  SITE_MODE_MESSAGE: z.string().max(500, 'SITE_MODE_MESSAGE must be at most 500 characters').optional(),
  /** Comma-separated IPs still served in restricted mode. */
  ALLOWED_IPS: commaList(),
  TRUST_PROXY: bool('TRUST_PROXY'),
  COOKIE_SECURE: bool('COOKIE_SECURE'),
  /** Directory of the built web app; served with SPA fallback when it exists. */
  WEB_DIST: z.string().min(1, 'WEB_DIST must not be empty').optional(),
  /** Directory of the built operator console (apps/console/dist when absent), served under /console/. */
  CONSOLE_DIST: z.string().min(1, 'CONSOLE_DIST must not be empty').optional(),
  /**
   * Comma-separated origins (https://partner.example.com, https://*.example.net) whose pages may
   * frame the embedded chat pages (/chatGuest/…, /chat/…); every other page refuses other sites.
   */
  CHAT_EMBED_ORIGINS: commaList().pipe(
    z.array(
      z
        .string()
        .regex(
          /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i,
          'CHAT_EMBED_ORIGINS must list origins such as https://partner.example.com or https://*.example.com',
        ),
    ),
  ),
  /**
   * Comma-separated tenant codes for which the K3 plays 二同号复选 (F10) and 二同号单选 (G10) are
   * hidden (spec/betting.md §5): left out of the catalogue and the odds tables, refused when bet.
   */
  K3_TWO_SAME_HIDDEN_TENANTS: commaList().pipe(
    z.array(
      z
        .string()
        .regex(
          /^[a-z0-9_-]{1,32}$/,
          'K3_TWO_SAME_HIDDEN_TENANTS must list tenant codes (1-32 lower-case letters, digits, - or _)',
        ),
    ),
  ),
  /** Worker processes of the supervised cluster (cluster.ts); default: one per CPU. */
  WORKERS: z.coerce
    .number({ error: 'WORKERS must be a whole number' })
    .int('WORKERS must be a whole number')
    .min(1, 'WORKERS must be between 1 and 64')
    .max(64, 'WORKERS must be between 1 and 64')
    .optional(),
  /** Comma-separated origins (https://m.example.com) whose pages may POST here besides our own host. */
  ALLOWED_ORIGINS: commaList().pipe(
    z.array(z.url({ protocol: /^https?$/, error: 'ALLOWED_ORIGINS must list http(s):// origins' })),
  ),
  /** Operator console: a staff session unused this long ends (docs/console.md). */
  CONSOLE_IDLE_MINUTES: z.coerce
    .number({ error: 'CONSOLE_IDLE_MINUTES must be a whole number' })
    .int('CONSOLE_IDLE_MINUTES must be a whole number')
    .min(1, 'CONSOLE_IDLE_MINUTES must be between 1 and 720')
    .max(720, 'CONSOLE_IDLE_MINUTES must be between 1 and 720')
    .default(30),
  /** Comma-separated IPs allowed to call the console API; empty: any address. */
  CONSOLE_ALLOWED_IPS: commaList().pipe(
    z.array(z.union([z.ipv4(), z.ipv6()], { error: 'CONSOLE_ALLOWED_IPS must list IP addresses' })),
  ),
  /**
   * Finance desk four eyes: a withdrawal of at least this many minor units (1 yuan = 10000) needs a
   * second approver who is not the first. Default 50,000 yuan.
   */
  WITHDRAW_SECOND_APPROVAL_MINOR: z.coerce
    .number({ error: 'WITHDRAW_SECOND_APPROVAL_MINOR must be a whole number of minor units' })
    .int('WITHDRAW_SECOND_APPROVAL_MINOR must be a whole number of minor units')
    .min(1, 'WITHDRAW_SECOND_APPROVAL_MINOR must be positive')
    .max(Number.MAX_SAFE_INTEGER, 'WITHDRAW_SECOND_APPROVAL_MINOR is too large')
    .default(500_000_000),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parse the environment; throws ConfigError listing every bad value, one line each. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const got = key in cleaned ? ` (got ${JSON.stringify(cleaned[key])})` : '';
    return `  ${key}: ${issue.message}${got}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
