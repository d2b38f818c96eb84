import { z } from 'zod';
import { endpoint } from './endpoint';

/** Site, content and catalogue API. */

export const siteConfig = z.object({
  supportUrl: z.string(),
  /** 1 = open inside the app. */
  supportOpenMethod: z.number().int(),
  logoMobile: z.string(),
  tenantName: z.string(),
  tenantCode: z.string(),
  appDownload: z.string(),
  sourceId: z.number().int(),
  yuebaoEnable: z.boolean(),
  icon: z.string(),
  stockCentEnable: z.boolean(),
  embedChatEnabled: z.boolean(),
  embedChatUrl: z.string(),
  isHideNavLive: z.boolean(),
  mbEnabled: z.boolean(),
  customPopUpWindow: z.boolean(),
  popUpWindowTitle: z.string(),
  popUpWindowContent: z.string(),
  imageUrl: z.string(),
  showCardProfit: z.boolean(),
  gamesEnabled: z.boolean(),
  liveNavEnabled: z.boolean(),
});
export type SiteConfig = z.infer<typeof siteConfig>;

export const supportLine = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 direct link, else html path. */
  linkType: z.number().int(),
  linkUrl: z.string(),
  htmlPath: z.string(),
});
export type SupportLine = z.infer<typeof supportLine>;

/** Data of codes -7 / -12 / -19. Times are epoch ms. */
export const siteModeData = z.object({
  message: z.string(),
  /** The site's name, for the system page's title (its config cannot be read in these modes). */
  siteName: z.string().optional(),
  startTime: z.number().optional(),
  endTime: z.number().optional(),
  supportList: z.array(supportLine).optional(),
});
export type SiteModeData = z.infer<typeof siteModeData>;

export const frontCacheStamps = z.object({
  pageUpdateTimeMobile: z.number(),
  tenantConfig: z.number(),
  lotteryOrder: z.number(),
  frontVersion: z.string(),
});
export type FrontCacheStamps = z.infer<typeof frontCacheStamps>;

export const appInitData = z.object({
  siteConfig,
  isLogin: z.boolean(),
  serverTime: z.number(),
});
export type AppInitData = z.infer<typeof appInitData>;

export const banner = z.object({
  id: z.number().int(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  title: z.string(),
});
export type Banner = z.infer<typeof banner>;

export const announcement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: z.number(),
});
export type Announcement = z.infer<typeof announcement>;

export const lotteryItem = z.object({
  lotteryCode: z.string(),
  lotteryName: z.string(),
  lotteryType: z.string(),
  family: z.string(),
  iconClass: z.string(),
  isStop: z.boolean(),
  isFastBet: z.boolean(),
  hot: z.boolean(),
});
export type LotteryItem = z.infer<typeof lotteryItem>;

export const lotteryConfigEntry = z.object({
  lotteryCode: z.string(),
  lotteryType: z.string(),
  lotteryName: z.string(),
  lotteryExplain: z.string(),
  startTime: z.string(),
  startIssue: z.string(),
  specialType: z.number().int(),
  isStop: z.boolean(),
  isFastBet: z.boolean(),
  /**
   * Modes (the last 3 characters of a playDetailCode) this tenant does not offer on the lottery:
   * the play page leaves them out and the server refuses them (spec/betting.md §5, K3 F10 and G10
   * for the operator's listed tenants). Ours; the spec gives no field.
   */
  hiddenPlays: z.array(z.string()),
});
export type LotteryConfigEntry = z.infer<typeof lotteryConfigEntry>;

export const allLotteryData = z.object({
  lotteryList: z.array(
    z.object({ family: z.string(), familyName: z.string(), lotteries: z.array(lotteryItem) }),
  ),
  lotteryConfig: z.array(lotteryConfigEntry),
});
export type AllLotteryData = z.infer<typeof allLotteryData>;

/** 13-digit epoch milliseconds as a string. */
export const serverTimeData = z.string().regex(/^\d{13}$/);

/** Site calls: configuration, cache stamps, app start, server time. */
export const SiteApi = {
  getTenantConfig: endpoint({
    method: 'GET',
    path: 'management/tenant/getTenantConfig',
    summary: 'Site configuration (or -7/-12/-19 with SiteModeData)',
    data: siteConfig,
  }),
  getFrontCacheUpdatedAt: endpoint({
    method: 'GET',
    path: 'management/tenant/getFrontCacheUpdatedAt',
    summary: 'Stamps that change when cached things change',
    data: frontCacheStamps,
  }),
  appInit: endpoint({
    method: 'GET',
    path: 'users/appInit',
    summary: 'Config, login state and server time in one call',
    data: appInitData,
  }),
  getServerTimeMillisecond: endpoint({
    method: 'GET',
    path: 'betting/getServerTimeMillisecond',
    summary: 'Server time, 13-digit ms string (spec/betting.md §7)',
    data: serverTimeData,
  }),
};

/** Home-page content, the same for every visitor. */
export const ContentApi = {
  getSupportFront: endpoint({
    method: 'GET',
    path: 'management/content/getSupportFront',
    summary: 'Customer-service lines',
    data: z.array(supportLine),
  }),
  imageBannerHomeMobileFront: endpoint({
    method: 'GET',
    path: 'management/content/imageBannerHomeMobileFront',
    summary: 'Home banners',
    data: z.array(banner),
  }),
  announcement: endpoint({
    method: 'GET',
    path: 'users/announcement',
    summary: 'Notices for the marquee, newest first',
    data: z.array(announcement),
  }),
};

/** The lottery catalogue every home page loads. */
export const LotteryApi = {
  getAllLotteryDataFront: endpoint({
    method: 'GET',
    path: 'management/content/getAllLotteryDataFront',
    summary: 'The lottery catalogue by family',
    data: allLotteryData,
  }),
  getHotLottery: endpoint({
    method: 'GET',
    path: 'management/content/getHotLottery',
    summary: 'Hot lotteries',
    data: z.array(lotteryItem),
  }),
};

/**
 * A silent statistics, log or heartbeat call: any form or JSON body (or query), stored bounded,
 * always code 1 without data. The web sends some as POST and some as GET, so both are served.
 */
function clientEventCall(path: string, what: string) {
  const summary = `${what}: silent client call, stored bounded, always code 1`;
  return {
    post: endpoint({ method: 'POST', path, summary, request: z.unknown() }),
    get: endpoint({ method: 'GET', path, summary }),
  };
}

/** Client event calls by the kind they are stored under (client_events.kind). */
export const StatisticsApi = {
  view: clientEventCall('statistics/view', 'Page view'),
  op: clientEventCall('statistics/op', 'Operation'),
  hc: clientEventCall('statistics/hc', 'Health check'),
  ch: clientEventCall('users/dmh/ch', 'Heartbeat fault record'),
  log: clientEventCall('management/content/saveLogsTable', 'Client log'),
};
export type ClientEventKind = keyof typeof StatisticsApi;
