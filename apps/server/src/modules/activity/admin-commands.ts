import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ActivityKind, VIP_GRADE_NAMES } from '@lottery/contract/activity';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import type { Database } from '../../db/client';
import { seedActivityDefaults } from '../../db/seed-activity';
import { type AdminCommand, UsageError } from '../../operator/command';
import { findTenant } from '../site/index';
import {
  ActivitySetupError,
  createActivity,
  createEnvelope,
  deleteSignRewardsFrom,
  gradeRules,
  setActivityEnabled,
  signRewards,
  upsertGradeRule,
  upsertSignReward,
} from './index';

/**
 * Operator commands for daily sign-in rewards and VIP rules (docs/vip.md). Merge into cli/admin.ts:
 * `...ACTIVITY_COMMANDS`.
 */

async function tenantIdOf(database: Database, code: string): Promise<number> {
  const tenant = await findTenant(database.db, code);
  if (!tenant) throw new UsageError(`tenant ${code} does not exist`);
  return tenant.id;
}

function yuanArg(label: string, text: string | undefined): bigint {
  if (text === undefined || !/^\d{1,9}(\.\d{1,4})?$/.test(text)) {
    throw new UsageError(`${label} must be an amount in yuan such as 8 or 12.50`);
  }
  return parseMoney(text);
}

function percentArg(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,4}$/.test(text)) throw new UsageError('--turnover must be a whole percent such as 100');
  return Number(text);
}

const signRewardList: AdminCommand = {
  summary: 'list the daily sign-in rewards by streak day',
  usage: 'sign-rewards',
  async run(_args, { config, database }) {
    const rows = await signRewards(database.db, await tenantIdOf(database, config.TENANT_CODE));
    if (rows.length === 0) return 'sign-in is off (no reward days)';
    return rows
      .map((r) => `day ${r.dayNo}: ${formatMoney(r.rewardMinor)} yuan, turnover ${r.turnoverPercent}%`)
      .join('\n');
  },
};

const signReward: AdminCommand = {
  summary: 'set the sign-in reward of one streak day (the cycle is as long as the last day set)',
  usage:
    'sign-reward <day 1-31> <yuan> [--turnover PERCENT] | sign-reward --cycle <days> (drops later days; 0 turns sign-in off)',
  async run(args, { config, database }) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { turnover: { type: 'string' }, cycle: { type: 'string' } },
    });
    const tenantId = await tenantIdOf(database, config.TENANT_CODE);
    if (values.cycle !== undefined) {
      if (!/^\d{1,2}$/.test(values.cycle) || Number(values.cycle) > 31)
        throw new UsageError('--cycle must be 0-31');
      await deleteSignRewardsFrom(database.db, tenantId, Number(values.cycle) + 1);
      return `sign-in cycle is now at most ${values.cycle} days`;
    }
    const day = Number(positionals[0]);
    if (!Number.isInteger(day) || day < 1 || day > 31) throw new UsageError('day must be 1-31');
    const rewardMinor = yuanArg('the reward', positionals[1]);
    const turnoverPercent = percentArg(values.turnover, 100);
    await upsertSignReward(database.db, tenantId, { dayNo: day, rewardMinor, turnoverPercent });
    return `sign-in day ${day}: ${formatMoney(rewardMinor)} yuan, turnover ${turnoverPercent}%`;
  },
};

const vipRules: AdminCommand = {
  summary: 'list the VIP ladder (growth needed and upgrade bonus per grade)',
  usage: 'vip-rules',
  async run(_args, { config, database }) {
    const rows = await gradeRules(database.db, await tenantIdOf(database, config.TENANT_CODE));
    return rows
      .map(
        (r) =>
          `VIP${r.grade} ${VIP_GRADE_NAMES[r.grade]}: growth ${formatMoney(r.growthMinor)}, bonus ${formatMoney(r.bonusMinor)}, turnover ${r.turnoverPercent}%`,
      )
      .join('\n');
  },
};

const vipRule: AdminCommand = {
  summary: 'set one grade: growth needed (yuan of settled turnover + deposits) and upgrade bonus',
  usage: 'vip-rule <grade 1-10> <growth yuan> <bonus yuan> [--turnover PERCENT]',
  async run(args, { config, database }) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { turnover: { type: 'string' } },
    });
    const grade = Number(positionals[0]);
    if (!Number.isInteger(grade) || grade < 1 || grade > 10) throw new UsageError('grade must be 1-10');
    const growthMinor = yuanArg('growth', positionals[1]);
    const bonusMinor = yuanArg('bonus', positionals[2]);
    if (grade === 1 && growthMinor !== 0n)
      throw new UsageError('grade 1 is where every player starts: growth 0');
    const tenantId = await tenantIdOf(database, config.TENANT_CODE);
    const others = (await gradeRules(database.db, tenantId)).filter((r) => r.grade !== grade);
    const below = others.filter((r) => r.grade < grade && r.growthMinor >= growthMinor);
    const above = others.filter((r) => r.grade > grade && r.growthMinor <= growthMinor);
    if (below.length > 0 || above.length > 0) throw new UsageError('growth must rise with the grade');
    const turnoverPercent = percentArg(values.turnover, 100);
    await upsertGradeRule(database.db, tenantId, { grade, growthMinor, bonusMinor, turnoverPercent });
    return `VIP${grade}: growth ${formatMoney(growthMinor)}, bonus ${formatMoney(bonusMinor)}, turnover ${turnoverPercent}%`;
  },
};

const activityDefaults: AdminCommand = {
  summary: 'write the default sign-in ladder and VIP rules (docs/vip.md) over the current ones',
  usage: 'activity-defaults',
  async run(_args, { config, database }) {
    await seedActivityDefaults(database.db, await tenantIdOf(database, config.TENANT_CODE));
    return `default sign-in rewards and VIP rules written for ${config.TENANT_CODE}`;
  },
};

/** A Beijing date-time such as 2026-12-01 or "2026-12-01 20:00" as epoch ms. */
function beijingTime(label: string, text: string | undefined): number {
  const match = text?.match(/^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?$/);
  if (!match)
    throw new UsageError(`${label} must be a Beijing date such as 2026-12-01 or "2026-12-01 20:00"`);
  const ms = Date.parse(`${match[1]}T${match[2] ?? '00:00'}:00+08:00`);
  if (Number.isNaN(ms)) throw new UsageError(`${label} is not a date`);
  return ms;
}

/** Turns the setup's own refusals into usage errors (printed without a stack). */
async function setup<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ActivitySetupError) throw new UsageError(error.message);
    throw error;
  }
}

const activityCreate: AdminCommand = {
  summary: 'create an activity of /activity (article, daily_bonus with --tier, turnover_reward)',
  usage:
    'activity-create <title> --kind article|daily_bonus|turnover_reward --image /static/... (--html HTML | --file F) ' +
    '--start DATE [--end DATE] [--summary TEXT] [--tier TURNOVER:PERCENT]... [--threshold YUAN --reward YUAN] ' +
    '[--grade 1-10] [--turnover PERCENT] [--sort N]',
  async run(args, { config, database, clock }) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        kind: { type: 'string' },
        image: { type: 'string' },
        html: { type: 'string' },
        file: { type: 'string' },
        start: { type: 'string' },
        end: { type: 'string' },
        summary: { type: 'string' },
        tier: { type: 'string', multiple: true },
        threshold: { type: 'string' },
        reward: { type: 'string' },
        grade: { type: 'string' },
        turnover: { type: 'string' },
        sort: { type: 'string' },
      },
    });
    const kind = ActivityKind.safeParse(values.kind);
    if (!kind.success) throw new UsageError('--kind must be article, daily_bonus or turnover_reward');
    const html = values.file !== undefined ? readFileSync(values.file, 'utf8') : values.html;
    if (!html) throw new UsageError('give the body with --html or --file');
    const rates = (values.tier ?? []).map((tier) => {
      const [turnover, percent] = tier.split(':');
      if (!percent || !/^\d{1,3}(\.\d{1,2})?$/.test(percent))
        throw new UsageError('--tier must be TURNOVER_YUAN:PERCENT such as 1000:0.5');
      return {
        minTurnoverMinor: yuanArg('the tier turnover', turnover),
        rateBp: Math.round(Number(percent) * 100),
      };
    });
    const tenantId = await tenantIdOf(database, config.TENANT_CODE);
    const id = await setup(() =>
      createActivity(
        database.db,
        tenantId,
        {
          title: positionals[0] ?? '',
          summary: values.summary ?? '',
          imageUrl: values.image ?? '',
          html,
          kind: kind.data,
          thresholdMinor:
            values.threshold === undefined ? undefined : yuanArg('--threshold', values.threshold),
          rewardMinor: values.reward === undefined ? undefined : yuanArg('--reward', values.reward),
          turnoverPercent: percentArg(values.turnover, 100),
          minGrade: values.grade === undefined ? 1 : Number(values.grade),
          startAt: beijingTime('--start', values.start),
          endAt: values.end === undefined ? null : beijingTime('--end', values.end),
          sortOrder: values.sort === undefined ? 0 : Number(values.sort),
          rates,
        },
        (clock ?? { now: Date.now }).now(),
      ),
    );
    return `activity ${id} created`;
  },
};

const activityDisable: AdminCommand = {
  summary: 'hide an activity from /activity (or show it again with --enable)',
  usage: 'activity-disable <id> [--enable]',
  async run(args, { config, database }) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { enable: { type: 'boolean' } },
    });
    const id = Number(positionals[0]);
    if (!Number.isInteger(id) || id < 1) throw new UsageError('id must be an activity id');
    const tenantId = await tenantIdOf(database, config.TENANT_CODE);
    if (!(await setActivityEnabled(database.db, tenantId, id, values.enable === true)))
      throw new UsageError(`activity ${id} does not exist`);
    return `activity ${id} ${values.enable ? 'shown' : 'hidden'}`;
  },
};

const activityRed: AdminCommand = {
  summary: 'create an activity red envelope: total yuan split into count lucky shares, one per player',
  usage:
    'activity-red <title> <total yuan> <count> --start DATE --end DATE [--remark TEXT] [--grade 1-10] [--turnover PERCENT]',
  async run(args, { config, database, clock }) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        start: { type: 'string' },
        end: { type: 'string' },
        remark: { type: 'string' },
        grade: { type: 'string' },
        turnover: { type: 'string' },
      },
    });
    const totalMinor = yuanArg('the total', positionals[1]);
    const count = Number(positionals[2]);
    const tenantId = await tenantIdOf(database, config.TENANT_CODE);
    const id = await setup(() =>
      createEnvelope(
        database.db,
        tenantId,
        {
          title: positionals[0] ?? '',
          remark: values.remark ?? '',
          totalMinor,
          count,
          minGrade: values.grade === undefined ? 1 : Number(values.grade),
          turnoverPercent: percentArg(values.turnover, 100),
          startAt: beijingTime('--start', values.start),
          endAt: beijingTime('--end', values.end),
        },
        (clock ?? { now: Date.now }).now(),
      ),
    );
    return `activity red envelope ${id}: ${formatMoney(totalMinor)} yuan in ${count} shares`;
  },
};

export const ACTIVITY_COMMANDS: Record<string, AdminCommand> = {
  'activity-create': activityCreate,
  'activity-disable': activityDisable,
  'activity-red': activityRed,
  'sign-rewards': signRewardList,
  'sign-reward': signReward,
  'vip-rules': vipRules,
  'vip-rule': vipRule,
  'activity-defaults': activityDefaults,
};
