import { parseArgs } from 'node:util';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import { formatRatePpm, parseRatePercent } from '@lottery/contract/yuebao';
import type { Database } from '../../db/client';
import { type AdminCommand, UsageError } from '../../operator/command';
import { findTenant } from '../site/index';
import {
  beijingDay,
  dayLabel,
  findConfig,
  products,
  runYuebaoDaily,
  setProductEnabled,
  upsertConfig,
  upsertProduct,
} from './index';

/**
 * Operator commands for yuebao rates and pledge products (docs/yuebao.md). Merged into
 * cli/admin.ts as `...YUEBAO_COMMANDS`.
 */

async function tenantIdOf(database: Database, code: string): Promise<number> {
  const tenant = await findTenant(database.db, code);
  if (!tenant) throw new UsageError(`tenant ${code} does not exist`);
  return tenant.id;
}

function yuanArg(label: string, text: string | undefined): bigint {
  if (text === undefined || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) {
    throw new UsageError(`${label} must be an amount in yuan such as 100 or 12.50`);
  }
  const minor = parseMoney(text);
  if (minor <= 0n) throw new UsageError(`${label} must be above 0`);
  return minor;
}

function rateArg(label: string, text: string | undefined): number {
  const ppm = text === undefined ? undefined : parseRatePercent(text);
  if (ppm === undefined) throw new UsageError(`${label} must be a percent such as 3.65 (0-100, 4 decimals)`);
  return ppm;
}

const yuebaoRate: AdminCommand = {
  summary: 'show or set the yuebao rules: annual rate (percent) and transfer limits (yuan)',
  usage: 'yuebao-rate [<rate %> [--min-in YUAN] [--max-in YUAN] [--max-balance YUAN]]',
  async run(args, { config, database, clock }) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'min-in': { type: 'string' },
        'max-in': { type: 'string' },
        'max-balance': { type: 'string' },
      },
    });
    const tenantId = await tenantIdOf(database, config.TENANT_CODE);
    const current = await findConfig(database.db, tenantId);
    if (positionals.length === 0) {
      if (!current) return 'yuebao is not set up (calls answer -110004)';
      return `rate ${formatRatePpm(current.ratePpm)} %, transfer in ${formatMoney(current.minInMinor)}-${formatMoney(
        current.maxInMinor,
      )} yuan, at most ${formatMoney(current.maxBalanceMinor)} yuan held, accrues from ${dayLabel(current.startDay)}`;
    }
    const now = (clock ?? { now: () => Date.now() }).now();
    const next = {
      tenantId,
      ratePpm: rateArg('the rate', positionals[0]),
      minInMinor: values['min-in'] ? yuanArg('--min-in', values['min-in']) : (current?.minInMinor ?? 10_000n),
      maxInMinor: values['max-in']
        ? yuanArg('--max-in', values['max-in'])
        : (current?.maxInMinor ?? 10_000_000_000n),
      maxBalanceMinor: values['max-balance']
        ? yuanArg('--max-balance', values['max-balance'])
        : (current?.maxBalanceMinor ?? 50_000_000_000n),
      startDay: current?.startDay ?? beijingDay(now),
    };
    if (next.maxInMinor < next.minInMinor) throw new UsageError('--max-in must not be below --min-in');
    await upsertConfig(database.db, next, now);
    return `yuebao rate ${formatRatePpm(next.ratePpm)} % from the next accrual`;
  },
};

const pledgeProducts: AdminCommand = {
  summary: 'list the pledge products',
  usage: 'yuebao-products',
  async run(_args, { config, database }) {
    const rows = await products(database.db, await tenantIdOf(database, config.TENANT_CODE), false);
    if (rows.length === 0) return 'no pledge products';
    return rows
      .map(
        (p) =>
          `#${p.id} ${p.name}: ${p.termDays} days, ${formatRatePpm(p.ratePpm)} %, ${formatMoney(p.minMinor)}-${formatMoney(
            p.maxMinor,
          )} yuan, ${p.maxOrders} orders per player, penalty ${formatRatePpm(p.penaltyPpm)} %${p.enabled ? '' : ' (off)'}`,
      )
      .join('\n');
  },
};

const pledgeProduct: AdminCommand = {
  summary: 'create or change a pledge product (by name), or switch one off/on',
  usage:
    'yuebao-product <name> --days N --rate PCT --min YUAN --max YUAN --orders N --penalty PCT [--sort N] | yuebao-product --off ID | --on ID',
  async run(args, { config, database, clock }) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        days: { type: 'string' },
        rate: { type: 'string' },
        min: { type: 'string' },
        max: { type: 'string' },
        orders: { type: 'string' },
        penalty: { type: 'string' },
        sort: { type: 'string' },
        off: { type: 'string' },
        on: { type: 'string' },
      },
    });
    const tenantId = await tenantIdOf(database, config.TENANT_CODE);
    const toggle = values.off ?? values.on;
    if (toggle !== undefined) {
      if (!/^\d{1,9}$/.test(toggle)) throw new UsageError('the product id must be a number');
      const done = await setProductEnabled(database.db, tenantId, Number(toggle), values.on !== undefined);
      if (!done) throw new UsageError(`no product #${toggle}`);
      return `product #${toggle} ${values.on !== undefined ? 'on' : 'off'} (holding orders run to their term)`;
    }
    const name = positionals[0]?.trim();
    if (!name || name.length > 30) throw new UsageError('a product name (1-30 characters) is required');
    const whole = (label: string, text: string | undefined, max: number) => {
      if (text === undefined || !/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > max) {
        throw new UsageError(`${label} must be a whole number 1-${max}`);
      }
      return Number(text);
    };
    const row = {
      tenantId,
      name,
      termDays: whole('--days', values.days, 3650),
      ratePpm: rateArg('--rate', values.rate),
      minMinor: yuanArg('--min', values.min),
      maxMinor: yuanArg('--max', values.max),
      maxOrders: whole('--orders', values.orders, 1000),
      penaltyPpm: rateArg('--penalty', values.penalty),
      enabled: true,
      sort: values.sort === undefined ? 0 : whole('--sort', values.sort, 9999),
    };
    if (row.maxMinor < row.minMinor) throw new UsageError('--max must not be below --min');
    const id = await upsertProduct(database.db, row, (clock ?? { now: () => Date.now() }).now());
    return `product #${id} ${name} saved (new orders use it; holding orders keep their terms)`;
  },
};

const yuebaoAccrue: AdminCommand = {
  summary: 'pay every unpaid day of yuebao interest and every due pledge now (the scheduler does this)',
  usage: 'yuebao-accrue',
  async run(_args, { database, clock }) {
    const done = await runYuebaoDaily(database.db, (clock ?? { now: () => Date.now() }).now());
    const days = done.days.map(
      (d) => `${dayLabel(d.day)}: ${d.savers} savers, ${formatMoney(d.paidMinor, 4)} yuan`,
    );
    return [...days, `pledges: ${done.matured} matured, ${done.renewed} renewed`].join('\n');
  },
};

export const YUEBAO_COMMANDS: Record<string, AdminCommand> = {
  'yuebao-rate': yuebaoRate,
  'yuebao-products': pledgeProducts,
  'yuebao-product': pledgeProduct,
  'yuebao-accrue': yuebaoAccrue,
};
