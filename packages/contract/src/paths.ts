/**
 * API paths of the betting and draw calls, free of zod: a page that only names a path (the play
 * screen's fetchers) does not load the schema library with it (issue 10). betting.ts and draw.ts
 * re-export them for the server.
 */
export const BettingPaths = {
  addBetting: 'betting/addBetting',
  cancelBetting: 'betting/cancelBetting',
  getBetting: 'betting/getBetting',
  getBetData: 'betting/getBetData',
  getBetDetail: 'betting/getBetDetail',
  getBetRebate: 'betting/getBetRebate',
  getAllBetRebate: 'betting/getAllBetRebate',
} as const;

export const ChasePaths = {
  addChaseBetting: 'betting/addChaseBetting',
  cancelAutoChaseBetting: 'betting/cancelAutoChaseBetting',
  getChaseBetting: 'betting/getChaseBetting',
  getChaseBetData: 'betting/getChaseBetData',
  getChaseDetail: 'betting/getChaseDetail',
} as const;

export const DrawPaths = {
  lotteryPlan: 'betting/getLotteryPlan',
  openTime: 'lottery/openTime',
  lhcOpenTime: 'lottery/6hc/openTime',
  nextIssueOpenData: 'betting/nextIssueOpenData',
  lotteryOpenData: 'betting/lotteryOpenData',
  openResult: 'lottery/openResult',
  longDragon: 'lottery/longDragon',
  nowIssue: 'chat/getNowIssue',
  stockTodayTrend: 'stock/todayTrendData',
  stockLastTrend: 'lottery/stockLastTrendData',
  stockTrendChart: 'stock/trendChart',
  stockLotteryData: 'management/content/getStockLotteryDataFront',
  fairnessChain: 'fairness/chain',
  fairnessIssue: 'fairness/issue',
} as const;

/** Fast bet (连续开奖) and its instant-round fairness calls, with the constants the play screen needs. */
export const FastBetPaths = {
  addFastBetting: 'betting/addFastBetting',
  fastSeed: 'fairness/fastSeed',
  setClientSeed: 'fairness/fastSeed/client',
  rotateSeed: 'fairness/fastSeed/rotate',
  fastRound: 'fairness/fastRound',
} as const;

/** A stale request: its timestamp is more than this far from the server's clock (投资类型校验错误). */
export const FAST_BET_MAX_SKEW_SEC = 30;
/** Auto-mode round counts of the footer's 连续开奖 selector (spec §9). */
export const FAST_BET_TIMES = [1, 20, 50, 100] as const;

/** The activity centre and activity red envelopes (activity.ts re-exports them for the server). */
export const ActivityCentrePaths = {
  getActivityList: 'activity/getActivityList',
  getActivityContent: 'activity/getActivityContent',
  receiveActivity: 'activity/receiveActivity',
  getRewardRate: 'activity/getRewardRate',
  getEveryDayBonus: 'activity/getEveryDayBonus',
  getActivityRedEnvelopeNumber: 'activity/getActivityRedEnvelopeNumber',
  getActivityRedEnvelopeFrontList: 'activity/getActivityRedEnvelopeFrontList',
  receiveRedEnvelope: 'activity/receiveRedEnvelope',
} as const;

/**
 * The play page's address, /lottery/{FAMILY}/{CODE} (spec/betting.md §2), family and code captured: the
 * web app asks for its first data by it, the server sends the build's play.html for it (issue 10).
 */
export const PLAY_PAGE_PATH = /^\/lottery\/([^/]+)\/([^/]+)\/?$/;
