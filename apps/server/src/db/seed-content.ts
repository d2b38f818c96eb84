import { and, eq } from 'drizzle-orm';
import type { Database } from './client';
import { users } from './schema/account';
import { contentArticles, userMessages } from './schema/content';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/** Demo help (帮助中心) and about (关于我们) articles, and a welcome message to player01. */
const HELP = [
  {
    title: '如何充值',
    content:
      '<h3>充值步骤</h3><ol><li>进入「我的」页面，点击「充值」。</li><li>选择充值方式并输入金额。</li><li>按页面提示完成付款，到账后余额自动更新。</li></ol><p>演示站点请勿存入真实资金。</p>',
  },
  {
    title: '如何提现',
    content:
      '<p>提现前请先<b>设置安全密码</b>并<b>绑定银行卡</b>。在「我的」页面点击「提现」，输入金额和安全密码即可提交。</p>',
  },
  {
    title: '如何投注',
    content:
      '<p>在购彩大厅选择彩种，选号后点击「投注」，确认注单后提交。开奖后中奖金额自动派发到余额。</p><p>每期开奖结果都可在<a href="/fairness">公平性验证</a>页面自行核对。</p>',
  },
];
const ABOUT = [
  {
    title: '关于吉彩娱乐',
    content:
      '<p>吉彩娱乐是一个移动彩票演示平台。所有开奖由公开的哈希链生成，任何人都可以验证每一期的结果。</p><img src="/static/banners/fair-draw.webp" alt="公平开奖">',
  },
  {
    title: '责任博彩',
    content: '<p>请理性投注，量力而行。未满18周岁请勿参与。</p>',
  },
];

export async function seedDemoContent(tx: Tx, tenantId: number, now: number): Promise<void> {
  await tx.insert(contentArticles).values([
    ...HELP.map((a, i) => ({
      tenantId,
      kind: 'help' as const,
      ...a,
      sortOrder: i + 1,
      enabled: true,
      createdAt: now,
    })),
    ...ABOUT.map((a, i) => ({
      tenantId,
      kind: 'about' as const,
      ...a,
      sortOrder: i + 1,
      enabled: true,
      createdAt: now,
    })),
  ]);
  const [player] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'player01')));
  if (player) {
    await tx.insert(userMessages).values({
      tenantId,
      userId: player.id,
      title: '欢迎加入吉彩娱乐',
      content: '<p>欢迎您！这是一条站内信示例。新的站内信到达时，页面顶部会提示「您有一条新的消息」。</p>',
      isRead: false,
      createdAt: now,
    });
  }
}
