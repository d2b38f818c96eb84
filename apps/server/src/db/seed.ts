import { LOTTERIES } from '@lottery/rules/lotteries';
import type { Clock } from '../clock';
import { DEFAULT_AVATARS, hashPasswordDigest, passwordDigest } from '../modules/auth/index';
import type { Database } from './client';
import { inviteCodes, users } from './schema/account';
import { lotteries } from './schema/lottery';
import { announcements, banners, supportLines, tenants } from './schema/tenant';
import { seedActivityCentre, seedActivityDefaults } from './seed-activity';
import { seedDemoContent } from './seed-content';
import { seedGameRebates } from './seed-games';
import { seedYuebaoDefaults } from './seed-yuebao';

/** Public demo credentials (README warns they are public). */
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_TENANT = 'demo';
export const DEMO_INVITE_CODE = '8866001';
export const DEMO_ACCOUNTS = ['player01', 'agent01', 'manager01'] as const;

const DEFAULT_SITE_CONFIG = {
  supportUrl: '/service',
  supportOpenMethod: 1,
  logoMobile: '/static/brand/logo.webp',
  appDownload: '',
  sourceId: 1,
  yuebaoEnable: true,
  icon: '/static/brand/icon.svg',
  stockCentEnable: false,
  embedChatEnabled: false,
  embedChatUrl: '',
  isHideNavLive: true,
  mbEnabled: false,
  customPopUpWindow: false,
  popUpWindowTitle: '',
  popUpWindowContent: '',
  imageUrl: '',
  showCardProfit: true,
  gamesEnabled: false,
  liveNavEnabled: false,
};

/**
 * The demo tenant shows every module (issue 37 §6): a newcomer's `npm start` reaches 棋牌, the live
 * draws and the app-download sheet instead of being sent home. An operator's own tenant starts from
 * DEFAULT_SITE_CONFIG and switches modules on with `npm run admin -- site-config`. Cent betting
 * (stockCentEnable) is a money setting, not a module, and embedded chat needs the operator's chat
 * app (embedChatUrl): both stay off.
 */
export const DEMO_SITE_CONFIG = {
  ...DEFAULT_SITE_CONFIG,
  gamesEnabled: true,
  liveNavEnabled: true,
  isHideNavLive: false,
  appDownload: '/appDownload',
  customPopUpWindow: true,
};

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/** Insert the tenant row unless it exists (the claim when processes start together); its id or undefined. */
async function claimTenant(
  tx: Tx,
  input: { code: string; registerImageCode: boolean; now: number; config: Record<string, unknown> },
): Promise<number | undefined> {
  const [tenant] = await tx
    .insert(tenants)
    .values({
      code: input.code,
      name: '吉彩娱乐',
      config: input.config,
      registerImageCode: input.registerImageCode,
      registerInviteCode: 'optional',
      maxRebate: '9.0',
      siteMode: 'open',
      modeMessage: '',
      allowedIps: [],
      configUpdatedAt: input.now,
      pageUpdatedAt: input.now,
      lotteryOrderUpdatedAt: input.now,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: tenants.code })
    .returning({ id: tenants.id });
  return tenant?.id;
}

/** Every lottery of the rules package, open, in the package's order. */
async function insertCatalogue(tx: Tx, tenantId: number): Promise<void> {
  await tx.insert(lotteries).values(
    LOTTERIES.map((l) => ({
      tenantId,
      code: l.code,
      family: l.family,
      name: l.name,
      lotteryType: l.lotteryType,
      lotteryExplain: l.explain,
      iconClass: l.iconClass,
      sortOrder: l.sortOrder,
      hot: l.hot,
      isStop: false,
      isFastBet: l.isFastBet,
    })),
  );
}

/**
 * Create an operator's tenant on its first production start (TENANT_CODE): the site settings and
 * the lottery catalogue only. No accounts, banners, notices or support lines (the operator adds
 * them: `npm run admin -- site-config …`), registration with the image captcha, and no payment
 * channels until the first wallet call, which in production creates bank transfer only.
 * Returns false when the tenant already existed.
 */
export async function seedTenant(database: Database, clock: Clock, code: string): Promise<boolean> {
  if (code === DEMO_TENANT) throw new Error('the demo tenant is seeded by seedDemoTenant');
  return database.db.transaction(async (tx) => {
    const tenantId = await claimTenant(tx, {
      code,
      registerImageCode: true,
      now: clock.now(),
      config: DEFAULT_SITE_CONFIG,
    });
    if (tenantId === undefined) return false;
    await insertCatalogue(tx, tenantId);
    return true;
  });
}

/**
 * Seed the demo tenant once: site config, support lines, banners, notices, the lottery catalogue
 * and the demo accounts. Safe when several processes start together: the tenant insert is the
 * claim (ON CONFLICT DO NOTHING inside the transaction), so only one seeds.
 * Returns false when the tenant already existed.
 */
export async function seedDemoTenant(database: Database, clock: Clock): Promise<boolean> {
  const now = clock.now();
  const hashes = await Promise.all(
    DEMO_ACCOUNTS.map((name) => hashPasswordDigest(passwordDigest(name, DEMO_PASSWORD))),
  );
  return database.db.transaction(async (tx) => {
    const tenantId = await claimTenant(tx, {
      code: DEMO_TENANT,
      registerImageCode: false,
      now,
      config: DEMO_SITE_CONFIG,
    });
    if (tenantId === undefined) return false;

    await tx.insert(supportLines).values([
      {
        tenantId,
        name: '在线客服',
        linkType: 2,
        linkUrl: '',
        htmlPath: '/static/support/online.html',
        sortOrder: 1,
      },
      {
        tenantId,
        name: '客服邮箱',
        linkType: 1,
        linkUrl: 'mailto:support@lottery.invalid',
        htmlPath: '',
        sortOrder: 2,
      },
    ]);
    await tx.insert(banners).values(
      [
        { title: '公平开奖 人人可验', file: 'fair-draw', link: '/fairness' },
        { title: '每日加奖 天天送', file: 'daily-bonus', link: '/activity' },
        { title: '红包雨 天天抢', file: 'activity-red', link: '/activityRed' },
        { title: '快三 每分钟开奖', file: 'k3-fast', link: '/lotteryHall' },
      ].map((b, i) => ({
        tenantId,
        title: b.title,
        imageUrl: `/static/banners/${b.file}.webp`,
        linkUrl: b.link,
        sortOrder: i + 1,
        enabled: true,
      })),
    );
    await tx.insert(announcements).values([
      {
        tenantId,
        title: '欢迎来到吉彩娱乐',
        content: '本站为演示站点，演示账号公开，请勿存入真实资金。',
        enabled: true,
        createdAt: now,
      },
      {
        tenantId,
        title: '开奖公平性说明',
        content: '每期开奖结果由公开的哈希链生成，开奖后可在公平性验证页面自行核对。',
        enabled: true,
        createdAt: now - 1,
      },
    ]);
    await insertCatalogue(tx, tenantId);
    await seedActivityDefaults(tx, tenantId);
    await seedYuebaoDefaults(tx, tenantId, now);
    await seedActivityCentre(tx, tenantId, now);
    await seedGameRebates(tx, tenantId, now);

    const base = {
      tenantId,
      gender: 2,
      status: 'active' as const,
      failedLogins: 0,
      rebateUpdatedAt: now,
      passwordChangedAt: now,
      createdAt: now,
    };
    const [agent] = await tx
      .insert(users)
      .values({
        ...base,
        userName: 'agent01',
        passwordHash: hashes[1],
        nickName: '演示代理账号',
        avatar: DEFAULT_AVATARS[1],
        grade: 3,
        role: 'agent',
        isAgent: true,
        rebate: '8.0',
      })
      .returning({ id: users.id });
    await tx.insert(inviteCodes).values({
      tenantId,
      code: DEMO_INVITE_CODE,
      agentId: agent.id,
      rebate: '7.5',
      codeType: 0,
      createdAt: now,
    });
    await tx.insert(users).values([
      {
        ...base,
        userName: 'player01',
        passwordHash: hashes[0],
        nickName: '演示玩家一号',
        avatar: DEFAULT_AVATARS[0],
        grade: 1,
        role: 'player',
        isAgent: false,
        parentId: agent.id,
        rebate: '7.5',
      },
      {
        ...base,
        userName: 'manager01',
        passwordHash: hashes[2],
        nickName: '聊天室管理员',
        avatar: DEFAULT_AVATARS[2],
        grade: 100,
        role: 'manager',
        isAgent: false,
        rebate: '0',
      },
    ]);
    await seedDemoContent(tx, tenantId, now);
    return true;
  });
}

/**
 * Why this database must not serve production (issue 9 item 2), one line per finding, or none.
 * A production process refuses to start on what the demo seed leaves behind, whatever else the
 * database holds: the demo tenant (its accounts' password is published), a process configured to
 * serve the demo tenant, and enabled payment channels of the sandbox provider (orders that can never
 * be paid). Refusing to start is clearer than serving with parts switched off: the operator sees one
 * message at deploy time instead of players finding dead channels.
 */
export async function demoDataFindings(database: Database, tenantCode: string): Promise<string[]> {
  const findings: string[] = [];
  if (tenantCode === DEMO_TENANT) {
    findings.push(`TENANT_CODE is "${DEMO_TENANT}", the public demo tenant's code.`);
  }
  const demo = await database.query<{ id: number }>('SELECT id FROM tenants WHERE code = $1', [DEMO_TENANT]);
  if (demo.length > 0) {
    findings.push(
      `The database holds the demo tenant "${DEMO_TENANT}": accounts ${DEMO_ACCOUNTS.join(', ')}, ` +
        'whose password is published in the README.',
    );
  }
  const sandbox = await database.query<{ code: string; channels: string }>(
    `SELECT t.code, string_agg(c.channel, ', ' ORDER BY c.sort, c.id) AS channels
       FROM payment_channel c JOIN tenants t ON t.id = c.tenant_id
      WHERE c.provider = 'sandbox' AND c.enabled
      GROUP BY t.code ORDER BY t.code`,
  );
  for (const row of sandbox) {
    findings.push(
      `Tenant "${row.code}" offers the sandbox payment provider, which never pays: ${row.channels}.`,
    );
  }
  return findings;
}

/** The start-up refusal for production on demo data: what is wrong, then how to proceed. */
export async function productionRefusal(database: Database, tenantCode: string): Promise<string | undefined> {
  const findings = await demoDataFindings(database, tenantCode);
  if (findings.length === 0) return undefined;
  return [
    'Refusing to start with NODE_ENV=production on demo data:',
    ...findings.map((line) => `  - ${line}`),
    'How to proceed: give production its own database (a new DATA_DIR, or a DATABASE_URL of a fresh ' +
      'PostgreSQL database) and set TENANT_CODE to your tenant (created on its first production start); ' +
      'keep this one for demos and start it ' +
      'without NODE_ENV=production. A tenant of yours with sandbox channels: disable them first ' +
      "(UPDATE payment_channel SET enabled = false WHERE provider = 'sandbox').",
  ].join('\n');
}
