import { DEPOSIT_CHANNEL_KEYS, DEPOSIT_CHANNELS } from '@lottery/contract/deposit-channels';
import { FAMILIES } from '@lottery/rules/family';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../shared/ui/page-loading';
import type { RouteMeta } from './route-meta';
import { RouteErrorPage } from './shell/route-error-page';
import { Shell } from './shell/shell';

/**
 * THE route table: every route of spec/platform.md §2 and spec/betting.md §2, each with its title
 * and guards. Pages that a later issue builds render the shared ComingSoon page
 * (即将开放，敬请期待！), never a blank screen.
 */
type PageLoader = () => Promise<{ default: ComponentType }>;

export interface RouteDef {
  path: string;
  meta: RouteMeta;
  /** A working page; without it the route renders ComingSoon. */
  page?: PageLoader;
  /** A pure redirect route. */
  redirect?: string;
}

const soon = () => import('../shared/ui/coming-soon');
const chatRoomPage = () => import('./chat-room');
const lotteryPage = () => import('./lottery-play');
const gameTablePage = () => import('../features/games/pages/game-table-page');
const walletPage = {
  recharge: () => import('../features/wallet/pages/recharge-page'),
  rechargeChannel: () => import('../features/wallet/pages/recharge-channel-page'),
  withdraw: () => import('../features/wallet/pages/withdraw-page'),
  contactStatus: () => import('../features/wallet/pages/contact-status-page'),
  bindContact: () => import('../features/wallet/pages/bind-contact-page'),
  setBankcard: () => import('../features/wallet/pages/set-bankcard-page'),
  digitalForm: () => import('../features/wallet/pages/digital-currency-form-page'),
  accountForm: () => import('../features/wallet/pages/wallet-account-form-page'),
};

const activityPage = {
  detail: () => import('../features/activity/pages/activity-detail-page'),
};

const ACCOUNT = { login: true, parent: '/userCenter' } as const;
const AGENT = { agent: true, parent: '/agentCenter' } as const;
const SECURITY = { login: true, parent: '/securityCenter' } as const;
/** Channel pages are titled with the channel's one name, the one its card and records use. */
const RECHARGE_CHANNELS: [string, string][] = DEPOSIT_CHANNEL_KEYS.map((key) => [
  key,
  DEPOSIT_CHANNELS[key].name,
]);
const TABLE_GAMES: [string, string][] = [
  ['nn100', '百人牛牛'],
  ['dragonTigerWar', '龙虎斗'],
  ['redBlackWar', '红黑大战'],
  ['baccarat', '百家乐'],
  ['benz', '奔驰宝马'],
  ['sicbo', '骰宝'],
];
const FAMILY_TITLES: Record<string, string> = {
  K3: '快三',
  SSC: '时时彩',
  SYX5: '11选5',
  PK10: 'PK拾',
  FC3D: '福彩3D',
  PL35: '排列三',
  KL8: '快乐8',
  LHC: '六合彩',
  BJ28: '北京28',
  STOCK: '股指',
};

export const routeTable: RouteDef[] = [
  // Root and system routes
  ...['/', '/index', '/404', '/mobile'].map((path) => ({
    path,
    meta: { title: '购彩大厅' },
    redirect: '/home',
  })),
  {
    path: '/home',
    meta: { title: '购彩大厅', tab: true, ownHeader: true },
    page: () => import('../features/lottery/pages/home-page'),
  },
  {
    path: '/lotteryHall',
    meta: { title: '彩票大厅', parent: '/home' },
    page: () => import('../features/lottery/pages/lottery-hall-page'),
  },
  {
    path: '/noservice',
    meta: { title: '访问受限', ownHeader: true },
    page: () => import('../features/site/pages/noservice-page'),
  },
  {
    path: '/maintain',
    meta: { title: '系统维护', ownHeader: true },
    page: () => import('../features/site/pages/maintain-page'),
  },
  {
    path: '/websiteClosed',
    meta: { title: '网站关闭', ownHeader: true },
    page: () => import('../features/site/pages/website-closed-page'),
  },
  {
    path: '/redirect',
    meta: { title: '跳转中' },
    page: () => import('../features/site/pages/redirect-page'),
  },
  ...['/AppPackage', '/appDownload', '/AppDownload'].map((path) => ({
    path,
    meta: { title: 'APP下载', parent: '/home' },
    page: () => import('../features/site/pages/app-download-page'),
  })),
  {
    path: '/service',
    meta: { title: '在线客服' },
    page: () => import('../features/site/pages/service-page'),
  },
  {
    path: '/uuLive',
    meta: { title: '直播', module: 'live' },
    page: () => import('../features/live/pages/live-hub-page'),
  },
  {
    path: '/live/:type/:code',
    meta: { title: '直播', module: 'live', parent: '/uuLive' },
    page: () => import('../features/live/pages/live-page'),
  },
  { path: '/live', meta: { title: '直播', module: 'live' }, redirect: '/uuLive' },
  {
    path: '/longQueue',
    meta: { title: '长龙助手', login: true, parent: '/home' },
    page: () => import('./long-queue'),
  },
  {
    path: '/longInfo',
    meta: { title: '长龙说明', login: true, parent: '/longQueue' },
    page: () => import('../features/long-dragon/pages/long-info-page'),
  },

  // Chat
  { path: '/chat/:id', meta: { title: '聊天室', ownHeader: true }, page: chatRoomPage },
  {
    path: '/chatUserList',
    meta: { title: '私聊列表', login: true },
    page: () => import('../features/chat/pages/chat-user-list-page'),
  },
  {
    path: '/chatList',
    meta: { title: '聊天室', login: true },
    page: () => import('../features/chat/pages/chat-list-page'),
  },
  { path: '/chatGuest/:id', meta: { title: '聊天室', ownHeader: true }, page: chatRoomPage },

  // Auth
  {
    path: '/login',
    meta: { title: '登录', guestOnly: true, service: true },
    page: () => import('../features/auth/pages/login-page'),
  },
  {
    path: '/register',
    meta: { title: '注册', guestOnly: true, service: true, parent: '/login' },
    page: () => import('../features/auth/pages/register-page'),
  },
  {
    path: '/forgotPassword',
    meta: { title: '忘记密码', parent: '/login' },
    page: () => import('../features/wallet/pages/forgot-password-page'),
  },
  {
    path: '/retrievePassword',
    meta: { title: '找回密码', parent: '/forgotPassword' },
    page: () => import('../features/wallet/pages/retrieve-password-page'),
  },
  {
    path: '/setLoginPassword',
    meta: { title: '设置登录密码', parent: '/forgotPassword' },
    page: () => import('../features/wallet/pages/set-login-password-page'),
  },
  {
    path: '/resetLoginPassword',
    meta: { title: '修改登录密码', ...ACCOUNT },
    page: () => import('../features/user/pages/reset-login-password-page'),
  },
  {
    path: '/manualVerification',
    meta: { title: '人工验证', parent: '/forgotPassword' },
    page: () => import('../features/wallet/pages/manual-verification-page'),
  },

  // Activities
  {
    path: '/embedChat',
    meta: { title: '吉聊', tab: true, login: true },
    page: () => import('../features/embed-chat/pages/embed-chat-page'),
  },
  {
    path: '/embedChatApp',
    meta: { title: '吉聊', ownHeader: true },
    page: () => import('../features/embed-chat/pages/chat-app-page'),
  },
  { path: '/activity', meta: { title: '活动', tab: true }, page: () => import('./activity-centre') },
  {
    path: '/activity/:activityId',
    meta: { title: '活动详情', parent: '/activity' },
    page: activityPage.detail,
  },
  {
    path: '/activityRed',
    meta: { title: '红包活动', tab: true },
    page: () => import('../features/activity/pages/activity-red-page'),
  },
  {
    path: '/activityRed/:activityId',
    meta: { title: '红包活动详情', parent: '/activityRed' },
    page: () => import('../features/activity/pages/activity-red-detail-page'),
  },
  { path: '/activityDetail', meta: { title: '活动详情', parent: '/activity' }, page: activityPage.detail },

  // Discovery
  { path: '/find', meta: { title: '发现' }, redirect: '/winningInfomation' },
  {
    path: '/winningInfomation',
    meta: { title: '中奖信息', parent: '/home' },
    page: () => import('../features/discovery/pages/winning-info-page'),
  },
  {
    path: '/yesterdayProfitList',
    meta: { title: '昨日盈利榜', parent: '/winningInfomation' },
    page: () => import('../features/discovery/pages/profit-list-page'),
  },
  {
    path: '/yesterdayWinner',
    meta: { title: '昨日赢家', parent: '/winningInfomation' },
    page: () => import('../features/discovery/pages/yesterday-winner-page'),
  },
  {
    path: '/playerInfo/:userId',
    meta: { title: '玩家信息' },
    page: () => import('../features/discovery/pages/player-info-page'),
  },

  // Account
  {
    path: '/userCenter',
    meta: { title: '我的', login: true, tab: true, ownHeader: true, service: 'webview' },
    page: () => import('../features/user/pages/user-center-page'),
  },
  {
    path: '/balanceBao',
    meta: { title: '余额宝', ...ACCOUNT, module: 'yuebao' },
    page: () => import('../features/yuebao/pages/balance-bao-page'),
  },
  {
    path: '/settlementToday',
    meta: { title: '今日已结', ...ACCOUNT },
    page: () => import('./settlement-today'),
  },
  {
    path: '/waterDetail',
    meta: { title: '返水明细', ...ACCOUNT },
    page: () => import('../features/account-records/pages/water-detail-page'),
  },
  {
    path: '/transctionRecord',
    meta: { title: '交易记录', ...ACCOUNT },
    page: () => import('../features/wallet/pages/transaction-record-page'),
  },
  {
    path: '/bettingRecord',
    meta: { title: '投注记录', ...ACCOUNT },
    page: () => import('../features/betting-record/pages/betting-record-page'),
  },
  {
    path: '/bettingRecord/:id',
    meta: { title: '注单详情', login: true, parent: '/bettingRecord' },
    page: () => import('../features/betting-record/pages/bet-detail-page'),
  },
  {
    path: '/ChessRecord',
    meta: { title: '棋牌记录', ...ACCOUNT },
    page: () => import('../features/games/pages/chess-record-page'),
  },
  {
    path: '/chessRecordDetail/:id/:uid',
    meta: { title: '棋牌记录详情', login: true, parent: '/ChessRecord' },
    page: () => import('../features/games/pages/chess-record-detail-page'),
  },
  {
    path: '/chaseNumberRecord',
    meta: { title: '追号记录', ...ACCOUNT },
    page: () => import('../features/betting-record/pages/chase-record-page'),
  },
  {
    path: '/chaseNumberRecordDetail/:id',
    meta: { title: '追号详情', login: true, parent: '/chaseNumberRecord' },
    page: () => import('../features/betting-record/pages/chase-detail-page'),
  },
  { path: '/personal', meta: { title: '个人资料', ...ACCOUNT }, redirect: '/personal/personalInfo' },
  {
    path: '/personal/personalInfo',
    meta: { title: '个人资料', ...ACCOUNT },
    page: () => import('../features/user/pages/personal-info-page'),
  },
  {
    path: '/personal/personalGrade',
    meta: { title: '我的等级', login: true, parent: '/personal/personalInfo' },
    page: () => import('../features/vip/pages/personal-grade-page'),
  },

  // Money
  { path: '/recharge', meta: { title: '充值', ...ACCOUNT }, page: walletPage.recharge },
  ...RECHARGE_CHANNELS.map(([channel, title]) => ({
    path: `/recharge/${channel}`,
    meta: { title, login: true, parent: '/recharge' },
    page: walletPage.rechargeChannel,
  })),
  { path: '/withdraw', meta: { title: '提现', ...ACCOUNT }, page: walletPage.withdraw },
  { path: '/handfee', meta: { title: '免手续费充值', ...ACCOUNT }, page: walletPage.withdraw },

  // Security
  {
    path: '/securityCenter',
    meta: { title: '安全中心', ...ACCOUNT },
    page: () => import('../features/wallet/pages/security-center-page'),
  },
  { path: '/secretPhone', meta: { title: '手机绑定', ...SECURITY }, page: walletPage.contactStatus },
  { path: '/setphone', meta: { title: '设置手机', ...SECURITY }, page: walletPage.bindContact },
  { path: '/safetyQuestion', meta: { title: '密保问题', ...SECURITY }, page: walletPage.contactStatus },
  {
    path: '/setSafetyQuestion',
    meta: { title: '设置密保问题', ...SECURITY },
    page: () => import('../features/wallet/pages/set-safety-question-page'),
  },
  { path: '/secretMail', meta: { title: '邮箱绑定', ...SECURITY }, page: walletPage.contactStatus },
  { path: '/setMail', meta: { title: '设置邮箱', ...SECURITY }, page: walletPage.bindContact },
  {
    path: '/bankcard',
    meta: { title: '银行卡', ...SECURITY },
    page: () => import('../features/wallet/pages/bankcard-page'),
  },
  {
    path: '/verifyBankCard',
    meta: { title: '验证银行卡', login: true, parent: '/bankcard' },
    page: () => import('../features/wallet/pages/verify-bank-card-page'),
  },
  {
    path: '/setBankcard',
    meta: { title: '添加银行卡', login: true, parent: '/bankcard' },
    page: walletPage.setBankcard,
  },
  {
    path: '/setBankcard/:cardId',
    meta: { title: '编辑银行卡', login: true, parent: '/bankcard' },
    page: walletPage.setBankcard,
  },
  {
    path: '/findSecurityPassword',
    meta: { title: '找回安全密码', ...SECURITY },
    page: () => import('../features/wallet/pages/find-security-password-page'),
  },
  {
    path: '/verifyPassword',
    meta: { title: '验证密码', ...SECURITY },
    page: () => import('../features/wallet/pages/verify-password-page'),
  },

  // Messages and help
  {
    path: '/notice',
    meta: { title: '公告', login: true, parent: '/userCenter' },
    page: () => import('../features/content/pages/notice-page'),
  },
  {
    path: '/noticeDetail/:articleId',
    meta: { title: '公告详情', login: true, parent: '/notice' },
    page: () => import('../features/content/pages/notice-detail-page'),
  },
  {
    path: '/secretMessage',
    meta: { title: '站内信', ...ACCOUNT },
    page: () => import('../features/content/pages/message-page'),
  },
  {
    path: '/secretMessageDetail/:articleId',
    meta: { title: '站内信详情', login: true, parent: '/secretMessage' },
    page: () => import('../features/content/pages/message-detail-page'),
  },
  {
    path: '/help',
    meta: { title: '帮助中心', parent: '/userCenter' },
    page: () => import('../features/content/pages/help-page'),
  },
  {
    path: '/helpDetail/:id',
    meta: { title: '帮助详情', parent: '/help' },
    page: () => import('../features/content/pages/help-detail-page'),
  },
  {
    path: '/about',
    meta: { title: '关于我们', parent: '/userCenter' },
    page: () => import('../features/content/pages/about-page'),
  },
  {
    path: '/aboutDetail/:id',
    meta: { title: '关于我们', parent: '/about' },
    page: () => import('../features/content/pages/about-detail-page'),
  },

  // Agent
  {
    path: '/agentCenter',
    meta: { title: '代理中心', agent: true, parent: '/userCenter' },
    page: () => import('../features/agent/pages/agent-center-page'),
  },
  {
    path: '/agentHelp',
    meta: { title: '代理说明', ...AGENT },
    page: () => import('../features/agent/pages/agent-help-page'),
  },
  {
    path: '/agentReport',
    meta: { title: '代理报表', ...AGENT },
    page: () => import('../features/agent/pages/agent-report-page'),
  },
  {
    path: '/childReport',
    meta: { title: '下级报表', ...AGENT },
    page: () => import('../features/agent/pages/child-report-page'),
  },
  {
    path: '/childOpening',
    meta: { title: '下级开户', ...AGENT },
    page: () => import('../features/agent/pages/child-opening-page'),
  },
  {
    path: '/rebateDes',
    meta: { title: '返点赔率表', ...AGENT },
    page: () => import('../features/agent/pages/rebate-des-page'),
  },
  {
    path: '/rebateDes/:lotteryType',
    meta: { title: '返点赔率表', agent: true, parent: '/rebateDes' },
    page: () => import('../features/agent/pages/rebate-table-page'),
  },
  {
    path: '/invatationCodeManage',
    meta: { title: '邀请码管理', ...AGENT },
    page: () => import('../features/agent/pages/invite-code-manage-page'),
  },
  {
    path: '/invatationCode',
    meta: { title: '邀请码', agent: true, parent: '/invatationCodeManage' },
    page: () => import('../features/agent/pages/invite-code-page'),
  },
  {
    path: '/memberManage',
    meta: { title: '会员管理', ...AGENT },
    page: () => import('../features/agent/pages/member-manage-page'),
  },
  {
    path: '/agentSpecimen',
    meta: { title: '代理样本', ...AGENT },
    page: () => import('../features/agent/pages/agent-specimen-page'),
  },
  {
    path: '/agentChess',
    meta: { title: '棋牌报表', ...AGENT },
    page: () => import('../features/agent/pages/agent-chess-page'),
  },
  {
    path: '/agentTransactionDetail',
    meta: { title: '交易明细', ...AGENT },
    page: () => import('../features/agent/pages/agent-transaction-page'),
  },

  // Digital currency and accounts
  {
    path: '/digitalCurrency',
    meta: { title: '数字货币', ...ACCOUNT },
    page: () => import('../features/wallet/pages/digital-currency-page'),
  },
  {
    path: '/addDigitalCurrency',
    meta: { title: '添加数字货币', login: true, parent: '/digitalCurrency' },
    page: walletPage.digitalForm,
  },
  {
    path: '/upDateDigitalCurrency',
    meta: { title: '修改数字货币', login: true, parent: '/digitalCurrency' },
    page: walletPage.digitalForm,
  },
  {
    path: '/addAddressDigitalCurrency',
    meta: { title: '添加钱包地址', login: true, parent: '/digitalCurrency' },
    page: walletPage.digitalForm,
  },
  { path: '/CreateZFBaccount', meta: { title: '绑定支付宝', ...SECURITY }, page: walletPage.accountForm },
  { path: '/EditZFBaccount', meta: { title: '修改支付宝', ...SECURITY }, page: walletPage.accountForm },
  { path: '/CreateWXaccount', meta: { title: '绑定微信', ...SECURITY }, page: walletPage.accountForm },
  { path: '/EditWXaccount', meta: { title: '修改微信', ...SECURITY }, page: walletPage.accountForm },

  // Lottery play screens (betting.md §2), one per family, each with its CODE
  ...FAMILIES.map((family) => ({
    path: `/lottery/${family}/:CODE`,
    meta: { title: FAMILY_TITLES[family] ?? family, login: true, parent: '/home', ownHeader: true },
    page: lotteryPage,
  })),
  {
    path: '/fairness',
    meta: { title: '公平性验证', parent: '/home' },
    page: () => import('../features/fairness/pages/fairness-page'),
  },
  { path: '/lottery', meta: { title: '彩票大厅' }, redirect: '/home' },
  {
    path: '/stocks',
    meta: { title: '股指', login: true, parent: '/home' },
    page: () => import('../features/lottery/pages/stocks-page'),
  },

  // Games
  { path: '/games', meta: { title: '棋牌' }, redirect: '/gamesList' },
  {
    path: '/gamesList',
    meta: { title: '棋牌', tab: true, module: 'games' },
    page: () => import('../features/games/pages/games-list-page'),
  },
  ...TABLE_GAMES.flatMap(([game, title]) => [
    {
      path: `/games/multiplayer/${game}`,
      meta: { title, module: 'games' as const, login: true },
      redirect: `/games/multiplayer/${game}/common`,
    },
    {
      path: `/games/multiplayer/${game}/common`,
      meta: { title, module: 'games' as const, login: true, parent: '/gamesList' },
      page: gameTablePage,
    },
  ]),
  {
    path: '/games/demo',
    meta: { title: '试玩', module: 'games', parent: '/gamesList' },
    page: gameTablePage,
  },
];

/** Titles by path pattern, for places that only know a path (tab bar, tests). */
export function routeByPath(path: string): RouteDef | undefined {
  return routeTable.find((route) => route.path === path);
}

/** Page components already loaded, by route: the router renders them at once, not lazily. */
export type LoadedPages = ReadonlyMap<RouteDef, ComponentType>;

function toRouteObject(def: RouteDef, loaded: LoadedPages): RouteObject {
  const handle = def.meta;
  if (def.redirect) return { path: def.path, handle, element: <Navigate to={def.redirect} replace /> };
  const Component = loaded.get(def);
  if (Component) return { path: def.path, handle, Component };
  const loader = def.page ?? soon;
  return {
    path: def.path,
    handle,
    lazy: async () => ({ Component: (await loader()).default }),
  };
}

/**
 * The pages of the routes matching `pathname`, loaded. main.tsx awaits them (their chunks are
 * preloaded by the HTML) before it creates the router: a lazy route would make the first render a
 * loading screen, and the page a second render one task later.
 */
export async function loadFirstPages(pathname: string): Promise<LoadedPages> {
  const pages = routesMatching(pathname)
    .filter((def) => !def.redirect)
    .map(async (def) => [def, (await (def.page ?? soon)()).default] as const);
  return new Map(await Promise.all(pages));
}

/** The parent route every page hangs under (its error boundary sits inside the shell). */
const PAGES_ROUTE_ID = 'pages';

const firstSegment = (path: string) => (path.split('/')[1] ?? '').toLowerCase();

/**
 * The table's routes whose pattern matches `pathname` (react-router ranks them; usually one). Only
 * routes starting with the same first segment (or a parameter) are tried: matchPath compiles a
 * regular expression per call.
 */
export function routesMatching(pathname: string): RouteDef[] {
  const first = firstSegment(pathname);
  return routeTable.filter((def) => {
    const own = firstSegment(def.path);
    return (
      (own === first || own.startsWith(':') || own === '*') &&
      matchPath({ path: def.path, end: true }, pathname)
    );
  });
}

/**
 * The app's router. react-router flattens and ranks every route it is given when it is created
 * (~45 ms unthrottled, ~200 ms under Lighthouse's 4x phone slowdown, in the task that starts the
 * app: issue 10), so it starts with only the routes of the URL opened and the catch-all; each
 * navigation adds the routes matching its path first (`patchRoutesOnNavigation`, which react-router also asks before
 * settling for a dynamic or catch-all match). Every path resolves as if the whole table were
 * there; router.test.ts checks both give the same route.
 */
export function createAppRouter(pathname = window.location.pathname, loaded: LoadedPages = new Map()) {
  const { routes, pagesFor } = appRoutes(pathname, loaded);
  return createBrowserRouter(routes, {
    patchRoutesOnNavigation({ path, patch }) {
      const pages = pagesFor(new URL(path, 'http://app.invalid').pathname);
      if (pages.length > 0) patch(PAGES_ROUTE_ID, pages);
    },
  });
}

/**
 * The route tree for `pathname`: the shell, the pages of the routes it matches and the catch-all.
 * The browser's router (createAppRouter) and the server's renderer (entry-server.tsx) start from
 * the same tree, so a server-rendered page hydrates into the very elements it was drawn with.
 * `pagesFor` gives the route objects of a later path not yet in the tree.
 */
export function appRoutes(pathname: string, loaded: LoadedPages) {
  const added = new Set<RouteDef>();
  const pagesFor = (path: string): RouteObject[] => {
    const fresh = routesMatching(path).filter((def) => !added.has(def));
    for (const def of fresh) added.add(def);
    return fresh.map((def) => toRouteObject(def, loaded));
  };
  const routes: RouteObject[] = [
    {
      element: <Shell />,
      HydrateFallback: PageLoading,
      children: [
        {
          id: PAGES_ROUTE_ID,
          // Every page's error boundary, inside the shell: a page that cannot load keeps the header.
          errorElement: <RouteErrorPage />,
          children: [
            ...pagesFor(pathname),
            { path: '*', handle: { title: '购彩大厅' }, element: <Navigate to="/home" replace /> },
          ],
        },
      ],
    },
  ];
  return { routes, pagesFor };
}
