import { z } from 'zod';
import type { Endpoint } from './endpoint';

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

export const SitePaths = {
  getTenantConfig: 'management/tenant/getTenantConfig',
  getFrontCacheUpdatedAt: 'management/tenant/getFrontCacheUpdatedAt',
  appInit: 'users/appInit',
  getSupportFront: 'management/content/getSupportFront',
  imageBannerHomeMobileFront: 'management/content/imageBannerHomeMobileFront',
  announcement: 'users/announcement',
  getServerTimeMillisecond: 'betting/getServerTimeMillisecond',
  getAllLotteryDataFront: 'management/content/getAllLotteryDataFront',
  getHotLottery: 'management/content/getHotLottery',
  statisticsView: 'statistics/view',
  statisticsOp: 'statistics/op',
  statisticsHc: 'statistics/hc',
  heartbeatCheck: 'users/dmh/ch',
  saveLogsTable: 'management/content/saveLogsTable',
} as const;

const statisticsBody = z.record(z.string(), z.unknown());

export const siteEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: SitePaths.getTenantConfig,
    summary: 'Site configuration (or -7/-12/-19 with SiteModeData)',
    data: siteConfig,
  },
  {
    method: 'GET',
    path: SitePaths.getFrontCacheUpdatedAt,
    summary: 'Stamps that change when cached things change',
    data: frontCacheStamps,
  },
  {
    method: 'GET',
    path: SitePaths.appInit,
    summary: 'Config, login state and server time in one call',
    data: appInitData,
  },
  {
    method: 'GET',
    path: SitePaths.getSupportFront,
    summary: 'Customer-service lines',
    data: z.array(supportLine),
  },
  {
    method: 'GET',
    path: SitePaths.imageBannerHomeMobileFront,
    summary: 'Home banners',
    data: z.array(banner),
  },
  {
    method: 'GET',
    path: SitePaths.announcement,
    summary: 'Notices for the marquee, newest first',
    data: z.array(announcement),
  },
  {
    method: 'GET',
    path: SitePaths.getServerTimeMillisecond,
    summary: 'Server time, 13-digit ms string',
    data: serverTimeData,
  },
  {
    method: 'GET',
    path: SitePaths.getAllLotteryDataFront,
    summary: 'The lottery catalogue by family',
    data: allLotteryData,
  },
  { method: 'GET', path: SitePaths.getHotLottery, summary: 'Hot lotteries', data: z.array(lotteryItem) },
  ...[
    SitePaths.statisticsView,
    SitePaths.statisticsOp,
    SitePaths.statisticsHc,
    SitePaths.heartbeatCheck,
    SitePaths.saveLogsTable,
  ].map(
    (path): Endpoint => ({
      method: 'POST',
      path,
      summary: 'Silent statistics/log/heartbeat call, stored bounded',
      request: statisticsBody,
    }),
  ),
];
