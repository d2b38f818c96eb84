import { LOTTERIES } from '@lottery/rules/lotteries';
import type { Clock } from '../clock';
import { DEFAULT_AVATARS } from '../modules/auth/avatars';
import { hashPasswordDigest, passwordDigest } from '../modules/auth/password';
import type { Database } from './client';
import { inviteCodes, users } from './schema/account';
import { lotteries } from './schema/lottery';
import { announcements, banners, supportLines, tenants } from './schema/tenant';

/** Public demo credentials (README warns they are public). */
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_TENANT = 'demo';
export const DEMO_INVITE_CODE = '8866001';
export const DEMO_ACCOUNTS = ['player01', 'agent01', 'manager01'] as const;

const DEMO_CONFIG = {
  supportUrl: '/service',
  supportOpenMethod: 1,
  logoMobile: '/static/brand/logo.svg',
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
    const [tenant] = await tx
      .insert(tenants)
      .values({
        code: DEMO_TENANT,
        name: '吉彩娱乐',
        config: DEMO_CONFIG,
        registerImageCode: false,
        registerInviteCode: 'optional',
        maxRebate: '9.0',
        siteMode: 'open',
        modeMessage: '',
        allowedIps: [],
        configUpdatedAt: now,
        pageUpdatedAt: now,
        lotteryOrderUpdatedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing({ target: tenants.code })
      .returning({ id: tenants.id });
    if (!tenant) return false;
    const tenantId = tenant.id;

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
        { title: '公平开奖 人人可验', file: 'fair-draw' },
        { title: '新人注册 轻松上手', file: 'welcome' },
        { title: '快三 每分钟开奖', file: 'k3-fast' },
      ].map((b, i) => ({
        tenantId,
        title: b.title,
        imageUrl: `/static/banners/${b.file}.svg`,
        linkUrl: '',
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
    return true;
  });
}
