import { parseArgs } from 'node:util';
import { VIP_GRADE_NAMES } from '@lottery/contract/activity';
import { formatMoney, parseMoney } from '@lottery/contract/money';
import type { Database } from '../db/client';
import { seedActivityDefaults } from '../db/seed-activity';
import {
  deleteSignRewardsFrom,
  gradeRules,
  signRewards,
  upsertGradeRule,
  upsertSignReward,
} from '../modules/activity/index';
import { findTenant } from '../modules/site/index';
import { type AdminCommand, UsageError } from './command';

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

export const ACTIVITY_COMMANDS: Record<string, AdminCommand> = {
  'sign-rewards': signRewardList,
  'sign-reward': signReward,
  'vip-rules': vipRules,
  'vip-rule': vipRule,
  'activity-defaults': activityDefaults,
};
